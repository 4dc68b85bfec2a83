/**
 * The recruitment activity log, opened in a browser in Auckland: an event at 23:57 UTC on 26 Nov is shown at its
 * Auckland time (12:57 pm on 27 Nov), and the page filtered From/To 27 Nov (Auckland's day) lists it, as the
 * interview-request list and the credit log read picked days. The CSV writes the instant in UTC and says so.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY } from '../../schema/rules/pipeline';
import { downloaded, startE2E, type E2E } from '../helpers/e2e';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';

const ZONE = 'Pacific/Auckland';
/** 12:57 pm on 27 Nov 2026 in Auckland (UTC+13). */
const AT = '2026-11-26T23:57:00Z';

let e2e: E2E;
let project: TestProject;
let context: BrowserContext;

beforeAll(async () => {
  e2e = await startE2E();
  project = await makeProject(e2e.db.knex, { title: 'Auckland Log Role' });
  const [candidate] = await activeCandidates(e2e.db.knex, 1, { skip: 335 });
  await addToProject(e2e.db.knex, project, [candidate], 1);
  await e2e.db.knex('candidate_recruitment_stage_logs').insert({
    candidate_id: candidate,
    project_id: project.id,
    activity: ACTIVITY.noteAdded,
    actor_kind: 2,
    actor_id: project.ownerId,
    company_id: project.companyId,
    created_at: AT,
  });
  // An admin whose browser is in Auckland, signed in through the API in that context.
  context = await e2e.browser.newContext({ timezoneId: ZONE, viewport: { width: 1366, height: 900 } });
  const headers = { origin: e2e.baseUrl };
  const email = 'admin@example.com';
  const sent = await context.request.post(`${e2e.baseUrl}/api/v1/auth/send-email-otp`, { data: { email }, headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const login = await context.request.post(`${e2e.baseUrl}/api/v1/auth/login-by-email-otp`, {
    data: { email, otp: await e2e.lastCode(email) },
    headers,
  });
  expect(login.status(), await login.text()).toBe(200);
}, 120_000);
afterAll(() => context?.close());

describe('The recruitment activity log in Auckland', () => {
  it('shows the event at Auckland’s time and lists it on Auckland’s day', async () => {
    const page = await context.newPage();
    await page.goto(
      `${e2e.baseUrl}/dashboard/ta-recruitment-activity?projectId=Project:${project.id}&from=2026-11-27&to=2026-11-27`,
    );
    const table = page.getByTestId('recruitment-log');
    await table.getByRole('cell', { name: '27 Nov 2026, 12:57 pm', exact: true }).waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const lines = (await downloaded(download))
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(lines[0]).toMatch(/^When \(UTC\),/);
    expect(lines[1]).toMatch(/^2026-11-26T23:57:00(\.000)?Z,/);
    await page.close();
  });
});
