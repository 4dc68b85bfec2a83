/**
 * WhatsApp never pretends. A qualify request the provider failed to deliver reached nobody: it does not keep the
 * candidate from being asked again (one refused because the candidate could no longer receive it still does). And
 * in production without WhatsApp credentials nothing is faked: a qualify request is refused with 409 and a clear
 * message (nothing recorded), the template says WhatsApp is unavailable, an interview request asked by WhatsApp goes
 * by email alone, and a message queued before is marked failed with the reason, not "stored".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import type { TestApp } from '../helpers/app';
import { activeCandidates, requestByWhatsapp } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { whatsappApp, type WhatsappStandIn } from '../helpers/whatsapp';

let t: TestApp;
let standIn: WhatsappStandIn;
let close: () => Promise<void>;
let admin: Client;
let company: Client;
let candidates: number[];

beforeAll(async () => {
  ({ t, standIn, close } = await whatsappApp());
  admin = client(t, await t.login('admin@example.com'));
  company = client(t, await t.login('owner@acme.example.com'));
  candidates = await activeCandidates(t.knex, 4, { withPhone: true, skip: 120 });
  await t.knex('candidates').whereIn('id', candidates).update({ phone_whatsapp: true });
});
afterAll(() => close?.());

const qualify = (candidate: number) =>
  admin.post('/projects/candidate/send/qualify/request', {
    candidateId: [`Candidate:${candidate}`],
    header: 'A role in Lisbon',
    body: 'A backend role that matches your profile. Interested? Reply YES or NO.',
  });

const requestsOf = async (candidate: number) =>
  (await admin.get(`/projects/candidate/qualify/requests?candidate_id=Candidate:${candidate}`)).body.data as {
    state: string;
    reply: string | null;
  }[];

describe('A qualify request that reached nobody', () => {
  it('failed at the provider: shown as failed, and the candidate may be asked again at once', async () => {
    const [candidate] = candidates;
    expect((await qualify(candidate)).status).toBe(201);
    await runJobs(t);
    const message = await t
      .knex('whatsapp_messages as m')
      .join('qualify_requests as q', 'q.id', 'm.qualify_request_id')
      .where('q.candidate_id', candidate)
      .first('m.provider_message_id');
    expect(message?.provider_message_id).toBeTruthy();
    expect((await standIn.status(message.provider_message_id, 'failed')).status).toBe(200);
    expect(await requestsOf(candidate)).toMatchObject([{ state: 'failed', reply: null }]);
    const again = await qualify(candidate);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await t.knex('qualify_requests').where('candidate_id', candidate).pluck('id')).toHaveLength(2);
  });

  it('refused because the candidate unmarked their WhatsApp number: still counts as asked', async () => {
    const candidate = candidates[1];
    expect((await qualify(candidate)).status).toBe(201);
    await t.knex('candidates').where('id', candidate).update({ phone_whatsapp: false });
    await runJobs(t);
    expect(await requestsOf(candidate)).toMatchObject([{ state: 'failed' }]);
    await t.knex('candidates').where('id', candidate).update({ phone_whatsapp: true });
    const again = await qualify(candidate);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('project.qualify.errors.askedRecently');
  });
});

describe('Production without WhatsApp credentials', () => {
  let queued: number;

  beforeAll(async () => {
    // A qualify request queued while WhatsApp was set up, its message not sent yet.
    expect((await qualify(candidates[2])).status).toBe(201);
    queued = (await t.knex('qualify_requests').where('candidate_id', candidates[2]).first('id')).id;
    // The configuration a forgotten WHATSAPP_TOKEN leaves.
    t.config.env = 'production';
    t.config.whatsapp = { ...t.config.whatsapp, token: undefined, phoneNumberId: undefined };
  });

  it('refuses a qualify request with 409 and a clear message, and records nothing', async () => {
    const before = await t.knex('qualify_requests').count({ n: '*' });
    const res = await qualify(candidates[3]);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('whatsapp.errors.unavailable');
    expect(res.body.error.message).toMatch(/WhatsApp is not set up/);
    expect(await t.knex('qualify_requests').count({ n: '*' })).toEqual(before);
  });

  it('says so in the template the portal reads', async () => {
    const template = await admin.get('/projects/candidate/get/qualify/request/template');
    expect(template.status).toBe(200);
    expect(template.body.data.available).toBe(false);
  });

  it('sends an interview request asked by WhatsApp by email alone', async () => {
    const { channel, project } = await requestByWhatsapp(t.knex, company, candidates[3]);
    expect(channel).toBe('email');
    const request = await t.knex('interview_requests').where({ project_id: project.id }).first('id', 'channel');
    expect(request.channel).toBe(1);
    expect(await t.knex('whatsapp_messages').where('interview_request_id', request.id).first()).toBeUndefined();
  });

  it('marks a message queued before as failed, with the reason, never as stored', async () => {
    const posts = standIn.posts;
    await runJobs(t);
    const message = await t.knex('whatsapp_messages').where('qualify_request_id', queued).first();
    expect(message).toMatchObject({ status: 3, provider_message_id: null });
    expect(message.error).toMatch(/WhatsApp is not configured/);
    expect(await requestsOf(candidates[2])).toMatchObject([{ state: 'failed' }]);
    expect(standIn.posts).toBe(posts);
  });
});
