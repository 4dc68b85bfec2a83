/**
 * The answer page of a request with one proposed time another candidate booked first: pressing Accept shows the
 * refusal (no radio group draws it when there is nothing to choose) and, with no time left, the page says so and
 * no longer offers Accept; Decline stays.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { apiToken } from '../helpers/apiToken';
import { activeCandidates, addToProject, makeProject, requestEmail } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let e2e: E2E;
let ownerToken: string;
let pool: number[];

const year = new Date().getUTCFullYear() + 1;
const FIRST = `${year}-03-02T10:00`;

beforeAll(async () => {
  e2e = await startE2E();
  ownerToken = await apiToken(e2e, 'owner@acme.example.com');
  pool = await activeCandidates(e2e.db.knex, 2, { skip: 140 });
});

/** A project whose two candidates were sent the same one time; the first booked it. Answers the other's link. */
async function secondCandidateLink(title: string, candidates: number[]): Promise<string> {
  const project = await makeProject(e2e.db.knex, { title, advocateEmail: 'advocate@example.com' });
  await addToProject(e2e.db.knex, project, candidates, 0);
  const res = await fetch(`${e2e.baseUrl}/api/v1/projects/candidate/interview/request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ownerToken}` },
    body: JSON.stringify({
      projectId: `Project:${project.id}`,
      candidateId: candidates.map((c) => `Candidate:${c}`),
      requestAction: 'request_interview',
      scheduleData: JSON.stringify({
        interviewerName: 'Ivy Interviewer',
        interviewerEmail: 'ivy@acme.example.com',
        type: 2,
        meetingLink: 'https://meet.example.com/abc',
        duration: 45,
        timezone: 'Asia/Singapore',
        slots: [FIRST],
      }),
    }),
  });
  expect(res.status, await res.text()).toBe(201);
  await runJobs({ url: e2e.db.url, config: e2e.config });
  const [first, second] = await Promise.all(
    candidates.map(async (c) => (await e2e.db.knex('candidates').where('id', c).first('email')).email as string),
  );
  const booked = await fetch(`${e2e.baseUrl}/api/v1/projects/interview-request/check-and-approve`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      interviewRequestToken: (await requestEmail(e2e.db.knex, first)).token,
      accessValue: 'approve',
      slot: FIRST,
    }),
  });
  expect(booked.status).toBe(200);
  const link = new URL((await requestEmail(e2e.db.knex, second)).approveUrl);
  return `${link.pathname}${link.search}`;
}

describe('Accepting the only proposed time after another candidate booked it', () => {
  it('shows the refusal, says no time is left and offers only Decline', async () => {
    const path = await secondCandidateLink('Single Slot Engineer', pool);
    const page = await e2e.newPage({ width: 390, height: 844 });
    await page.goto(`${e2e.baseUrl}${path}`);
    await page.locator('[data-state="details"]').waitFor();
    // One time ahead: nothing to choose, so no radio group.
    await expect(page.getByRole('radio').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Accept the interview' }).click();
    await page.getByText('Another candidate has just booked this time', { exact: false }).waitFor();
    await expect(page.getByTestId('interview-request').getAttribute('data-state')).resolves.toBe('details');
    await expect(page.getByRole('button', { name: 'Accept the interview' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Decline' }).isEnabled()).resolves.toBe(true);
    await page.close();
  });
});
