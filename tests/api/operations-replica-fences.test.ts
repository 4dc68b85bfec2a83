/**
 * A real streaming replica where the quick path is not enough: a console import the worker ends
 * long after its upload fences its admin's reads on the primary, so the candidate list they go
 * back to shows the imported rows while the replica lags within its bound; and a replica that
 * stops answering without refusing connections (a network partition, played by a TCP proxy that
 * stops forwarding) costs a search a few seconds, not a hang: it is answered from the primary.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeReplicas } from '../../backend/db/replica';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';
import { stallingProxy } from '../helpers/stallingProxy';
import { onCopy, onServer, pauseReplay, replicaInUse, startReplica, until, type Copy } from '../helpers/replica';

// Long enough for a loaded machine to upload, run the import and read within it.
const MAX_LAG_MS = 30_000;
/** A stalled replica's read gives up after 5 s (db/replica.ts READ_TIMEOUT_MS) and runs on the primary. */
const ANSWERED_WITHIN_MS = 8000;

let t: TestApp;
let replica: Copy;
let database: string;
let owner: string;
let admin: string;

/** Signing in (or any write) keeps a person's reads on the primary for a while: these did so long ago. */
const longAgo = () => t.knex('sessions').update({ updated_at: t.knex.raw(`now() - interval '1 hour'`) });

beforeAll(async () => {
  t = await testApp({ replicaMaxLagMs: MAX_LAG_MS });
  replica = await startReplica(inject('pgAdminUrl'));
  database = new URL(t.url).pathname.slice(1);
  await until(
    () => onServer<{ n: number }>(replica, 'select count(*)::int as n from pg_database where datname = $1', [database]),
    (rows) => rows[0].n === 1,
  );
  t.config.databaseReplicaUrl = replica.urlOf(database);
  owner = await t.login('owner@acme.example.com');
  admin = await t.login('admin@example.com');
  await as(owner, '/api/v1/skills/search?q=quasar').expect(200);
  await longAgo();
}, 60_000);

afterAll(async () => {
  await closeReplicas();
});

const as = (token: string, url: string) => t.http.get(url).set('Authorization', `Bearer ${token}`);

const HEADER =
  'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills';
const IMPORTED = 'replica.import@import.example.com';

/** Imports one candidate through the worker for the admin, the upload's own fence long past; then lists as them. */
async function importAndList() {
  const file = `${HEADER}\n${IMPORTED},Ana,Lim,Singapore (SG),Singapore (SG):1,Software Engineer,1,7000,1:1,TypeScript\n`;
  const started = await t.http
    .post('/api/v1/candidates/imports')
    .set('Authorization', `Bearer ${admin}`)
    .attach('file', Buffer.from(file), 'talent.csv');
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  // The upload's own fence has long passed when a large import ends.
  await longAgo();
  await runJobs(t);
  const status = await as(admin, `/api/v1/candidates/imports/${started.body.id}`);
  expect(status.body).toMatchObject({ status: 'done', created: 1 });
  // The replica serves others and has not replayed the import …
  expect(await replicaInUse()).toBe(1);
  expect(await onCopy(replica, database, 'select id from candidates where email = $1', [IMPORTED])).toEqual([]);
  // … and the admin who started it reads the list where the rows are.
  const list = await as(admin, '/api/v1/candidates?sort=["createdAt","DESC"]&range=[0,9]');
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  expect((list.body as { email: string }[]).map((c) => c.email)).toContain(IMPORTED);
}

describe('A streaming read replica, past the quick path', () => {
  it("An import the worker ends fences its admin's reads: the candidate list they go back to shows the imported rows", async () => {
    expect(await until(replicaInUse, (v) => v === 1)).toBe(1);
    await pauseReplay(replica, t.knex);
    try {
      await importAndList();
    } finally {
      await onServer(replica, 'select pg_wal_replay_resume()');
    }
  });

  it('A replica that stops answering without refusing costs a search seconds, not a hang: the primary answers', async () => {
    const proxy = await stallingProxy(replica.port);
    const user = new URL(t.url);
    // The process reaches its replica through the proxy only.
    await closeReplicas();
    t.config.databaseReplicaUrl = `postgres://${user.username}:${user.password}@127.0.0.1:${proxy.port}/${database}`;
    await as(owner, '/api/v1/skills/search?q=quasar').expect(200);
    expect(await until(replicaInUse, (v) => v === 1)).toBe(1);
    // One good read through the proxy: the replica's pool holds a connection through it.
    const good = await as(owner, '/api/v1/search?ts=quasar');
    expect(good.status).toBe(200);
    expect(good.body.totalResults).toBe(0);
    // Replay pauses and a change is written: the replica (within its bound) would still answer 0.
    await pauseReplay(replica, t.knex);
    const candidate = await t.knex('candidates').where('email', 'candidate@example.com').first('id');
    const write = await t.http
      .put(`/api/v1/candidates/Candidate:${candidate.id}`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ summary: 'Quasar navigation expert.' });
    expect(write.status, JSON.stringify(write.body)).toBe(200);
    proxy.stall();
    try {
      const began = Date.now();
      const search = await as(owner, '/api/v1/search?ts=quasar').timeout(20_000);
      expect(search.status).toBe(200);
      // 1: the primary's answer (the paused replica has not replayed the change).
      expect(search.body.totalResults).toBe(1);
      expect(Date.now() - began).toBeLessThan(ANSWERED_WITHIN_MS);
      // The replica is off until a check finds it fresh, which none can while it answers nothing.
      expect(await replicaInUse()).toBe(0);
    } finally {
      await proxy.close();
      await onServer(replica, 'select pg_wal_replay_resume()');
    }
  }, 60_000);
});
