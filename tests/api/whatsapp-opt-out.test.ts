/**
 * A candidate's WhatsApp opt-out ("STOP") is honoured: the reply is recorded as an opt-out, not an answer; their phone
 * is no longer marked WhatsApp, so a later qualify request is refused (409) and an interview request goes by email,
 * with nothing posted to the provider; turning WhatsApp on again on their own profile undoes it. And a "YES" typed
 * after a question, quoting nothing, is the candidate's answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import type { TestApp } from '../helpers/app';
import { activeCandidates, makeProject, requestByWhatsapp } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { whatsappApp, type WhatsappStandIn } from '../helpers/whatsapp';

let t: TestApp;
let standIn: WhatsappStandIn;
let close: () => Promise<void>;
let admin: Client;
let company: Client;
let cands: number[];

beforeAll(async () => {
  ({ t, standIn, close } = await whatsappApp());
  admin = client(t, await t.login('admin@example.com'));
  company = client(t, await t.login('owner@acme.example.com'));
  cands = await activeCandidates(t.knex, 3, { withPhone: true, skip: 230 });
  await t.knex('candidates').whereIn('id', cands).update({ phone_whatsapp: true });
});
afterAll(() => close?.());

const digits = (p: string) => p.replace(/\D/g, '');

/** An admin's qualify request to one candidate, sent by the jobs; its row. */
async function qualify(candidate: number, projectId?: number) {
  const res = await admin.post('/projects/candidate/send/qualify/request', {
    candidateId: [`Candidate:${candidate}`],
    ...(projectId ? { projectId: `Project:${projectId}` } : {}),
    header: 'A backend role',
    body: 'Are you open to it? Reply YES or NO.',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await runJobs(t);
  return t.knex('qualify_requests').where('candidate_id', candidate).orderBy('id', 'desc').first();
}

/** The candidate's requests as admins read them. */
const shown = async (candidate: number) =>
  (await admin.get(`/projects/candidate/qualify/requests?candidate_id=Candidate:${candidate}`)).body.data;

/** Lets the once-a-day limit pass: the candidate's qualify requests made 25 hours ago. */
const dayLater = (candidate: number) =>
  t
    .knex('qualify_requests')
    .where('candidate_id', candidate)
    .update({ created_at: new Date(Date.now() - 25 * 3_600_000) });

describe('A WhatsApp opt-out', () => {
  it('STOP is recorded as an opt-out, admins read "opted out", and nothing more goes out by WhatsApp', async () => {
    const c = cands[0];
    const project = await makeProject(t.knex);
    const row = await qualify(c, project.id);
    expect(row.state).toBe(1);

    const stop = await standIn.reply(digits(row.to_phone), ' Stop ');
    expect(stop.status).toBe(200);
    expect((await shown(c))[0]).toMatchObject({ state: 'replied', reply: 'optOut', replyText: ' Stop ' });
    const titles = JSON.stringify((await admin.get('/notifications?filter=all')).body);
    expect(titles).toContain('opted out of WhatsApp in reply to the qualify request for');
    expect(titles).not.toContain('answered the qualify request');
    // A later yes does not undo it: that is the candidate's to do on their profile.
    await standIn.reply(digits(row.to_phone), 'Yes', row.provider_message_id);
    expect((await shown(c))[0]).toMatchObject({ reply: 'optOut' });

    await dayLater(c);
    const posts = standIn.posts;
    const again = await admin.post('/projects/candidate/send/qualify/request', {
      candidateId: [`Candidate:${c}`],
      header: 'Another role',
      body: 'Open to it?',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('project.qualify.errors.noWhatsapp');

    const { channel } = await requestByWhatsapp(t.knex, company, c);
    expect(channel).toBe('email');
    await runJobs(t);
    expect(standIn.posts).toBe(posts);
  });

  it('a message queued before the opt-out is not sent', async () => {
    const c = cands[1];
    const row = await qualify(c);
    await dayLater(c);
    const queued = await admin.post('/projects/candidate/send/qualify/request', {
      candidateId: [`Candidate:${c}`],
      header: 'Another role',
      body: 'Open to it?',
    });
    expect(queued.status).toBe(201);
    const posts = standIn.posts;
    await standIn.reply(digits(row.to_phone), 'UNSUBSCRIBE');
    await runJobs(t);
    expect(standIn.posts).toBe(posts);
    expect((await shown(c))[0]).toMatchObject({ state: 'failed' });
  });

  it('the candidate turns WhatsApp on again on their profile, and is messaged again', async () => {
    const c = cands[0];
    const { email } = await t.knex('candidates').where('id', c).first('email');
    const candidate = client(t, await t.login(email));
    const on = await candidate.put(`/candidates/Candidate:${c}`, { phoneWhatsapp: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    await dayLater(c);
    const posts = standIn.posts;
    const row = await qualify(c);
    expect(row.state).toBe(1);
    expect(standIn.posts).toBe(posts + 1);
  });
});

describe('A typed answer after a question', () => {
  it('"Which company is it?" then "YES", neither quoting the request: the answer is yes', async () => {
    const c = cands[2];
    const row = await qualify(c);
    const from = digits(row.to_phone);
    await standIn.reply(from, 'Which company is it?', undefined, { at: new Date(Date.now() - 60_000) });
    const yes = await standIn.reply(from, 'YES');
    expect(await yes.json()).toMatchObject({ replies: 1 });
    expect((await shown(c))[0]).toMatchObject({ state: 'replied', reply: 'yes', replyText: 'YES' });
    const stored = await t.knex('qualify_requests').where('id', row.id).first('reply');
    expect(stored.reply).toBe(1);
  });
});
