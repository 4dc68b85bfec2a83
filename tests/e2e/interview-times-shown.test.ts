/**
 * Every time shown of an interview names its zone and its offset at that time, in a browser in Kolkata (GMT+5:30):
 * the board's card and the open profile's panel say when the booked interview starts on the reader's clock; the
 * admins' interview-request list has an interview column and names the zone of every time; the recruiter dashboard
 * names the zone its days are in; and the candidate's answer page for a time New York's clocks show twice (01:30 as
 * they go back) reads it at GMT-4 to its end at GMT-5, its "Time zone" line names both offsets, and the reader's own
 * time names the reader's zone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { REQUEST_KIND, REQUEST_STATE, STAGES } from '../../schema/rules/pipeline';
import { startE2E, type E2E } from '../helpers/e2e';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';
import { emailedAnswerPath } from '../helpers/interviewsE2E';

const ZONE = 'Asia/Kolkata';
/** Chromium reports the zone by its older IANA name (Asia/Calcutta); the product names it by the current one. */
const KOLKATA = 'Kolkata, GMT\\+5:30';
const named = (text: string) => new RegExp(text.replace('ZONE', KOLKATA));
let e2e: E2E;
let project: TestProject;
let answerPath: string;
let bookedId: number;
const contexts: BrowserContext[] = [];

/** A context whose browser is in Kolkata, signed in as `email` through the API (none for the candidate's page). */
async function inKolkata(email?: string): Promise<BrowserContext> {
  const context = await e2e.browser.newContext({ timezoneId: ZONE, viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  if (!email) return context;
  const headers = { origin: e2e.baseUrl };
  const sent = await context.request.post(`${e2e.baseUrl}/api/v1/auth/send-email-otp`, { data: { email }, headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const login = await context.request.post(`${e2e.baseUrl}/api/v1/auth/login-by-email-otp`, {
    data: { email, otp: await e2e.lastCode(email) },
    headers,
  });
  expect(login.status(), await login.text()).toBe(200);
  return context;
}

beforeAll(async () => {
  e2e = await startE2E();
  project = await makeProject(e2e.db.knex, { title: 'Kolkata Interview Role' });
  const [booked, asked] = await activeCandidates(e2e.db.knex, 2, { skip: 140 });
  bookedId = booked;
  await addToProject(e2e.db.knex, project, [booked], STAGES.interviewing);
  // Booked for 13:00 in Singapore on 14 Mar 2027: 10:30 in Kolkata.
  await e2e.db.knex('interview_requests').insert({
    project_id: project.id,
    candidate_id: booked,
    company_id: project.companyId,
    kind: REQUEST_KIND.interview,
    channel: 1,
    state: REQUEST_STATE.approved,
    schedule_data: JSON.stringify({
      interviewerName: 'Ivy Interviewer',
      interviewerEmail: 'ivy@acme.example.com',
      type: 2,
      meetingLink: 'https://meet.example.com/x',
      duration: 45,
      timezone: 'Asia/Singapore',
      slots: ['2027-03-14T13:00'],
      chosenSlot: '2027-03-14T13:00',
    }),
    created_at: '2026-12-04T20:00:00Z',
    answered_at: '2026-12-05T04:00:00Z',
    expires_at: '2026-12-20T00:00:00Z',
  });
  // A request whose one proposed time is 01:30 in New York on the night its clocks go back.
  answerPath = await emailedAnswerPath(e2e, project, asked, {
    timezone: 'America/New_York',
    duration: 60,
    slots: ['2027-11-07T01:30'],
  });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
});

describe('Interview times in Kolkata', () => {
  it('the board card and the panel say when the booked interview starts, the zone named', async () => {
    const page = await (await inKolkata('owner@acme.example.com')).newPage();
    await page.goto(
      `${e2e.baseUrl}/project/${project.guid}?view=board&tab=${STAGES.interviewing}&candidate=Candidate:${bookedId}`,
    );
    const chip = page.getByTestId('interview-at').first();
    await chip.waitFor();
    expect(await chip.innerText()).toMatch(named('^Interview 14 Mar 2027, 10:30 am \\(ZONE\\)$'));
    const panel = page.getByTestId('panel-interview-at');
    await panel.waitFor();
    expect(await panel.innerText()).toMatch(named('^Interview booked for 14 Mar 2027, 10:30 am \\(ZONE\\)$'));
  });

  it('the admins’ list has the interview’s time and names the zone of every time', async () => {
    const page = await (await inKolkata('admin@example.com')).newPage();
    await page.goto(`${e2e.baseUrl}/dashboard/interview-request?projectId=Project:${project.id}`);
    const table = page.getByTestId('interview-request-list');
    await table.getByRole('button', { name: 'Interview', exact: true }).waitFor();
    const cell = table.getByTestId('request-interview-at').filter({ hasText: '2027' });
    await cell.waitFor();
    expect(await cell.innerText()).toMatch(named('^14 Mar 2027, 10:30 am \\(ZONE\\)$'));
    const text = await table.innerText();
    expect(text).toMatch(named('5 Dec 2026, 1:30 am \\(ZONE\\)'));
    expect(text).toMatch(named('5 Dec 2026, 9:30 am \\(ZONE\\)'));
  });

  it('the recruiter dashboard names the zone its days are in', async () => {
    const page = await (await inKolkata('owner@acme.example.com')).newPage();
    const asked = page.waitForRequest((r) => r.url().includes('/api/v1/dashboard/recruiter'));
    await page.goto(`${e2e.baseUrl}/projects/dashboard`);
    expect(new URL((await asked).url()).searchParams.get('timeZone')).toBe(ZONE);
    await page.getByText(/the period’s days are those of Asia\/Kolkata · Kolkata \(GMT\+5:30\)/).waitFor();
    expect(await page.locator('body').innerText()).not.toContain('UTC days');
  });

  it('the answer page reads a time shown twice at its own offsets, and the reader’s time names its zone', async () => {
    const page = await (await inKolkata()).newPage();
    await page.goto(`${e2e.baseUrl}${answerPath}`);
    await page.locator('[data-state="details"]').waitFor();
    const slots = page.getByTestId('request-slots');
    await slots.waitFor();
    expect(await slots.innerText()).toMatch(
      named(
        '7 Nov 2027, 1:30 am \\(New York, GMT-4\\)–1:30 am \\(New York, GMT-5\\) · 7 Nov 2027, 11:00 am \\(ZONE\\) your time',
      ),
    );
    await page.getByText('America/New_York · New York (GMT-4, GMT-5)', { exact: true }).waitFor();
  });
});
