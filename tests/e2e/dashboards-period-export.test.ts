/**
 * The dashboards say what they cover. The recruiter dashboard opened without dates shows, in its From and To fields,
 * the period its figures are read over (the last 12 weeks up to today). A CSV export writes every row of a log past
 * 10,000 rows, and one that cannot hold every row (the recruitment log's pages end at its 10,000th event) says it
 * holds the first 10,000 of them.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LOG_KIND } from '../../schema/entities/internal/projectLog';
import { formatDate } from '../../schema/rules/dates';
import { ACTIVITY, STAGES } from '../../schema/rules/pipeline';
import { downloaded, startE2E, type E2E } from '../helpers/e2e';
import { makeProject } from '../helpers/interviews';

let e2e: E2E;
let admin: Page;

const ROWS = 10_050;

beforeAll(async () => {
  e2e = await startE2E();
  const knex = e2e.db.knex;
  const project = await makeProject(knex, { title: 'Export past ten thousand', advocateEmail: 'advocate@example.com' });
  const advocate = (await knex('admins').where('email', 'advocate@example.com').first('id')).id as number;
  // May 2023: 10,050 changes of the project's advocate, a minute apart.
  await knex.raw(
    `insert into project_logs (project_id, company_id, kind, from_value, to_value, created_at)
     select ?, ?, ${PROJECT_LOG_KIND.advocate}, null, ?, timestamptz '2023-05-01 00:00Z' + make_interval(mins => k)
       from generate_series(1, ?) k`,
    [project.id, project.companyId, advocate, ROWS],
  );
  // June 2023: 10,050 moves of 50 candidates between shortlist and interviewing.
  await knex.raw(
    `insert into candidate_recruitment_stage_logs (candidate_id, activity, project_id, to_stage, actor_kind, created_at, updated_at)
     select c.id, ${ACTIVITY.stageChanged}, ?, case k % 2 when 0 then ${STAGES.shortlist} else ${STAGES.interviewing} end, 2,
            timestamptz '2023-06-01 00:00Z' + make_interval(mins => k * 50 + c.n), now()
       from (select id, row_number() over (order by id)::int as n from candidates order by id limit 50) c
       cross join generate_series(0, ? / 50 - 1) k`,
    [project.id, ROWS],
  );
  admin = await e2e.signIn('admin@example.com', undefined, null);
}, 120_000);

async function exportCsv(page: Page): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  return (await downloaded(download))
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .split('\r\n');
}

describe('The period of the recruiter dashboard', () => {
  it('shows the last 12 weeks up to today in From and To when the address names no dates', async () => {
    const owner = await e2e.signIn('owner@acme.example.com', undefined, '/projects/dashboard');
    await owner.getByTestId('recruiter-stages').waitFor();
    const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    const from = new Date(today);
    from.setUTCDate(from.getUTCDate() - ((from.getUTCDay() + 6) % 7) - 11 * 7);
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    expect(await owner.getByLabel('From', { exact: true }).inputValue()).toBe(formatDate(iso(from)));
    expect(await owner.getByLabel('To', { exact: true }).inputValue()).toBe(formatDate(iso(today)));
    // A date chosen is kept in the address and read, the other end still the one the server answers.
    await owner.getByLabel('To', { exact: true }).fill('30 Nov 2025');
    await owner.getByLabel('To', { exact: true }).press('Enter');
    await owner.waitForURL(/to=2025-11-30/);
    await expect.poll(() => owner.getByLabel('From', { exact: true }).inputValue()).toBe(formatDate('2025-09-08'));
  });
});

describe('CSV exports past 10,000 rows', () => {
  it('writes every row of the assignment log, not the first 10,000', async () => {
    await admin.goto(`${e2e.baseUrl}/dashboard/ta-assigned-activity?from=2023-05-01&to=2023-05-31`);
    await admin.getByTestId('assignment-log').locator('tbody tr').first().waitFor();
    const lines = await exportCsv(admin);
    expect(lines).toHaveLength(ROWS + 1);
    expect(await admin.getByTestId('export-cut').count()).toBe(0);
  }, 180_000);

  it('says the recruitment log file holds the first 10,000 of 10,000+ events', async () => {
    await admin.goto(`${e2e.baseUrl}/dashboard/ta-recruitment-activity?from=2023-06-01&to=2023-06-30`);
    await admin.getByTestId('recruitment-log').locator('tbody tr').first().waitFor();
    const lines = await exportCsv(admin);
    expect(lines).toHaveLength(10_000 + 1);
    await admin
      .getByTestId('export-cut')
      .getByText('The CSV holds the first 10,000 of 10,000+ rows. Narrow the dates or filters to export the rest.')
      .waitFor();
  }, 180_000);
});
