/**
 * The live channel's listening connection, lost and opened again: an event whose transaction took its id before
 * the last one delivered and committed while nobody listened still arrives (and nothing arrives twice), and a
 * listening connection that stops answering (its server process frozen, as a half-open connection looks) is
 * noticed by the liveness check and replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';
import { liveServer, socketOf, type LiveServer } from '../helpers/live';

let w: PipelineWorld;
let s: LiveServer;

beforeAll(async () => {
  w = await pipelineWorld();
  s = await liveServer(w.t);
});
afterAll(async () => {
  await s?.close();
  await w?.t.knex.destroy();
});

/** The database process of this test's listening connection, once there is one (other than `not`). */
async function listenerPid(not = 0): Promise<number> {
  for (let i = 0; i < 200; i += 1) {
    const row = await w
      .knex('pg_stat_activity')
      .whereRaw('datname = current_database() and pid <> pg_backend_pid()')
      .whereRaw(`query ilike 'listen live_events'`)
      .whereNot('pid', not)
      .first('pid');
    if (row) return Number(row.pid);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('nobody listens');
}

const event = (kind: string) => ({ topic: 1, subject_id: w.projects.acme, kind });

describe('A lost listening connection', () => {
  it('an event with a lower id committed while nobody listened is delivered, once, after listening again', async () => {
    const owner = await socketOf(s, w.tokens.company);
    await owner.next((m) => m.type === 'ready');
    // The late transaction takes its id first and commits after a later id was delivered.
    const late = await w.knex.transaction();
    const [{ id: lateId }] = await late('live_events').insert(event('gap.late')).returning('id');
    const [{ id: earlyId }] = await w.knex('live_events').insert(event('gap.early')).returning('id');
    expect(earlyId).toBeGreaterThan(lateId);
    await owner.next((m) => m.kind === 'gap.early');
    const pid = await listenerPid();
    await w.knex.raw('select pg_terminate_backend(?)', [pid]);
    await late.commit();
    expect((await owner.next((m) => m.kind === 'gap.late', 8000)).id).toBe(lateId);
    await owner.quiet(300);
    expect(owner.received.filter((m) => m.kind === 'gap.early')).toHaveLength(1);
    expect(owner.received.filter((m) => m.kind === 'gap.late')).toHaveLength(1);
    expect(await listenerPid(pid)).not.toBe(pid);
    owner.close();
  }, 20_000);

  it('a listening connection that stops answering is ended by the liveness check and opened again', async () => {
    const owner = await socketOf(s, w.tokens.company);
    await owner.next((m) => m.type === 'ready');
    const pid = await listenerPid();
    process.kill(pid, 'SIGSTOP');
    try {
      await w.knex('live_events').insert(event('frozen.before'));
      // The heartbeat's check, asked at once rather than in 30 s.
      await s.live.hub.checkListener();
      await owner.next((m) => m.kind === 'frozen.before', 8000);
      await w.knex('live_events').insert(event('frozen.after'));
      await owner.next((m) => m.kind === 'frozen.after', 3000);
      expect(await listenerPid(pid)).toBeGreaterThan(0);
    } finally {
      process.kill(pid, 'SIGCONT');
      await w.knex.raw('select pg_terminate_backend(?)', [pid]);
    }
    owner.close();
  }, 30_000);
});
