/**
 * What a candidate receives is read again when it goes, not only when it was asked for: an interview request queued
 * while the candidate may be contacted, then made moot (the candidate paused or withdrew the consent to be shown to
 * companies, the project closed, the company was suspended) delivers nothing when the job runs (no email, no
 * WhatsApp) and is marked expired; a qualify request queued, then the candidate paused, is not sent to WhatsApp and
 * is marked failed. A qualify request goes only to a phone the candidate marked as WhatsApp.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { REQUEST_STATE } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import type { TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { whatsappApp, type WhatsappStandIn } from '../helpers/whatsapp';

let t: TestApp;
let standIn: WhatsappStandIn;
let close: () => Promise<void>;
let admin: Client;
let owner: Client;
let people: { id: number; email: string; phone: string }[];

beforeAll(async () => {
  ({ t, standIn, close } = await whatsappApp());
  admin = client(t, await t.login('admin@example.com'));
  owner = client(t, await t.login('owner@acme.example.com'));
  const ids = await activeCandidates(t.knex, 9, { withPhone: true, skip: 80 });
  await t.knex('candidates').whereIn('id', ids).update({ phone_whatsapp: true });
  people = await t.knex('candidates').whereIn('id', ids).orderBy('id').select('id', 'email', 'phone');
});
afterAll(() => close?.());

const digits = (p: string) => p.replace(/\D/g, '');
const whatsappTo = (phone: string) => standIn.sent.filter((s) => s.body.to === digits(phone));
const requestMails = async (email: string) =>
  (await listOutbox(t.knex, email, 50)).filter((m) => /Interview request/.test(m.subject));
const asCandidate = async (email: string) => client(t, await t.login(email));

/** The Acme owner asks `candidate` for an interview over WhatsApp; the delivery job is queued, not run. */
async function requested(candidate: number): Promise<TestProject> {
  const project = await makeProject(t.knex, { title: `Role for ${candidate}` });
  await addToProject(t.knex, project, [candidate], 0);
  const res = await owner.post('/projects/candidate/interview/request', {
    projectId: `Project:${project.id}`,
    candidateId: `Candidate:${candidate}`,
    requestAction: 'request_interview',
    channel: 'whatsapp',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return project;
}

/** After the jobs ran: nothing reached the candidate, and the request will not be delivered later. */
async function nothingDelivered(project: TestProject, person: (typeof people)[number]) {
  await runJobs(t);
  expect(await requestMails(person.email)).toEqual([]);
  expect(whatsappTo(person.phone)).toEqual([]);
  const request = await t.knex('interview_requests').where({ project_id: project.id, candidate_id: person.id }).first();
  expect(request).toMatchObject({ state: REQUEST_STATE.expired, delivered_at: null });
  expect(await t.knex('whatsapp_messages').where('interview_request_id', request.id)).toEqual([]);
}

describe('An interview request queued, then made moot before the job runs', () => {
  it('still goes out when nothing changed: one email and one WhatsApp message', async () => {
    const person = people[0];
    await requested(person.id);
    await runJobs(t);
    expect(await requestMails(person.email)).toHaveLength(1);
    expect(whatsappTo(person.phone)).toHaveLength(1);
  });

  it('the candidate paused their profile: no email, no WhatsApp, expired', async () => {
    const person = people[1];
    const me = await asCandidate(person.email);
    const project = await requested(person.id);
    expect((await me.post(`/candidates/Candidate:${person.id}/pause`)).status).toBe(200);
    await nothingDelivered(project, person);
  });

  it('the candidate withdrew the consent to be shown to companies: no email, no WhatsApp, expired', async () => {
    const person = people[2];
    const me = await asCandidate(person.email);
    const project = await requested(person.id);
    expect((await me.put('/data-rights/consents', { shownToCompanies: false })).status).toBe(200);
    await nothingDelivered(project, person);
  });

  it('the project was closed: no email, no WhatsApp, expired', async () => {
    const person = people[3];
    const project = await requested(person.id);
    expect((await owner.put('/projects', { keys: [`Project:${project.id}`], status: 3 })).status).toBe(200);
    await nothingDelivered(project, person);
  });

  it('the admin suspended the company: no email, no WhatsApp, expired', async () => {
    const person = people[4];
    const project = await requested(person.id);
    const suspend = await admin.put('/companies/status', { ids: [`Company:${project.companyId}`], status: 2 });
    expect(suspend.status, JSON.stringify(suspend.body)).toBe(200);
    await nothingDelivered(project, person);
  });
});

describe('A qualify request', () => {
  const qualify = (candidateIds: number[]) =>
    admin.post('/projects/candidate/send/qualify/request', {
      candidateId: candidateIds.map((c) => `Candidate:${c}`),
      header: 'A role for you',
      body: 'Interested? Reply YES or NO.',
    });

  it('queued, then the candidate paused: nothing sent to WhatsApp, the message and the request marked failed', async () => {
    const person = people[5];
    const me = await asCandidate(person.email);
    const res = await qualify([person.id]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await me.post(`/candidates/Candidate:${person.id}/pause`)).status).toBe(200);
    await runJobs(t);
    expect(whatsappTo(person.phone)).toEqual([]);
    const request = await t.knex('qualify_requests').where('candidate_id', person.id).first();
    expect(request).toMatchObject({ state: 4, provider_message_id: null });
    const message = await t.knex('whatsapp_messages').where('qualify_request_id', request.id).first();
    expect(message).toMatchObject({ status: 3, provider_message_id: null, sent_at: null });
    // The job again changes nothing.
    await t.knex.raw("select graphile_worker.add_job('send_whatsapp_message', json_build_object('id', ?::int))", [
      message.id,
    ]);
    await runJobs(t);
    expect(whatsappTo(person.phone)).toEqual([]);
  });

  it('skips a phone not marked as WhatsApp, as one without a phone: 409 noWhatsapp when none is left', async () => {
    const [unmarked, marked] = [people[6], people[7]];
    await t.knex('candidates').where('id', unmarked.id).update({ phone_whatsapp: false });
    const alone = await qualify([unmarked.id]);
    expect(alone.status, JSON.stringify(alone.body)).toBe(409);
    expect(alone.body.error.code).toBe('project.qualify.errors.noWhatsapp');

    const both = await qualify([unmarked.id, marked.id]);
    expect(both.status, JSON.stringify(both.body)).toBe(201);
    expect(both.body.skipped).toEqual([`Candidate:${unmarked.id}`]);
    expect(both.body.sent).toHaveLength(1);
    await runJobs(t);
    expect(await t.knex('qualify_requests').where('candidate_id', unmarked.id)).toEqual([]);
    expect(await t.knex('whatsapp_messages').where('to', unmarked.phone)).toEqual([]);
    expect(whatsappTo(unmarked.phone)).toEqual([]);
    expect(whatsappTo(marked.phone)).toHaveLength(1);
  });
});
