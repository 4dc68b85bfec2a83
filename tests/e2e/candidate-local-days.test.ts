/**
 * A candidate's "today" is their own day, in the browser's zone, and the server accepts any day that is today somewhere
 * on Earth. In Los Angeles at 8:47 pm (already the next day in UTC) the candidate gives that evening's day as their
 * notice date; in Singapore at 4 am on the 1st of a month (still the month before in UTC) they enter the current job
 * they started that month. The interview answer page writes each proposed time in the product's date format in the
 * request's zone, named, with the candidate's own time beside it when their zone differs, and names the zone of the
 * "Answer by" time. A search result says the day it was updated in the reader's zone.
 *
 * The browser's clock is set to the scene; the server's stays real, so the days are chosen to be today somewhere now.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../schema/rules/dates';
import { startE2E, type E2E } from '../helpers/e2e';
import { activeCandidates, makeProject } from '../helpers/interviews';
import { emailedAnswerPath } from '../helpers/interviewsE2E';

let e2e: E2E;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

const HOUR = 3_600_000;
const dayAt = (instant: number) => new Date(instant).toISOString().slice(0, 10);

/** A page in `timezoneId` with the browser's clock at `clock`, signed in as `email` (or nobody). */
async function pageIn(timezoneId: string, clock: Date, email?: string): Promise<Page> {
  let storageState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
  if (email) {
    const signedIn = await e2e.signIn(email, undefined, null);
    storageState = await signedIn.context().storageState();
    await signedIn.close();
  }
  const context = await (e2e.browser as Browser).newContext({
    timezoneId,
    storageState,
    viewport: { width: 1366, height: 900 },
  });
  contexts.push(context);
  const page = await context.newPage();
  await page.clock.setFixedTime(clock);
  return page;
}

describe("The candidate's profile dates in their own zone", () => {
  it('in Los Angeles at 8:47 pm, that day is a notice date the form and the server take', async () => {
    // The earliest day it is anywhere now (UTC−12's): the server takes it; the browser's evening is 04:47 UTC the day after.
    const notice = dayAt(Date.now() - 12 * HOUR);
    const clock = new Date(`${dayAt(Date.parse(`${notice}T00:00:00Z`) + 24 * HOUR)}T04:47:00Z`);
    await e2e.db
      .knex('candidates')
      .where('email', 'candidate@example.com')
      .update({ notice_period: JSON.stringify({ type: 1, option: 2 }) });
    const page = await pageIn('America/Los_Angeles', clock, 'candidate@example.com');
    await page.goto(`${e2e.baseUrl}/candidate/profile`);
    await page.getByRole('combobox', { name: 'Notice period' }).click();
    await page.getByRole('option', { name: 'Specific date' }).click();
    const day = page.getByRole('textbox', { name: 'Available from' });
    await day.fill(formatDate(notice) as string);
    await day.press('Tab');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('All changes saved').waitFor();
    const saved = await e2e.db.knex('candidates').where('email', 'candidate@example.com').first('notice_period');
    expect(saved.notice_period).toEqual({ type: 2, option: notice });
  });

  it('in Singapore at 4 am on the 1st, a current job started that month is taken', async () => {
    // The month of the latest day it is anywhere now (UTC+14's); the browser reads 20:00 UTC the day before its 1st.
    const month = dayAt(Date.now() + 14 * HOUR).slice(0, 7);
    const clock = new Date(Date.parse(`${month}-01T00:00:00Z`) - 4 * HOUR);
    const page = await pageIn('Asia/Singapore', clock, 'candidate@example.com');
    await page.goto(`${e2e.baseUrl}/candidate/profile`);
    await page.getByRole('button', { name: 'Add experience' }).click();
    const entry = page.getByTestId('experience-entry').first();
    await entry.getByRole('textbox', { name: 'Job title' }).fill('Site Lead');
    await entry.getByRole('textbox', { name: 'Company' }).fill('Straits Works');
    await entry.getByLabel('Start').fill(month);
    await entry.getByLabel('Current position').check();
    expect(await entry.getByLabel('Start').getAttribute('max')).toBe(month);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('All changes saved').waitFor();
    const job = await e2e.db
      .knex('candidate_experiences')
      .where({ title: 'Site Lead' })
      .first(e2e.db.knex.raw("to_char(start_date, 'YYYY-MM-DD') as start"), 'current_position');
    expect(job).toEqual({ start: `${month}-01`, current_position: true });
  });
});

describe('The interview answer page in the candidate’s zone', () => {
  let answerPath: string;
  const year = new Date().getUTCFullYear() + 1;

  beforeAll(async () => {
    const project = await makeProject(e2e.db.knex, {
      title: 'Platform Engineer',
      advocateEmail: 'advocate@example.com',
    });
    const [candidate] = await activeCandidates(e2e.db.knex, 1, { skip: 41 });
    answerPath = await emailedAnswerPath(e2e, project, candidate, {
      timezone: 'Asia/Singapore',
      duration: 45,
      slots: [`${year}-03-10T10:00`],
    });
  });

  it('in Los Angeles: the slot in Singapore time, named, with the candidate’s own time; the answer-by zone named', async () => {
    const page = await pageIn('America/Los_Angeles', new Date());
    await page.goto(`${e2e.baseUrl}${answerPath}`);
    await page.locator('[data-state="details"]').waitFor();
    const slots = page.getByTestId('request-slots');
    await expect
      .poll(() => slots.innerText())
      .toContain(
        `10 Mar ${year}, 10:00 am–10:45 am (Singapore, GMT+8) · 9 Mar ${year}, 6:00 pm (Los Angeles, GMT-8) your time`,
      );
    await page.getByText(/^Answer by \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [ap]m \(Los Angeles, GMT-[78]\)$/).waitFor();
  });

  it('in Singapore: the slot alone, in its own zone', async () => {
    const page = await pageIn('Asia/Singapore', new Date());
    await page.goto(`${e2e.baseUrl}${answerPath}`);
    await page.locator('[data-state="details"]').waitFor();
    const slots = page.getByTestId('request-slots');
    await page.getByText(`10 Mar ${year}, 10:00 am–10:45 am (Singapore, GMT+8)`, { exact: true }).waitFor();
    expect(await slots.innerText()).not.toContain('your time');
    await page.getByText(/^Answer by .* \(Singapore, GMT\+8\)$/).waitFor();
  });
});

describe('A search result’s "Updated" day in the reader’s zone', () => {
  it('a profile updated at 20:00 UTC on 30 Nov reads "Updated 1 Dec 2026" in Singapore', async () => {
    const [id] = await activeCandidates(e2e.db.knex, 1, { skip: 42 });
    await e2e.db
      .knex('candidates')
      .where({ id })
      .update({ updated_at: new Date('2026-11-30T20:00:00Z') });
    const candidate = await e2e.db.knex('candidates').where({ id }).first('guid', 'first_name', 'last_name');
    const page = await pageIn('Asia/Singapore', new Date(), 'admin@example.com');
    await page.goto(`${e2e.baseUrl}/search?ns=${encodeURIComponent(`${candidate.first_name} ${candidate.last_name}`)}`);
    const card = page.locator(`[data-testid="result-card"][data-guid="${candidate.guid}"]`);
    await card.waitFor();
    await card.getByText(/Updated 1 Dec 2026$/).waitFor();
  });
});
