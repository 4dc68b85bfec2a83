/**
 * A real read replica: a streaming standby of the run's PostgreSQL made with its own binaries and
 * named by DATABASE_REPLICA_URL. Search, the profile panel and autocompletes read there while it
 * keeps up; the person who has just written reads the primary; a replica whose replay is paused
 * past the lag bound, or that stops, leaves every read to the primary with no error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { closeReplicas } from '../../backend/db/replica';
import { testApp, type TestApp } from '../helpers/app';
import { onServer, pauseReplay, replicaInUse, startReplica, until, type Copy } from '../helpers/replica';

// Long enough for a loaded machine to write and read within it.
const MAX_LAG_MS = 15_000;

let t: TestApp;
let replica: Copy;
let owner: string;
let admin: string;
let candidateId: number;

beforeAll(async () => {
  t = await testApp({ replicaMaxLagMs: MAX_LAG_MS });
  replica = await startReplica(inject('pgAdminUrl'));
  const database = new URL(t.url).pathname.slice(1);
  // The replica has the file's database once it replayed its creation.
  await until(
    () => onServer<{ n: number }>(replica, 'select count(*)::int as n from pg_database where datname = $1', [database]),
    (rows) => rows[0].n === 1,
  );
  t.config.databaseReplicaUrl = replica.urlOf(database);
  candidateId = (await t.knex('candidates').where('email', 'candidate@example.com').first('id')).id;
  owner = await t.login('owner@acme.example.com');
  admin = await t.login('admin@example.com');
  // The process watches its replica from its first read on.
  await as(owner, '/api/v1/skills/search?q=quasar').expect(200);
  // Signing in writes a session, whose reads then go to the primary for the lag bound and two
  // checks: these two signed in long ago.
  await t.knex('sessions').update({ updated_at: t.knex.raw(`now() - interval '1 hour'`) });
}, 60_000);

afterAll(async () => {
  await closeReplicas();
});

const as = (token: string, url: string) => t.http.get(url).set('Authorization', `Bearer ${token}`);

/** What search, the profile panel and the skills autocomplete show of "quasar" to `token`. */
async function reads(token: string) {
  const [search, profile, skills] = await Promise.all([
    as(token, '/api/v1/search?ts=quasar'),
    as(token, `/api/v1/search/candidates/Candidate:${candidateId}`),
    as(token, '/api/v1/skills/search?q=quasar'),
  ]);
  for (const res of [search, profile, skills]) expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    found: search.body.totalResults as number,
    summary: profile.body.summary as string | null,
    skills: (skills.body as { label: string }[]).map((o) => o.label),
  };
}

describe('A streaming read replica', () => {
  it('Serves search, the profile panel and autocompletes, while the writer reads their own change on the primary', async () => {
    expect(await until(replicaInUse, (v) => v === 1)).toBe(1);
    const before = await reads(owner);
    expect(before.found).toBe(0);
    // The replica stops replaying: what is written now is on the primary only.
    await pauseReplay(replica, t.knex);
    const write = await t.http
      .put(`/api/v1/candidates/Candidate:${candidateId}`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ summary: 'Quasar navigation expert.' });
    expect(write.status, JSON.stringify(write.body)).toBe(200);
    await t.knex('skills').insert({ name: 'Quasar Navigation' });
    // Within the lag bound the replica serves others: they do not see the change yet …
    const other = await reads(owner);
    expect(other).toEqual({ found: 0, summary: before.summary, skills: [] });
    expect(await replicaInUse()).toBe(1);
    // … and the writer, whose next reads go to the primary, does.
    // (The autocomplete's names are read again within two seconds of a change: waited for, as a person would.)
    const writer = await until(
      () => reads(admin),
      (r) => r.skills.length > 0,
    );
    expect(writer).toEqual({ found: 1, summary: 'Quasar navigation expert.', skills: ['Quasar Navigation'] });
    const lag = await onServer<{ paused: boolean }>(replica, 'select pg_is_wal_replay_paused() as paused');
    expect(lag[0].paused).toBe(true);
  });

  it('Past the lag bound, a paused replica leaves reads to the primary, and takes them back once it catches up', async () => {
    expect(await until(replicaInUse, (v) => v === 0, MAX_LAG_MS + 10_000)).toBe(0);
    expect(await reads(owner)).toEqual({
      found: 1,
      summary: 'Quasar navigation expert.',
      skills: ['Quasar Navigation'],
    });
    await onServer(replica, 'select pg_wal_replay_resume()');
    expect(await until(replicaInUse, (v) => v === 1)).toBe(1);
    expect(await reads(owner)).toEqual({
      found: 1,
      summary: 'Quasar navigation expert.',
      skills: ['Quasar Navigation'],
    });
  });

  it('A replica that stops costs no request an error: reads go to the primary at once', async () => {
    // The replica's pool holds open connections: the first reads after the stop lose them mid-use.
    await replica.stop();
    for (let i = 0; i < 3; i++) {
      expect(await reads(owner)).toEqual({
        found: 1,
        summary: 'Quasar navigation expert.',
        skills: ['Quasar Navigation'],
      });
    }
    expect(await until(replicaInUse, (v) => v === 0)).toBe(0);
  });
});
