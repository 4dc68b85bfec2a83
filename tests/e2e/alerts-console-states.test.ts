/**
 * The console's saved-search alerts page, on a laptop and on a phone: it says it is loading while the
 * list is read, says when the read failed and reads again on "Try again", says when no company has
 * alerts (the first day's usual page), and a company's switch is off while its change is saved; a
 * failed save says so in words and puts the switch back. The database itself holds or fails the calls.
 */
import type { Knex } from 'knex';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

const ADMIN = 'admin@example.com';
const SCREENS = [
  { name: '1440×900', viewport: { width: 1440, height: 900 } },
  { name: '390×844', viewport: { width: 390, height: 844 } },
];
let e2e: E2E;
let acme: number;

beforeAll(async () => {
  e2e = await startE2E();
  acme = (await e2e.db.knex('company_users').where('email', 'owner@acme.example.com').first('company_id')).company_id;
});

describe.each(SCREENS)('Saved-search alerts in the console at $name', ({ viewport }) => {
  it('shows loading, failure, empty and saving states', async () => {
    const { knex } = e2e.db;
    const holds: Knex.Transaction[] = [];
    const hold = async () => holds[holds.push(await knex.transaction()) - 1];
    // Whatever happens, the next screen size starts from the same database.
    onTestFinished(async () => {
      for (const trx of holds) if (!trx.isCompleted()) await trx.rollback();
      await knex.raw('alter table if exists alert_news_held rename to alert_news');
      await knex.raw('alter table alert_company_settings drop constraint if exists e2e_alerts_held');
      await knex('alert_company_settings').del();
    });
    // A renamed table, not yet committed, holds the page's read; once committed, the read fails.
    const held = await hold();
    await held.raw('alter table alert_news rename to alert_news_held');
    // On a phone the console's menu is folded away: the page is opened, then its heading awaited.
    const page = await e2e.signIn(ADMIN, viewport, null);
    await page.goto(`${e2e.baseUrl}/admin/alerts`);
    await page.getByRole('heading', { name: 'Saved-search alerts', level: 1 }).waitFor();
    const main = page.getByRole('main');
    await main.getByRole('progressbar', { name: 'Loading alerts' }).waitFor();
    await held.commit();
    await main.getByText('The alerts could not be loaded.').waitFor();
    await knex.raw('alter table alert_news_held rename to alert_news');
    await main.getByRole('button', { name: 'Try again' }).click();
    await main.getByText('No company has alerts yet').waitFor();
    expect(await main.getByRole('table').count()).toBe(0);

    // A company whose alerts are off is listed with its switch.
    await knex('alert_company_settings').insert({ company_id: acme, alerts_off: true });
    await page.reload();
    const toggle = main.getByRole('switch', { name: /^Alerts on for this company: Acme/ });
    await expect.poll(() => toggle.isChecked()).toBe(false);

    // A constraint being added holds the save (the switch waits, showing the change), then refuses it.
    const refusing = await hold();
    await refusing.raw(
      'alter table alert_company_settings add constraint e2e_alerts_held check (alerts_off) not valid',
    );
    await toggle.click();
    await expect.poll(() => toggle.isDisabled()).toBe(true);
    await refusing.commit();
    await page.getByText('Something went wrong. Please try again.').waitFor();
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.isChecked()).toBe(false);
    expect((await knex('alert_company_settings').where('company_id', acme).first()).alerts_off).toBe(true);

    await knex.raw('alter table alert_company_settings drop constraint e2e_alerts_held');
    await toggle.click();
    await page.getByText(/^Alerts turned on for Acme/).waitFor();
    expect(await toggle.isChecked()).toBe(true);
    expect((await knex('alert_company_settings').where('company_id', acme).first()).alerts_off).toBe(false);
  });
});
