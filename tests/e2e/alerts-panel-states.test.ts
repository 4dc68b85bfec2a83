/**
 * The alert panel's and the bell's failures and confirmations in a real browser: the panel's own load and the new
 * candidates' cards say when they fail and load again on "Try again"; turning the alert off while candidates are new
 * asks first; the bell says when marking a thread read fails, and moves an archived thread back to the inbox.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { companiesMaySeeSql } from '../../schema/rules/visibility';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
const OWNER = 'owner@acme.example.com';
const VIEWPORT = { width: 1440, height: 900 };

beforeAll(async () => {
  e2e = await startE2E();
});

async function owner() {
  return (await e2e.db.knex('company_users').where('email', OWNER).first('id', 'company_id')) as {
    id: number;
    company_id: number;
  };
}

/** A project of the owner with saved filters, the owner's alert on it, and `news` candidates new to it. */
async function subscribedProject(n: number, news: number) {
  const me = await owner();
  // With news, a title active candidates look for, so the saved filters find them: the owner reaches them.
  const jt = news
    ? ((
        await e2e.db.knex.raw(
          `select t as id from candidates c, unnest(c.job_title_looking_for) t
            where c.status = 1 and ${companiesMaySeeSql('c')} group by t order by count(*) desc, t limit 1`,
        )
      ).rows[0] as { id: number })
    : await e2e.db.knex('job_titles').orderBy('id').offset(n).first('id');
  const country = await e2e.db.knex('countries').orderBy('id').first('id');
  const [project] = await e2e.db
    .knex('projects')
    .insert({
      title: `Panel states ${n}`,
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
  const [sub] = await e2e.db
    .knex('alert_subscriptions')
    .insert({
      project_id: project.id,
      recipient_kind: 2,
      recipient_id: me.id,
      company_id: me.company_id,
      matched_url: `/search?jt=${jt.id}`,
      matched_at: e2e.db.knex.fn.now(),
      frequency: 1,
    })
    .returning('id');
  // Active candidates companies may be shown (status 1, no withdrawn consent) whom the saved filters find: pending
  // news the owner reaches (the panel counts only those, as its list shows only those).
  const ids = (await e2e.db
    .knex('candidates as c')
    .where('c.status', 1)
    .whereRaw(companiesMaySeeSql('c'))
    .whereRaw('? = any(c.job_title_looking_for)', [jt.id])
    .orderBy('c.id')
    .limit(news)
    .pluck('c.id')) as number[];
  if (ids.length)
    await e2e.db
      .knex('alert_news')
      .insert(ids.map((id) => ({ subscription_id: sub.id, project_id: project.id, candidate_id: id })));
  return project as { id: number; guid: string };
}

const fail = (page: Page, pattern: string | RegExp) =>
  page.route(pattern, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"errors.internal"}}' }),
  );

describe('The alert panel', () => {
  it("says when its own load fails, and loads on 'Try again'", async () => {
    const project = await subscribedProject(30, 0);
    const page = await e2e.signIn(OWNER, VIEWPORT, null, { shared: true });
    const state = /\/api\/v1\/alerts\/projects\/[^/?]+$/;
    await fail(page, state);
    await page.goto(`${e2e.baseUrl}/project/${project.guid}`);
    const error = page.getByTestId('alert-load-error');
    await error.waitFor();
    expect(await error.textContent()).toContain("Could not load this project's alert.");
    await page.unroute(state);
    await error.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('project-alerts').waitFor();
    await expect.poll(() => error.count()).toBe(0);
  });

  it("says when the new candidates fail to load, and shows them on 'Try again'", async () => {
    const project = await subscribedProject(31, 3);
    const page = await e2e.signIn(OWNER, VIEWPORT, null, { shared: true });
    const cards = '**/api/v1/alerts/projects/*/new';
    await fail(page, cards);
    await page.goto(`${e2e.baseUrl}/project/${project.guid}`);
    await page.getByRole('button', { name: 'Show the new ones' }).click();
    const error = page.getByTestId('alert-new-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('Could not load the new candidates.');
    await page.unroute(cards);
    await error.getByRole('button', { name: 'Try again' }).click();
    await page.locator('[data-testid="alert-new-cards"], [data-testid="alert-new-empty"]').first().waitFor();
    await expect.poll(() => error.count()).toBe(0);
  });

  it('asks before turning the alert off while candidates are new, and keeps it on when told no', async () => {
    const project = await subscribedProject(32, 2);
    const page = await e2e.signIn(OWNER, VIEWPORT, `/project/${project.guid}`, { shared: true });
    await page.getByTestId('alert-new-since').waitFor();
    const toggle = page.getByRole('switch', { name: 'Tell me about new candidates who match these filters' });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: 'Turn the alert off?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/2 candidates are new to you here/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => toggle.isChecked()).toBe(true);
    expect(await e2e.db.knex('alert_subscriptions').where('project_id', project.id)).toHaveLength(1);
    await toggle.click();
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await page.getByText('Alert settings saved').waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    expect(await e2e.db.knex('alert_subscriptions').where('project_id', project.id)).toHaveLength(0);
  });
});

describe('The notification bell', () => {
  it('says when marking a thread read fails, and moves an archived thread back to the inbox', async () => {
    const me = await owner();
    await e2e.db.knex('notifications').where({ recipient_kind: 2, recipient_id: me.id }).delete();
    const [unread, archived] = await e2e.db
      .knex('notifications')
      .insert([
        {
          recipient_kind: 2,
          recipient_id: me.id,
          kind: 6,
          subject_key: 'bell-fail:1',
          title: 'Bell unread thread',
          link: '/dashboard',
        },
        {
          recipient_kind: 2,
          recipient_id: me.id,
          kind: 6,
          subject_key: 'bell-fail:2',
          title: 'Bell archived thread',
          link: '/dashboard',
          archived: true,
        },
      ])
      .returning('id');
    const project = await subscribedProject(33, 0);
    const page = await e2e.signIn(OWNER, VIEWPORT, `/project/${project.guid}`, { shared: true });
    await page.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
    const read = `**/api/v1/notifications/${unread.id}/read`;
    await fail(page, read);
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Bell unread thread' })
      .getByRole('button', { name: 'Mark as read' })
      .click();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not update the notification. Try again.' });
    await alert.waitFor();
    expect((await e2e.db.knex('notifications').where('id', unread.id).first('unread')).unread).toBe(true);
    await page.unroute(read);
    await page.getByRole('tab', { name: 'Archived' }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'Bell archived thread' });
    await row.getByRole('button', { name: 'Move to inbox' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await expect
      .poll(async () => (await e2e.db.knex('notifications').where('id', archived.id).first('archived')).archived)
      .toBe(false);
    await expect.poll(() => alert.count()).toBe(0);
  });
});
