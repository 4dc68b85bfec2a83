/**
 * A project that closes (cancelled now) or is deleted ends its interviews in the same transaction
 * (backend/features/projects/endInterviews.ts): its booked interview ends expired, the interviewer and the candidate
 * are emailed the calendar cancellation (METHOD:CANCEL), and the interviewer's time is free for the company's other
 * projects. A request still to be answered stays, and its answer is refused with 409 (the role is no longer open).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../helpers/actors';
import type { TestApp } from '../helpers/app';
import {
  acceptSlot,
  addToProject,
  bookingOutcome,
  interviewsApp,
  makeProject,
  requestInterviews,
} from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { REQUEST_STATE, STAGES } from '../../schema/rules/pipeline';

let t: TestApp;
let owner: Client;
let visitor: Client;
let candidates: number[];
let emails: Map<number, string>;

const year = new Date().getUTCFullYear() + 1;

beforeAll(async () => {
  ({ t, owner, visitor, candidates, emails } = await interviewsApp(6, 640));
});
afterAll(async () => {
  await t?.knex.destroy();
});

const answer = (token: string, slot: string) => acceptSlot(visitor, token, slot);

/** Requests interviews of `ids` in a new project at `slot` with `interviewer`; answers their tokens by candidate. */
async function requested(ids: number[], slot: string, interviewer: string, title: string) {
  const project = await makeProject(t.knex, { title });
  await addToProject(t.knex, project, ids, STAGES.shortlist);
  const tokens = await requestInterviews(
    t,
    owner,
    emails,
    project,
    ids,
    interviewer,
    [slot, `${year}-10-30T10:00`],
    () => runJobs(t),
  );
  return { project, tokens };
}

/** Books `a` in a new project (its invitation sent); `b` is left with a pending request there. */
async function booked(a: number, b: number, slot: string, interviewer: string) {
  const { project, tokens } = await requested([a, b], slot, interviewer, `Closing ${slot}`);
  expect((await answer(tokens.get(a) as string, slot)).status).toBe(200);
  await runJobs(t);
  await runJobs(t);
  tokensOf.set(project.id, tokens);
  return project;
}

/** Each booked project's answer tokens by candidate. */
const tokensOf = new Map<number, Map<number, string>>();

const outcome = (projectId: number, candidate: number, to: string) => bookingOutcome(t.knex, projectId, candidate, to);

describe('Closing or deleting a project ends its interviews', () => {
  it("cancelling now cancels the booking, refuses the pending request's answer and frees the time", async () => {
    const [a, b, c] = candidates;
    const slot = `${year}-10-01T10:00`;
    const ivy = 'close-now@acme.example.com';
    const project = await booked(a, b, slot, ivy);
    const cancelled = await owner.post('/projects/cancel', { projectId: `Project:${project.id}`, when: 'now' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = await outcome(project.id, a, ivy);
    expect(after.state).toBe(REQUEST_STATE.expired);
    expect(after.methods).toContain('CANCEL');
    expect((await outcome(project.id, a, emails.get(a) as string)).methods).toContain('CANCEL');
    expect((await outcome(project.id, b, ivy)).state).toBe(REQUEST_STATE.sent);
    const late = await answer(tokensOf.get(project.id)?.get(b) as string, `${year}-10-30T10:00`);
    expect(late.status, JSON.stringify(late.body)).toBe(409);
    // Another project of the company books the same interviewer at an overlapping time.
    const other = await requested([c], `${year}-10-01T10:30`, ivy, 'Other project');
    const taken = await answer(other.tokens.get(c) as string, `${year}-10-01T10:30`);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
  });

  it('a bulk delete cancels the booking before its requests go', async () => {
    const [, , , a, b] = candidates;
    const slot = `${year}-10-05T10:00`;
    const ivy = 'bulk-delete@acme.example.com';
    const project = await booked(a, b, slot, ivy);
    const deleted = await owner.delete('/projects').send({ keys: [`Project:${project.id}`] });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const after = await outcome(project.id, a, ivy);
    expect(after.state).toBeUndefined();
    expect(after.methods).toContain('CANCEL');
    expect((await outcome(project.id, a, emails.get(a) as string)).methods).toContain('CANCEL');
  });
});
