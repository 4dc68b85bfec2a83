/**
 * The alert's edges in a real browser, on a laptop (1440×900) and a phone (390×844): the bell's inbox
 * holds more threads than one page (25) and "Load more" shows the rest; the notification's link
 * (`?tab=0&new=1`) opened when nothing is new any more says so; and while the platform has the
 * company's alerts off, a subscribed person may still turn their own alert off.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
const OWNER = 'owner@acme.example.com';

beforeAll(async () => {
  e2e = await startE2E();
});

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

async function owner() {
  return (await e2e.db.knex('company_users').where('email', OWNER).first('id', 'company_id')) as {
    id: number;
    company_id: number;
  };
}

/** A project of the owner with saved filters, and the owner's alert on it (daily). */
async function subscribedProject(n: number) {
  const me = await owner();
  const jt = await e2e.db.knex('job_titles').orderBy('id').offset(n).first('id');
  const country = await e2e.db.knex('countries').orderBy('id').first('id');
  const [project] = await e2e.db
    .knex('projects')
    .insert({
      title: `Quiet alerts ${n}`,
      company_id: me.company_id,
      owner_id: me.id,
      job_title_id: jt.id,
      countries: [country.id],
      headcount: 1,
      salary_min: 1000,
      salary_max: 2000,
      current_url: `/search?jt=${jt.id}`,
    })
    .returning(['id', 'guid']);
  await e2e.db.knex('alert_subscriptions').insert({
    project_id: project.id,
    recipient_kind: 2,
    recipient_id: me.id,
    company_id: me.company_id,
    matched_url: `/search?jt=${jt.id}`,
    frequency: 1,
  });
  return project as { id: number; guid: string };
}

describe('The notification bell', () => {
  for (const viewport of VIEWPORTS) {
    it(`loads more than one page of threads (${viewport.width}×${viewport.height})`, async () => {
      const me = await owner();
      await e2e.db.knex('notifications').where({ recipient_kind: 2, recipient_id: me.id }).delete();
      await e2e.db.knex('notifications').insert(
        Array.from({ length: 30 }, (_, i) => ({
          recipient_kind: 2,
          recipient_id: me.id,
          kind: 6,
          subject_key: `bell-more:${i}`,
          title: `Bell thread ${i + 1}`,
          link: '/dashboard',
        })),
      );
      const page = await e2e.signIn(OWNER, viewport, '/', { shared: true });
      await page.getByRole('button', { name: /^Notifications, 30 unread/ }).click();
      const rows = page.getByText(/^Bell thread \d+$/);
      await expect.poll(() => rows.count()).toBe(25);
      await page.getByTestId('notifications-load-more').click();
      await expect.poll(() => rows.count()).toBe(30);
      await expect.poll(() => page.getByTestId('notifications-load-more').count()).toBe(0);
    });
  }
});

describe("The alert's link when nothing is new", () => {
  for (const [n, viewport] of VIEWPORTS.entries()) {
    it(`says that nothing is new any more (${viewport.width}×${viewport.height})`, async () => {
      const project = await subscribedProject(10 + n);
      const page = await e2e.signIn(OWNER, viewport, `/project/${project.guid}?tab=0&new=1`, { shared: true });
      const empty = page.getByTestId('alert-new-empty');
      await empty.waitFor();
      expect(await empty.textContent()).toMatch(
        /No new candidates since \d{1,2} \w{3} \d{4}: they were seen or no longer match\./,
      );
      await empty.getByRole('button', { name: 'Show all' }).click();
      await page.waitForURL((url) => !url.search.includes('new=1'));
    });
  }
});

describe('A company whose alerts the platform turned off', () => {
  for (const [n, viewport] of VIEWPORTS.entries()) {
    it(`lets a subscribed person turn their alert off (${viewport.width}×${viewport.height})`, async () => {
      const me = await owner();
      const project = await subscribedProject(20 + n);
      await e2e.db
        .knex('alert_company_settings')
        .insert({ company_id: me.company_id, alerts_off: true })
        .onConflict('company_id')
        .merge({ alerts_off: true });
      const page = await e2e.signIn(OWNER, viewport, `/project/${project.guid}`, { shared: true });
      await page.getByText('Alerts are turned off for your company').waitFor();
      const toggle = page.getByRole('switch', { name: 'Tell me about new candidates who match these filters' });
      await expect.poll(() => toggle.isChecked()).toBe(true);
      await toggle.click();
      await page.getByText('Alert settings saved').waitFor();
      await expect.poll(() => toggle.isChecked()).toBe(false);
      // Off now, it may not be turned on again while the company's alerts are off.
      await expect.poll(() => toggle.isDisabled()).toBe(true);
      expect(await e2e.db.knex('alert_subscriptions').where('project_id', project.id)).toHaveLength(0);
    });
  }
});
