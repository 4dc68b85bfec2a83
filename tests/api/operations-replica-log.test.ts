/**
 * A replica read that fails is logged by its kind, code and redacted message, never by the statement the query
 * builder writes into its message with the values filled in: an admin's candidate list filtered by an email, on a
 * replica that stops answering (a network partition, played by a TCP proxy that stops forwarding), logs that the
 * replica was lost without the email or the statement.
 */
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { closeReplicas } from '../../backend/db/replica';
import { logger, errorForLog } from '../../backend/logger';
import { testApp, type TestApp } from '../helpers/app';
import { replicaInUse, startReplica, onServer, until, type Copy } from '../helpers/replica';
import { stallingProxy } from '../helpers/stallingProxy';

const EMAIL = 'candidate@example.com';

let t: TestApp;
let replica: Copy;
let database: string;
let admin: string;

beforeAll(async () => {
  t = await testApp({ replicaMaxLagMs: 30_000 });
  replica = await startReplica(inject('pgAdminUrl'));
  database = new URL(t.url).pathname.slice(1);
  await until(
    () => onServer<{ n: number }>(replica, 'select count(*)::int as n from pg_database where datname = $1', [database]),
    (rows) => rows[0].n === 1,
  );
  admin = await t.login('admin@example.com');
  // Signing in keeps a person's reads on the primary for a while: this one did so long ago.
  await t.knex('sessions').update({ updated_at: t.knex.raw(`now() - interval '1 hour'`) });
}, 60_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await closeReplicas();
});

const list = (q: string) =>
  t.http
    .get(`/api/v1/candidates?filter=${encodeURIComponent(JSON.stringify({ q }))}&range=[0,9]`)
    .set('Authorization', `Bearer ${admin}`)
    .timeout(20_000);

describe('A failed replica read in the log', () => {
  it('names the failure, not the statement or the email the list was filtered by', async () => {
    const proxy = await stallingProxy(replica.port);
    const user = new URL(t.url);
    t.config.databaseReplicaUrl = `postgres://${user.username}:${user.password}@127.0.0.1:${proxy.port}/${database}`;
    // The first read opens the replica (through the proxy) and starts checking it.
    expect((await list('quasar')).status).toBe(200);
    expect(await until(replicaInUse, (v) => v === 1)).toBe(1);
    // One good read through the proxy: the replica's pool holds a connection through it.
    expect((await list('quasar')).status).toBe(200);
    const warn = vi.spyOn(logger, 'warn');
    proxy.stall();
    try {
      const answer = await list(EMAIL);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect((answer.body as { email: string }[]).map((c) => c.email)).toContain(EMAIL);
    } finally {
      await proxy.close();
    }
    const lines = warn.mock.calls.map((args) =>
      JSON.stringify(args, (key, value) => (key === 'err' ? errorForLog(value) : value)),
    );
    expect(lines.some((line) => line.includes('read replica lost'))).toBe(true);
    for (const line of lines) {
      expect(line).not.toContain(EMAIL);
      // A slow statement is logged by its SQL, never its values (docs/operations.md); nothing else names a statement.
      if (!line.includes('"slow statement"')) expect(line.toLowerCase()).not.toContain('select');
    }
  }, 60_000);
});
