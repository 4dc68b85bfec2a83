/**
 * The other ways a booked interview loses its project or its candidate end it as a closed project does
 * (backend/features/projects/endInterviews.ts): an admin deleting the candidate (talent/candidates.ts) or the company
 * with its projects (team/companies.ts) emails the interviewer and the candidate the calendar cancellation
 * (METHOD:CANCEL) before the requests go by cascade, and a link to a request gone with them answers 404, never 500 nor
 * an acceptance. Guards: a company deactivated cancels its projects' bookings and refuses answers to their open requests
 * with 409 until it is active again, deleting one project through the console cancels its booking, and a paused
 * project keeps its booking while an answer to its open request is refused with 409 (the role is not open meanwhile).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import type { TestApp } from '../helpers/app';
import {
  acceptSlot,
  addToProject,
  bookingOutcome,
  interviewsApp,
  makeProject,
  requestInterviews,
  type TestProject,
} from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { PROJECT_STATUS, REQUEST_STATE, STAGES } from '../../schema/rules/pipeline';

let t: TestApp;
let owner: Client;
let admin: Client;
let visitor: Client;
let candidates: number[];
let emails: Map<number, string>;

const year = new Date().getUTCFullYear() + 1;
const LATER = `${year}-11-30T10:00`;

beforeAll(async () => {
  ({ t, owner, visitor, candidates, emails } = await interviewsApp(10, 660));
  admin = client(t, await t.login('admin@example.com'));
});
afterAll(async () => {
  await t?.knex.destroy();
});

const answer = (token: string, slot: string) => acceptSlot(visitor, token, slot);

/**
 * `sender` requests interviews of `a` and `b` in `project` with `ivy`; `a` books `slot` (the invitation sent), `b` is
 * left with a pending request. Answers `a`'s and `b`'s tokens.
 */
async function bookOne(sender: Client, project: TestProject, a: number, b: number, slot: string, ivy: string) {
  await addToProject(t.knex, project, [a, b], STAGES.shortlist);
  const tokens = await requestInterviews(t, sender, emails, project, [a, b], ivy, [slot, LATER], () => runJobs(t));
  const accepted = await answer(tokens.get(a) as string, slot);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  await runJobs(t);
  await runJobs(t);
  expect((await bookingOutcome(t.knex, project.id, a, ivy)).methods).toContain('REQUEST');
  return { tokenA: tokens.get(a) as string, tokenB: tokens.get(b) as string };
}

/** A company made by an admin, with nobody in it yet, and a project of it (as a project left when its people went). */
async function peoplelessCompany(name: string, domain: string) {
  const created = await admin.post('/companies', {
    companyName: `${name} Pte Ltd`,
    legalEntityName: `${name} Pte Ltd`,
    companyRegistrationNumber: '201999999Z',
    address: '1 Gone Road, Singapore',
    companyType: 2,
    status: 1,
    validDomains: [`${domain}.example.com`],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const companyId = Number(String(created.body.id).replace(/\D/g, ''));
  const project = await makeProject(t.knex, { ownerEmail: null, title: `${name} project` });
  await t.knex('projects').where('id', project.id).update({ company_id: companyId });
  return { ref: created.body.id as string, project: { ...project, companyId } };
}

/** The calendar methods emailed to `to`. */
const methodsTo = async (to: string) => (await bookingOutcome(t.knex, 0, 0, to)).methods;

describe('Every way a booked interview loses its project or its candidate ends it', () => {
  it('an admin deleting the candidate cancels their booking, telling the interviewer and the candidate', async () => {
    const [a, b] = candidates;
    const ivy = 'candidate-deleted@acme.example.com';
    const project = await makeProject(t.knex, { title: 'Candidate deleted' });
    const { tokenA } = await bookOne(owner, project, a, b, `${year}-11-02T10:00`, ivy);
    const deleted = await admin.delete(`/candidates/Candidate:${a}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await methodsTo(ivy)).toContain('CANCEL');
    expect(await methodsTo(emails.get(a) as string)).toContain('CANCEL');
    // The request went with the candidate: its link names nothing now.
    expect((await answer(tokenA, LATER)).status).toBe(404);
  });

  it("an admin deleting a company without people cancels its projects' bookings", async () => {
    const [, , a, b] = candidates;
    const ivy = 'company-deleted@acme.example.com';
    const { ref, project } = await peoplelessCompany('Gone Soon', 'company-deleted');
    const { tokenB } = await bookOne(admin, project, a, b, `${year}-11-04T10:00`, ivy);
    const deleted = await admin.delete(`/companies/${ref}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await methodsTo(ivy)).toContain('CANCEL');
    expect(await methodsTo(emails.get(a) as string)).toContain('CANCEL');
    expect((await answer(tokenB, LATER)).status).toBe(404);
  });

  it('a company deactivated cancels the bookings, refuses open answers with 409, and takes them again once active (guard)', async () => {
    const [, , , , , , , , a, b] = candidates;
    const ivy = 'company-held@acme.example.com';
    const { ref, project } = await peoplelessCompany('Held Soon', 'company-held');
    const { tokenB } = await bookOne(admin, project, a, b, `${year}-11-10T10:00`, ivy);
    const held = await admin.put(`/companies/${ref}`, { status: 2 });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const after = await bookingOutcome(t.knex, project.id, a, ivy);
    expect(after.state).toBe(REQUEST_STATE.expired);
    expect(after.methods).toContain('CANCEL');
    expect(await methodsTo(emails.get(a) as string)).toContain('CANCEL');
    const late = await answer(tokenB, LATER);
    expect(late.status, JSON.stringify(late.body)).toBe(409);
    expect((await admin.put(`/companies/${ref}`, { status: 1 })).status).toBe(200);
    const reopened = await answer(tokenB, LATER);
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
  });

  it('deleting one project through the console cancels its booking (guard)', async () => {
    const [, , , , a, b] = candidates;
    const ivy = 'project-deleted@acme.example.com';
    const project = await makeProject(t.knex, { title: 'Project deleted' });
    await bookOne(owner, project, a, b, `${year}-11-06T10:00`, ivy);
    const deleted = await admin.delete(`/projects/Project:${project.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await methodsTo(ivy)).toContain('CANCEL');
    expect(await methodsTo(emails.get(a) as string)).toContain('CANCEL');
  });

  it('a paused project keeps its booking and refuses an answer to its open request with 409 (guard)', async () => {
    const [, , , , , , a, b] = candidates;
    const ivy = 'project-paused@acme.example.com';
    const project = await makeProject(t.knex, { title: 'Project paused' });
    const { tokenB } = await bookOne(owner, project, a, b, `${year}-11-08T10:00`, ivy);
    const paused = await owner.put('/projects', { keys: [`Project:${project.id}`], status: PROJECT_STATUS.paused });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    const after = await bookingOutcome(t.knex, project.id, a, ivy);
    expect(after.state).toBe(REQUEST_STATE.approved);
    expect(after.methods).not.toContain('CANCEL');
    const late = await answer(tokenB, LATER);
    expect(late.status, JSON.stringify(late.body)).toBe(409);
    expect((await bookingOutcome(t.knex, project.id, b, ivy)).state).toBe(REQUEST_STATE.sent);
  });
});
