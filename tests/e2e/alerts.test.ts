/**
 * Saved-search alerts in a real browser, on a laptop (1440×900) and a phone (390×844): the project's
 * owner turns the alert on from the project page; a candidate changes so that they newly match the
 * project's saved filters; after the matching run the bell holds the notification, which opens the
 * suggested tab filtered to the new ones, each card badged "New match", under "1 new since <day>";
 * the project's saved search opened on /search says "1 new since <day>" there and badges that card, whether the
 * filters are stored as an address (`/search?jt=…`) or, as the portal saves them, as the query alone (`jt=…`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runAlerts } from '../../backend/features/alerts';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
const OWNER = 'owner@acme.example.com';

beforeAll(async () => {
  e2e = await startE2E();
});

/**
 * A project of the owner whose saved filters ask for a job title nobody holds yet, and an active candidate to give it
 * to; `saved` writes the filters as stored (an address by default; the portal stores the query alone).
 */
async function setUp(n: number, saved = (title: number) => `/search?jt=${title}`) {
  const knex = e2e.db.knex;
  const owner = await knex('company_users').where('email', OWNER).first('id', 'company_id');
  const { rows: titles } = await knex.raw(
    `select j.id from job_titles j where not exists (select 1 from candidates c where j.id = any(c.job_title_looking_for))
      order by j.id offset ? limit 1`,
    [n],
  );
  const title = titles[0].id as number;
  const country = await knex('countries').orderBy('id').first('id');
  const [project] = await knex('projects')
    .insert({
      title: `Alerted engineers ${n}`,
      company_id: owner.company_id,
      owner_id: owner.id,
      job_title_id: title,
      countries: [country.id],
      headcount: 1,
      salary_min: 1000,
      salary_max: 2000,
      current_url: saved(title),
    })
    .returning(['id', 'guid', 'title']);
  const { rows: people } = await knex.raw(
    `select c.id from candidates c where c.status = 1 and c.visibility is not false and c.anonymous is not true
      order by c.id offset ? limit 1`,
    [n],
  );
  return { project, title, candidate: people[0].id as number };
}

describe('Alerts on a project', () => {
  for (const [n, viewport] of [
    [0, { width: 1440, height: 900 }],
    [1, { width: 390, height: 844 }],
  ] as const) {
    it(`are turned on, and bring the notification and the new badges (${viewport.width}×${viewport.height})`, async () => {
      const { project, title, candidate } = await setUp(n);
      const page = await e2e.signIn(OWNER, viewport, `/project/${project.guid}`);
      const toggle = page.getByRole('switch', { name: 'Tell me about new candidates who match these filters' });
      await toggle.click();
      await expect.poll(() => toggle.isChecked()).toBe(true);
      await page.getByText('Alert settings saved').waitFor();

      // The candidate now looks for the project's job title: the database marks them changed.
      await e2e.db.knex.raw(
        'update candidates set job_title_looking_for = job_title_looking_for || ?::int where id = ?',
        [title, candidate],
      );
      const run = await runAlerts(e2e.db.knex, e2e.config);
      expect(run.news).toBe(1);

      await page.reload();
      await page.getByRole('button', { name: /^Notifications, 1 unread/ }).click();
      await page.getByRole('button', { name: new RegExp(`New candidates match ${project.title}`) }).click();
      await page.waitForURL(/\?tab=0&new=1/);
      const cards = page.getByTestId('alert-new-cards');
      await cards.waitFor();
      await expect.poll(() => cards.getByTestId('result-card').count()).toBe(1);
      await expect.poll(() => cards.getByTestId('alert-new').count()).toBe(1);
      await expect
        .poll(() => page.getByTestId('alert-new-since').textContent())
        .toMatch(/^1 new since \d{1,2} \w{3} \d{4}$/);
      // The suggested tab's own card of the candidate carries the same badge.
      const row = page.locator(`[data-testid="pipeline-row"][data-id="Candidate:${candidate}"]`);
      await expect.poll(() => row.getByTestId('alert-new').count()).toBe(1);

      // The project's saved search on /search says what is new there too, and badges the same card.
      await page.getByTestId('alert-open-search').click();
      await page.waitForURL(new RegExp(`/search\\?jt=${title}$`));
      const news = page.getByTestId('search-alert-news');
      await expect
        .poll(() => news.textContent())
        .toMatch(new RegExp(`^1 new since \\d{1,2} \\w{3} \\d{4} for your project ${project.title}`));
      const guid = (await e2e.db.knex('candidates').where('id', candidate).first('guid')).guid as string;
      const card = page.locator(`[data-testid="result-card"][data-guid="${guid}"]`);
      await expect.poll(() => card.getByTestId('alert-new').count()).toBe(1);
      await expect.poll(() => page.getByTestId('alert-new').count()).toBe(1);
      await news.getByRole('link', { name: 'Show them' }).click();
      await page.waitForURL(/\/project\/\d+\?tab=0&new=1/);
    });
  }

  it('open the saved filters as the portal stores them from "Open in search", and say there what is new', async () => {
    const { project, title, candidate } = await setUp(2, (jt) => `jt=${jt}`);
    const knex = e2e.db.knex;
    const owner = await knex('company_users').where('email', OWNER).first('id', 'company_id');
    await knex('alert_subscriptions').insert({
      project_id: project.id,
      recipient_kind: 2,
      recipient_id: owner.id,
      company_id: owner.company_id,
      matched_url: `jt=${title}`,
      matched_at: knex.fn.now(),
      frequency: 1,
    });
    await knex.raw('update candidates set job_title_looking_for = job_title_looking_for || ?::int where id = ?', [
      title,
      candidate,
    ]);
    expect((await runAlerts(knex, e2e.config)).news).toBe(1);

    const page = await e2e.signIn(OWNER, { width: 1440, height: 900 }, `/project/${project.guid}`);
    await page.getByTestId('alert-new-since').waitFor();
    await page.getByTestId('alert-open-search').click();
    await page.waitForURL(new RegExp(`/search\\?jt=${title}$`));
    const news = page.getByTestId('search-alert-news');
    await expect
      .poll(() => news.textContent())
      .toMatch(new RegExp(`^1 new since \\d{1,2} \\w{3} \\d{4} for your project ${project.title}`));
    const guid = (await knex('candidates').where('id', candidate).first('guid')).guid as string;
    const card = page.locator(`[data-testid="result-card"][data-guid="${guid}"]`);
    await expect.poll(() => card.getByTestId('alert-new').count()).toBe(1);
  });

  it("show in the console per company, where an admin turns a company's alerts off", async () => {
    const page = await e2e.signIn('admin@example.com', { width: 1440, height: 900 }, '/admin/alerts');
    const row = page.getByTestId('alert-company').filter({ hasText: /^Acme/ });
    await row.first().waitFor();
    await page
      .getByRole('switch', { name: /^Alerts on for this company: Acme/ })
      .first()
      .click();
    await page.getByText(/^Alerts turned off for Acme/).waitFor();
    const company = await e2e.db.knex('company_users').where('email', OWNER).first('company_id');
    const setting = await e2e.db.knex('alert_company_settings').where('company_id', company.company_id).first();
    expect(setting?.alerts_off).toBe(true);
  });
});
