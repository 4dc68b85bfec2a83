/**
 * Data rights jobs racing people's own actions, each interleaving made certain with row locks:
 * an admin holds an erasure request after the carry_out_erasures job listed it (the job leaves it
 * held); a person is erased while their copy of their data is being prepared (no ZIP is left in
 * storage); a candidate signs in while the daily retention run archives the absent (the sign-in
 * wins and the profile stays).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { beforeAll, describe, expect, it } from 'vitest';
import { storageAt } from '../../backend/adapters/storage';
import { applyRetention, carryOutDueErasures, prepareDataExport } from '../../backend/features/dataRights';
import { CANDIDATE_STATUS } from '../../schema/entities/talentOptions';
import { DATA_RIGHTS_ACTIONS, ERASURE_COOLING_OFF_DAYS, ERASURE_STATUS } from '../../schema/rules/dataRights';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
/** A moment after every request recorded now has fallen due. */
const later = () => new Date(Date.now() + (ERASURE_COOLING_OFF_DAYS + 1) * DAY);

let t: TestApp;
let admin: Client;
/** Active seeded candidates, one per test. */
let people: number[];

/** Resolves once `n` other sessions of this database wait on a lock in a statement naming `table`. */
async function waitersOn(table: string, n = 1): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    const { rows } = await t.knex.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and wait_event_type = 'Lock' and query ilike ?`,
      [`%${table}%`],
    );
    if (rows[0].n >= n) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`nothing came to wait on ${table}`);
}

/** An admin records an erasure request for the candidate; answers its id. */
async function recordErasure(candidateId: number): Promise<number> {
  const res = await admin.post('/data-rights/erasures', { candidateId: `Candidate:${candidateId}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (await t.knex('erasure_requests').where('candidate_id', candidateId).orderBy('id', 'desc').first('id')).id;
}

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  people = (await t
    .knex('candidates')
    .where('status', CANDIDATE_STATUS.active)
    .whereNot('email', 'candidate@example.com')
    .orderBy('id')
    .limit(3)
    .pluck('id')) as number[];
  expect(people).toHaveLength(3);
}, 120_000);

describe('Data rights races', () => {
  it('the erasure job leaves a request an admin held after the job listed it', async () => {
    const candidateId = people[0];
    const requestId = await recordErasure(candidateId);
    const before = await t.knex('candidates').where('id', candidateId).first('first_name', 'email');

    // The request's row is busy; the admin's hold queues for it, then the job lists the request and queues too.
    const busy = await t.knex.transaction();
    let job: Promise<number> | undefined;
    let hold: Promise<{ status: number; body: unknown }> | undefined;
    try {
      await busy('erasure_requests').where('id', requestId).forUpdate().first('id');
      hold = admin.post(`/data-rights/erasures/${requestId}/hold`, { reason: 'A legal hold' }).then((r) => r);
      await waitersOn('erasure_requests');
      job = carryOutDueErasures(t.knex, t.config, later());
      await waitersOn('erasure_requests', 2);
    } finally {
      await busy.commit();
    }
    const held = await hold!;
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(await job!).toBe(0);

    expect(await t.knex('erasure_requests').where('id', requestId).first('status')).toEqual({
      status: ERASURE_STATUS.held,
    });
    expect(await t.knex('candidates').where('id', candidateId).first('first_name', 'email')).toEqual(before);
    const log = await t.knex('data_rights_logs').where('candidate_id', candidateId).pluck('action');
    expect(log).not.toContain(DATA_RIGHTS_ACTIONS.erased);
  });

  it('a copy of the data prepared while its person is erased leaves no ZIP behind', async () => {
    const candidateId = people[1];
    const asked = await admin.post('/data-rights/exports', { candidateId: `Candidate:${candidateId}` });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const exportId = (await t.knex('data_exports').where('candidate_id', candidateId).first('id')).id as number;
    await recordErasure(candidateId);

    // The erasure job runs while the ZIP is being stored: after the data was read, before it is recorded.
    const storage = storageAt(t.config.uploadDir);
    const put = storage.put;
    let erased = 0;
    storage.put = async (data, options) => {
      const key = await put.call(storage, data, options);
      if (options.folder === 'data-exports') erased = await carryOutDueErasures(t.knex, t.config, later());
      return key;
    };
    try {
      await prepareDataExport(t.knex, t.config, exportId);
    } finally {
      storage.put = put;
    }
    expect(erased).toBe(1);

    expect(await filesUnder(path.join(t.config.uploadDir, 'data-exports'))).toEqual([]);
    expect(await t.knex('data_exports').where('candidate_id', candidateId).first()).toBeUndefined();
    expect(await t.knex('data_exports').whereNotNull('file_key').first()).toBeUndefined();
    const log = await t.knex('data_rights_logs').where('candidate_id', candidateId).pluck('action');
    expect(log).not.toContain(DATA_RIGHTS_ACTIONS.exported);
  });

  it('retention does not archive a candidate who signs in while it runs', async () => {
    const candidateId = people[2];
    // Absent for long, reminded past the notice: due to be archived.
    await t
      .knex('candidate_activity')
      .insert({ candidate_id: candidateId, last_active_at: daysAgo(800), reminded_at: daysAgo(31), archived_at: null })
      .onConflict('candidate_id')
      .merge();

    // The sign-in holds the activity row; the run reaches it and waits; the sign-in then commits.
    const signIn: Knex.Transaction = await t.knex.transaction();
    let run: ReturnType<typeof applyRetention> | undefined;
    try {
      await signIn('candidate_activity').where('candidate_id', candidateId).forUpdate().first('candidate_id');
      run = applyRetention(t.knex, t.config);
      await waitersOn('candidate_activity');
      // What a sign-in writes (backend/auth/session.ts): it ends the absence and its reminder.
      await signIn.raw(
        `update candidate_activity set last_active_at = now(), reminded_at = null where candidate_id = ?`,
        [candidateId],
      );
    } finally {
      await signIn.commit();
    }
    const { counts } = await run!;

    expect(counts.inactiveArchived).toBe(0);
    expect(await t.knex('candidates').where('id', candidateId).first('status')).toEqual({
      status: CANDIDATE_STATUS.active,
    });
    expect(await t.knex('candidate_activity').where('candidate_id', candidateId).first('archived_at')).toEqual({
      archived_at: null,
    });
    expect(await t.knex('erasure_requests').where('candidate_id', candidateId).first()).toBeUndefined();
  });
});
