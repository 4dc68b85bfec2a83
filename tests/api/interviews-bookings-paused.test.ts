/**
 * A booked interview ends when its candidate may no longer be met or turns hidden from companies, whichever way the
 * change comes (talent/effects.ts): pausing their own profile, an admin's edit in the console, the admins' status
 * route, withdrawing their consent to be shown to companies (dataRights/consents.ts). The request ends expired, the interviewer is emailed the calendar cancellation (METHOD:CANCEL), and the time
 * is free for another candidate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import {
  acceptSlot,
  activeCandidates,
  addToProject,
  bookingOutcome,
  makeProject,
  requestInterviews,
} from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { REQUEST_STATE, STAGES } from '../../schema/rules/pipeline';

let t: TestApp;
let owner: Client;
let admin: Client;
let visitor: Client;
let candidates: number[];
let emails: Map<number, string>;

const year = new Date().getUTCFullYear() + 1;

beforeAll(async () => {
  t = await testApp();
  owner = client(t, await t.login('owner@acme.example.com'));
  admin = client(t, await t.login('admin@example.com'));
  visitor = client(t);
  candidates = await activeCandidates(t.knex, 10, { skip: 80 });
  emails = new Map(
    (await t.knex('candidates').whereIn('id', candidates).select('id', 'email')).map((r) => [r.id, r.email]),
  );
});
afterAll(async () => {
  await t?.knex.destroy();
});

const answer = (token: string, slot: string) => acceptSlot(visitor, token, slot);

/** Requests an interview of `a` and `b` at `slot` with `interviewer`, and books `a`'s; answers b's token. */
async function bookFirst(a: number, b: number, slot: string, interviewer: string) {
  const project = await makeProject(t.knex, { title: `Booking ${slot}` });
  await addToProject(t.knex, project, [a, b], STAGES.shortlist);
  const tokens = await requestInterviews(
    t,
    owner,
    emails,
    project,
    [a, b],
    interviewer,
    [slot, `${year}-09-30T10:00`],
    () => runJobs(t),
  );
  const [tokenA, tokenB] = [tokens.get(a) as string, tokens.get(b) as string];
  expect((await answer(tokenA, slot)).status).toBe(200);
  await runJobs(t);
  await runJobs(t);
  // While A's booking stands, B cannot take the same time.
  expect((await answer(tokenB, slot)).status).toBe(409);
  return { project, tokenB };
}

const outcome = (projectId: number, candidate: number, interviewer: string) =>
  bookingOutcome(t.knex, projectId, candidate, interviewer);

describe('A booked interview when its candidate is paused or hidden', () => {
  it('the candidate pausing their own profile cancels it and frees the time', async () => {
    const [a, b] = [candidates[0], candidates[1]];
    const slot = `${year}-09-01T10:00`;
    const { project, tokenB } = await bookFirst(a, b, slot, 'pause-self@acme.example.com');
    const me = client(t, await t.login(emails.get(a) as string));
    const paused = await me.post(`/candidates/Candidate:${a}/pause`);
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    const after = await outcome(project.id, a, 'pause-self@acme.example.com');
    expect(after.state).toBe(REQUEST_STATE.expired);
    expect(after.methods).toContain('CANCEL');
    const second = await answer(tokenB, slot);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
  });

  it.each([
    ['inactive', { status: 2 }, 'put-inactive@acme.example.com'],
    ['hidden', { visibility: false }, 'put-hidden@acme.example.com'],
  ] as const)("an admin's edit making the candidate %s cancels it and frees the time", async (_k, change, ivy) => {
    const at = _k === 'inactive' ? 2 : 4;
    const [a, b] = [candidates[at], candidates[at + 1]];
    const slot = `${year}-09-0${at}T10:00`;
    const { project, tokenB } = await bookFirst(a, b, slot, ivy);
    const put = await admin.put(`/candidates/Candidate:${a}`, change);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const after = await outcome(project.id, a, ivy);
    expect(after.state).toBe(REQUEST_STATE.expired);
    expect(after.methods).toContain('CANCEL');
    expect((await answer(tokenB, slot)).status).toBe(200);
  });

  it("the admins' status route pausing the candidate cancels it; a move to semi-active does not", async () => {
    const [a, b] = [candidates[6], candidates[7]];
    const slot = `${year}-09-08T10:00`;
    const { project } = await bookFirst(a, b, slot, 'bulk@acme.example.com');
    const semi = await admin.post('/candidates/update/status', { candidates: [`Candidate:${a}`], status: 3 });
    expect(semi.status, JSON.stringify(semi.body)).toBe(200);
    expect((await outcome(project.id, a, 'bulk@acme.example.com')).state).toBe(REQUEST_STATE.approved);
    const off = await admin.post('/candidates/update/status', { candidates: [`Candidate:${a}`], status: 2 });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const after = await outcome(project.id, a, 'bulk@acme.example.com');
    expect(after.state).toBe(REQUEST_STATE.expired);
    expect(after.methods).toContain('CANCEL');
  });

  it('the candidate withdrawing their consent to be shown to companies cancels it and frees the time', async () => {
    const [a, b] = [candidates[8], candidates[9]];
    const slot = `${year}-09-10T10:00`;
    const { project, tokenB } = await bookFirst(a, b, slot, 'consent@acme.example.com');
    const me = client(t, await t.login(emails.get(a) as string));
    const withdrawn = await me.put('/data-rights/consents', { shownToCompanies: false });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    const after = await outcome(project.id, a, 'consent@acme.example.com');
    expect(after.state).toBe(REQUEST_STATE.expired);
    expect(after.methods).toContain('CANCEL');
    expect((await answer(tokenB, slot)).status).toBe(200);
  });
});
