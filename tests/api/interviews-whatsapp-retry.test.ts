/**
 * A WhatsApp interview request's message the provider did not take at once is retried later: each retry checks
 * again what delivering it checked (a company suspended since sends nothing, the message is marked not sent), and an
 * answer the provider may have taken without confirming (200 without a message id) is never posted again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import type { TestApp } from '../helpers/app';
import { activeCandidates, requestByWhatsapp, type TestProject } from '../helpers/interviews';
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
  candidates = await activeCandidates(t.knex, 2, { withPhone: true, skip: 80 });
  await t.knex('candidates').whereIn('id', candidates).update({ phone_whatsapp: true });
});
afterAll(() => close?.());

/** An interview request by WhatsApp to `candidate` (past the suggested tab, where the channel is the company's). */
async function askByWhatsapp(candidate: number): Promise<{ project: TestProject; message: number }> {
  const { project, channel } = await requestByWhatsapp(t.knex, company, candidate);
  expect(channel).toBe('whatsapp');
  await runJobs(t);
  const request = await t.knex('interview_requests').where({ project_id: project.id, candidate_id: candidate }).first();
  const [message] = await t.knex('whatsapp_messages').where('interview_request_id', request.id).pluck('id');
  expect(message).toBeDefined();
  return { project, message };
}

/** The message's job due now, as graphile-worker's backoff would make it hours later. */
const dueAgain = (message: number) =>
  t.knex.raw('update graphile_worker._private_jobs set run_at = now() where key = ?', [`whatsapp-message:${message}`]);

describe('A WhatsApp interview request retried after a provider failure', () => {
  it('answered 200 without a message id: marked sent, unconfirmed, and never posted again', async () => {
    const posts = standIn.posts;
    standIn.failNext.push({ status: 200, body: '{}' });
    const { message } = await askByWhatsapp(candidates[0]);
    await t.knex.raw("select graphile_worker.add_job('send_whatsapp_message', json_build_object('id', ?::int))", [
      message,
    ]);
    await dueAgain(message);
    await runJobs(t);
    expect(standIn.posts - posts).toBe(1);
    const row = await t.knex('whatsapp_messages').where('id', message).first();
    expect(row).toMatchObject({ status: 1, provider_message_id: null });
    expect(row.error).toMatch(/not confirmed/);
  });

  it('refused (503), then the company is suspended: the retry sends nothing and the message is marked not sent', async () => {
    const posts = standIn.posts;
    const sent = standIn.sent.length;
    standIn.failNext.push({
      status: 503,
      body: JSON.stringify({ error: { message: 'Service temporarily unavailable', code: 2 } }),
    });
    const { project, message } = await askByWhatsapp(candidates[1]);
    expect(standIn.posts - posts).toBe(1);
    const queued = await t.knex('whatsapp_messages').where('id', message).first();
    expect(queued.status).toBe(0);
    expect(queued.error).toMatch(/unavailable/);

    const suspend = await admin.put('/companies/status', { ids: [`Company:${project.companyId}`], status: 2 });
    expect(suspend.status, JSON.stringify(suspend.body)).toBe(200);
    await dueAgain(message);
    await runJobs(t);
    expect(standIn.posts - posts).toBe(1);
    expect(standIn.sent.length).toBe(sent);
    const row = await t.knex('whatsapp_messages').where('id', message).first();
    expect(row).toMatchObject({ status: 3, provider_message_id: null });
    expect(row.error).toMatch(/^Not sent/);
  });
});
