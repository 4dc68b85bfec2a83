/**
 * The admins' interview-request list, opened in a browser in Singapore on one picked day, lists exactly the requests
 * sent on that day as the page writes their times (Singapore's): the one of 20:00 UTC the day before (04:00 there)
 * is listed, the one of 23:30 UTC that day (07:30 the next morning there) is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { t } from '../../i18n';
import { formatDateTime } from '../../schema/rules/dates';
import { REQUEST_KIND } from '../../schema/rules/pipeline';
import { startE2E, type E2E } from '../helpers/e2e';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';

const ZONE = 'Asia/Singapore';
/** 4 Dec 23:59:59, 5 Dec 04:00, 5 Dec 23:59:59 and 6 Dec 07:30 in Singapore. */
const SENT = ['2026-12-04T15:59:59Z', '2026-12-04T20:00:00Z', '2026-12-05T15:59:59Z', '2026-12-05T23:30:00Z'];
const shown = (iso: string) => formatDateTime(iso, { timeZone: ZONE }) as string;

let e2e: E2E;
let project: TestProject;
let context: BrowserContext;

beforeAll(async () => {
  e2e = await startE2E();
  project = await makeProject(e2e.db.knex, { title: 'Singapore Day Role' });
  const candidates = await activeCandidates(e2e.db.knex, SENT.length, { skip: 320 });
  await addToProject(e2e.db.knex, project, candidates, 1);
  await e2e.db.knex('interview_requests').insert(
    SENT.map((at, i) => ({
      project_id: project.id,
      candidate_id: candidates[i],
      company_id: project.companyId,
      kind: REQUEST_KIND.interview,
      created_at: at,
      updated_at: at,
      expires_at: '2026-12-20T00:00:00Z',
    })),
  );
  // An admin whose browser is in Singapore, signed in through the API in that context.
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
});
afterAll(() => context?.close());

describe('The interview-request list in Singapore', () => {
  it('lists only the requests sent on the picked day as Singapore reads it', async () => {
    const page = await context.newPage();
    await page.goto(
      `${e2e.baseUrl}/dashboard/interview-request?projectId=Project:${project.id}&from=2026-12-05&to=2026-12-05`,
    );
    const table = page.getByTestId('interview-request-list');
    await table.getByText(shown(SENT[1])).waitFor();
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    const texts = await rows.allInnerTexts();
    expect(texts.some((row) => row.includes('5 Dec 2026, 4:00 am'))).toBe(true);
    expect(texts.some((row) => row.includes(shown(SENT[2])))).toBe(true);
    // The neighbours on either side of the day are not listed.
    const all = texts.join('\n');
    expect(all).not.toContain(shown(SENT[0]));
    expect(all).not.toContain('6 Dec 2026');
    expect(all).not.toContain('4 Dec 2026');
    expect(all).not.toContain(t('portal.interviews.list.noMatch'));
    await page.close();
  });
});
