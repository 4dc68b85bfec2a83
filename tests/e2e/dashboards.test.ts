/**
 * The admins' dashboards in a real browser over a seeded history (tests/helpers/dashboards.ts):
 * each page shows, for the filters in its URL, the figures a person counts by hand from the seeded
 * events: stage moves per week in the chart's table, the weekly project overview, the assignment
 * log and the recruitment activity log filtered by kind; a company user is sent away.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../schema/rules/dates';
import { startE2E, type E2E } from '../helpers/e2e';
import { RANGE, seedDashboardHistory, WEEK1, WEEK2, type DashboardHistory } from '../helpers/dashboards';

const day = (iso: string) => formatDate(iso) as string;

let e2e: E2E;
let admin: Page;
let h: DashboardHistory;

beforeAll(async () => {
  e2e = await startE2E();
  admin = await e2e.signIn('admin@example.com');
  h = await seedDashboardHistory(e2e.db.knex, async (body) => {
    const res = await admin.evaluate(async (b) => {
      const r = await fetch('/api/v1/projects/update/project', {
        method: 'PUT',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(b),
      });
      return { status: r.status, body: await r.json() };
    }, body);
    return res;
  });
}, 120_000);

/** The text of each body row's cells of the table `testId`. */
async function tableRows(page: Page, testId: string): Promise<string[][]> {
  const table = page.getByTestId(testId);
  await table.locator('tbody tr').first().waitFor();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
    );
}

describe('Admin dashboards', () => {
  it('the stage overview charts and tabulates the moves into each stage per week', async () => {
    await admin.goto(`${e2e.baseUrl}/dashboard/ta-dashboard-weekly?${RANGE}`);
    await admin.getByRole('heading', { name: 'Stage overview per week' }).waitFor();
    expect(await admin.title()).toContain('Stage overview per week');
    // Week (as the product writes days), Suggested, Longlist, Shortlist, Interviewed, Interviewed 2+, Offered, Placed,
    // Rejected, Total.
    expect(await tableRows(admin, 'weekly-table')).toEqual([
      [day(WEEK1), '0', '3', '2', '0', '0', '0', '0', '1', '6'],
      [day(WEEK2), '0', '2', '1', '1', '0', '0', '0', '0', '4'],
    ]);
    await admin.locator('.MuiChartsSurface-root, svg.MuiChartsSurface-root').first().waitFor();
    await admin.goto(`${e2e.baseUrl}/dashboard/ta-dashboard-weekly?${RANGE}&companyId=Company:${h.globex}`);
    await admin.getByRole('cell', { name: '3', exact: true }).last().waitFor();
    expect((await tableRows(admin, 'weekly-table')).map((r) => r.at(-1))).toEqual(['0', '3']);
  });

  it('the project overview shows projects created, active, paused and their moves, per week and company', async () => {
    await admin.goto(`${e2e.baseUrl}/dashboard/project-overview?${RANGE}&adminId=Admin:${h.advocateId}`);
    await admin.getByRole('heading', { name: 'Project overview per week' }).waitFor();
    // Week, Company, Created, Active, Paused, Inactive, then the stages.
    expect(await tableRows(admin, 'project-overview-table')).toEqual([
      [day(WEEK1), 'Acme', '1', '1', '0', '0', '0', '3', '2', '0', '0', '0', '0', '1'],
      [day(WEEK2), 'Acme', '0', '1', '0', '0', '0', '0', '0', '1', '0', '0', '0', '0'],
      [day(WEEK2), 'Globex Analytics', '1', '0', '1', '0', '0', '2', '1', '0', '0', '0', '0', '0'],
    ]);
  });

  it('the assignment log names the project, the advocate and who assigned them', async () => {
    await admin.goto(`${e2e.baseUrl}/dashboard/ta-assigned-activity?${RANGE}`);
    const rows = await tableRows(admin, 'assignment-log');
    expect(rows.map((r) => [r[1], r[3]])).toEqual([
      ['Dashboard Beta', 'Talent advocate'],
      ['Dashboard Alpha', 'Talent advocate'],
    ]);
    const adminName = await e2e.db
      .knex('admins')
      .where('id', h.adminId)
      .first(e2e.db.knex.raw("first_name || ' ' || last_name as name"));
    expect(rows[0][6]).toBe(adminName.name);
    expect(rows[1][6]).toBe('System');
  });

  it('the recruitment activity log lists every event and filters by kind, marking a hidden candidate', async () => {
    await admin.goto(`${e2e.baseUrl}/dashboard/ta-recruitment-activity?${RANGE}&pp=50`);
    const rows = await tableRows(admin, 'recruitment-log');
    expect(rows).toHaveLength(14);
    const kinds: Record<string, number> = {};
    for (const r of rows) kinds[r[1]] = (kinds[r[1]] ?? 0) + 1;
    expect(kinds).toEqual({ Move: 9, Rejection: 1, Reveal: 1, Note: 1, 'Interview request': 1, 'Qualify request': 1 });
    await admin.getByLabel('Kind').click();
    await admin.getByRole('option', { name: 'Rejection' }).click();
    await admin.waitForURL(/kind=rejection/);
    await admin.getByTestId('recruitment-log').locator('tbody tr').nth(1).waitFor({ state: 'detached' });
    const rejected = await tableRows(admin, 'recruitment-log');
    expect(rejected).toHaveLength(1);
    expect(rejected[0][2]).toBe('Longlist → Rejected');
    expect(rejected[0][3]).toBe(`${h.names[2]} (Hidden)`);
  });

  it("the recruiter dashboard, linked from Projects, shows a company its project's funnel, conversion, days in stage, requests and credits", async () => {
    const owner = await e2e.signIn('owner@acme.example.com', undefined, `/projects`);
    await owner.getByTestId('recruiter-dashboard-link').click();
    await owner.waitForURL(/\/projects\/dashboard/);
    await owner.getByRole('heading', { name: 'Recruiter dashboard' }).waitFor();
    expect(await owner.title()).toBe('Recruiter dashboard | Talentbase');
    await owner.goto(`${e2e.baseUrl}/projects/dashboard?${RANGE}&projectId=Project:${h.alpha}`);
    // Stage, Funnel now, Moved in, Conversion, Median days in stage.
    const rows = await tableRows(owner, 'recruiter-stages');
    expect(rows.slice(0, 4)).toEqual([
      ['Suggested', '0', '0', '—', '—'],
      ['Longlist', '0', '3', '67% → Shortlist', '3 days'],
      ['Shortlist', '1', '2', '50% → Interviewed', '5 days'],
      ['Interviewed', '1', '1', '0% → Interviewed 2+', '—'],
    ]);
    expect(rows.at(-1)).toEqual(['Rejected', '1', '1', '—', '—']);
    expect(await owner.getByTestId('requests-sent').innerText()).toBe('2');
    expect(await owner.getByTestId('requests-answered').innerText()).toBe('1');
    expect(await owner.getByTestId('credits-spent').innerText()).toBe('1');
  });

  it('a company user cannot open the dashboards', async () => {
    const owner = await e2e.signIn('owner@acme.example.com', undefined, `/dashboard/ta-dashboard-weekly?${RANGE}`);
    await owner.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
  });
});
