/**
 * AI match runs go one at a time on their own queue and never hold every slot of the worker: with
 * two runs queued against a slow model stand-in, a sign-in code asked for afterwards is sent while
 * the first run is still judging and the second still waits its turn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type Worker } from '../../backend/jobs/worker';
import type { TestApp } from '../helpers/app';
import { JD, judgedMatchWorld, type MatchWorld } from '../helpers/aiMatch';
import type { LlmStandIn } from '../helpers/llm';

let t: TestApp;
let llm: LlmStandIn;
let w: MatchWorld;
let worker: Worker | undefined;

/** Reads until `done` holds (or a minute passes); the last value either way. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 600; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return read();
}

beforeAll(async () => {
  ({ t, llm, w } = await judgedMatchWorld('Queued', 60_000));
}, 120_000);

afterAll(async () => {
  await worker?.stop(30_000);
  await llm?.close();
});

describe('AI match runs beside the other jobs', () => {
  it('sends a sign-in code while one run judges and the next waits its turn', async () => {
    // Every answer of the model takes long, so each run holds its job through the test.
    llm.delay(8_000);
    const runs: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const started = await w.admin.post('/projects/ai-match', { jobDescription: JD });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      expect((await w.admin.post(`/projects/ai-match/${started.body.id}/judge`, {})).status).toBe(200);
      runs.push(started.body.id);
    }
    worker = await startWorker(t.url, t.config);
    const state = async () =>
      Promise.all(runs.map(async (id) => (await w.admin.get(`/projects/ai-status/${id}`)).body.status as string));
    expect(await until(state, (s) => s[0] === 'judging')).toEqual(['judging', 'queued']);

    const email = 'member@acme.example.com';
    expect((await t.http.post('/api/v1/auth/send-email-otp').send({ email })).status).toBe(200);
    const sent = () => t.knex('outbox_emails').where('to', email).orderBy('id', 'desc').first('status');
    expect((await until(sent, (row) => row?.status > 0))?.status).toBeGreaterThan(0);
    // Sent while the first run still judges and the second has not begun.
    expect(await state()).toEqual(['judging', 'queued']);

    llm.delay(0);
    for (const id of runs) await w.admin.post(`/projects/ai-match/${id}/cancel`, {});
  }, 120_000);
});
