/**
 * "Today" as the page says it counts days, read in a browser in Los Angeles at 9 pm on 6 Dec 2026 (05:00 UTC on 7 Dec):
 * a From of 7 Dec is after today on the recruitment log (whose days are the reader's) while the project overview
 * (declared in UTC days) accepts it.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

const ZONE = 'America/Los_Angeles';
/** 9 pm on 6 Dec 2026 in Los Angeles (UTC−8): already 7 Dec in UTC. */
const AT = new Date('2026-12-07T05:00:00Z');
const FROM_AFTER_TO = 'The start date must be on or before the end date';

let e2e: E2E;
const contexts: BrowserContext[] = [];

/** A page of a browser in Los Angeles, its clock fixed at AT, signed in as `email` through the API. */
async function readerPage(email: string): Promise<Page> {
  const context = await e2e.browser.newContext({ timezoneId: ZONE, viewport: { width: 1366, height: 900 } });
  contexts.push(context);
  const headers = { origin: e2e.baseUrl };
  const sent = await context.request.post(`${e2e.baseUrl}/api/v1/auth/send-email-otp`, { data: { email }, headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const login = await context.request.post(`${e2e.baseUrl}/api/v1/auth/login-by-email-otp`, {
    data: { email, otp: await e2e.lastCode(email) },
    headers,
  });
  expect(login.status(), await login.text()).toBe(200);
  const page = await context.newPage();
  await page.clock.setFixedTime(AT);
  return page;
}

beforeAll(async () => {
  e2e = await startE2E();
}, 120_000);
afterAll(async () => {
  for (const context of contexts) await context.close();
});

describe('A reader in Los Angeles, late on 6 Dec', () => {
  it('is told a From of 7 Dec is after today on the log, and not on the overview (UTC days)', async () => {
    const page = await readerPage('admin@example.com');
    await page.goto(`${e2e.baseUrl}/dashboard/ta-recruitment-activity?from=2026-12-07`);
    await page.getByText(FROM_AFTER_TO).waitFor({ timeout: 5000 });
    await page.goto(`${e2e.baseUrl}/dashboard/project-overview?from=2026-12-07`);
    await page.getByRole('heading').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(FROM_AFTER_TO).count()).toBe(0);
  });
});
