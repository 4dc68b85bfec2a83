/**
 * A WhatsApp message the provider refuses never stays queued for ever. A refusal asking again cannot change (a 404 for
 * a template it does not know, a 401 for an expired token) marks the message failed at once, and the qualify request it
 * carries, which then does not keep the candidate from being asked again; an interview request's message is marked
 * failed too, and nothing is left to retry. A transient refusal (503) is retried, and its last attempt fails it the same
 * way.
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
  candidates = await activeCandidates(t.knex, 3, { withPhone: true, skip: 140 });
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

const qualifyMessage = (candidate: number) =>
  t
    .knex('whatsapp_messages as m')
    .join('qualify_requests as q', 'q.id', 'm.qualify_request_id')
    .where('q.candidate_id', candidate)
    .orderBy('m.id')
    .first('m.id', 'm.status', 'm.error');

/** The message's job still in the queue (waiting for a retry), if any. */
const jobOf = async (message: number) =>
  (
    await t.knex.raw('select attempts, max_attempts from graphile_worker._private_jobs where key = ?', [
      `whatsapp-message:${message}`,
    ])
  ).rows[0] as { attempts: number; max_attempts: number } | undefined;

const refusal = (status: number, message: string) => ({
  status,
  body: JSON.stringify({ error: { message, code: status === 401 ? 190 : 132001 } }),
});

describe('A WhatsApp message the provider refuses for good', () => {
  it('template unknown (404): the qualify request and its message fail at once, and the candidate may be asked again', async () => {
    const [candidate] = candidates;
    standIn.failNext.push(refusal(404, 'Template name does not exist in the translation'));
    expect((await qualify(candidate)).status).toBe(201);
    await runJobs(t);

    expect(await requestsOf(candidate)).toMatchObject([{ state: 'failed', reply: null }]);
    const message = await qualifyMessage(candidate);
    expect(message).toMatchObject({ status: 3 });
    expect(message.error).toMatch(/Template name does not exist/);
    expect(await jobOf(message.id)).toBeUndefined();

    const again = await qualify(candidate);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });

  it("token expired (401): an interview request's message fails at once, nothing left to retry", async () => {
    const candidate = candidates[1];
    await runJobs(t); // what the test above queued goes first
    standIn.failNext.push(refusal(401, 'Error validating access token: Session has expired'));
    const { project, channel } = await requestByWhatsapp(t.knex, company, candidate);
    expect(channel).toBe('whatsapp');
    await runJobs(t);

    const request = await t
      .knex('interview_requests')
      .where({ project_id: project.id, candidate_id: candidate })
      .first();
    const message = await t.knex('whatsapp_messages').where('interview_request_id', request.id).first();
    expect(message).toMatchObject({ status: 3, provider_message_id: null });
    expect(message.error).toMatch(/Session has expired/);
    expect(await jobOf(message.id)).toBeUndefined();
  });
});

describe('A WhatsApp message the provider refuses for a while (503)', () => {
  it('is retried, and its last attempt marks it and its qualify request failed', async () => {
    const candidate = candidates[2];
    await runJobs(t);
    const unavailable = refusal(503, 'Service temporarily unavailable');
    standIn.failNext.push(unavailable);
    expect((await qualify(candidate)).status).toBe(201);
    await runJobs(t);

    // The first refusal: kept queued, the job waiting for its retry.
    const queued = await qualifyMessage(candidate);
    expect(queued).toMatchObject({ status: 0 });
    expect(queued.error).toMatch(/temporarily unavailable/);
    expect(await requestsOf(candidate)).toMatchObject([{ state: 'queued' }]);
    const job = await jobOf(queued.id);
    expect(job).toMatchObject({ attempts: 1 });

    // Refused on every try up to the last one, which is due now (as the back-off would make it, days later).
    await t.knex.raw(
      'update graphile_worker._private_jobs set attempts = max_attempts - 1, run_at = now() where key = ?',
      [`whatsapp-message:${queued.id}`],
    );
    standIn.failNext.push(unavailable);
    await runJobs(t);

    expect(await requestsOf(candidate)).toMatchObject([{ state: 'failed', reply: null }]);
    const failed = await qualifyMessage(candidate);
    expect(failed).toMatchObject({ status: 3 });
    expect(failed.error).toMatch(/temporarily unavailable/);
    const again = await qualify(candidate);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });
});
