/**
 * Two merges of one chain side by side: A into B, and B into C as another admin, B's row taken by the first merge
 * before the second, each interleaving made certain with a row lock. The first merge is saved and answers so, though
 * the second folds its survivor into C as soon as it commits: what follows a saved merge (finding the survivor's
 * twins) is a find_twins job, never the request's answer. That job still finds the twins a merge makes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_STATUS } from '../../schema/entities/candidateDuplicate';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';

let t: TestApp;
let admin: string;
let advocate: string;
const num = (id: unknown) => Number(String(id).split(':').pop());

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  advocate = await t.login('advocate@example.com');
});

/** Profiles made through the API, one per entry of `over`, their pairs found by the jobs their writes queue. */
async function profiles(over: Record<string, unknown>[]): Promise<number[]> {
  const ids = await talentIds(t.knex);
  const made: number[] = [];
  for (const extra of over) {
    const res = await t.http
      .post('/api/v1/candidates')
      .set(bearer(admin))
      .send(candidatePayload(ids, { experiences: [], ...extra }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    made.push(num(res.body.id));
  }
  await runJobs(t);
  return made;
}

const pairRow = (x: number, y: number) =>
  t
    .knex('candidate_duplicates')
    .where({ candidate_id: Math.min(x, y), other_id: Math.max(x, y) })
    .first();

async function pairId(x: number, y: number): Promise<number> {
  const pair = await pairRow(x, y);
  expect(pair?.status, `the pair ${x}, ${y} is queued`).toBe(DUPLICATE_STATUS.open);
  return pair.id as number;
}

const merge = (token: string, pair: number, survivor: number, keep: Record<string, string> = {}) =>
  t.http
    .post(`/api/v1/candidate-duplicates/${pair}/merge`)
    .set(bearer(token))
    .send({ survivorId: `Candidate:${survivor}`, keep })
    .then((r) => r);

/** Resolves once `n` other sessions of this database wait on a lock in a statement naming `candidates`. */
async function waiters(n: number): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    const { rows } = await t.knex.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'
          and query ilike '%candidates%'`,
    );
    if (rows[0].n >= n) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`fewer than ${n} came to wait on candidates`);
}

describe('A merge whose survivor another merge folds into a third profile as soon as it commits', () => {
  it('answers the saved merge, and both merges are recorded', async () => {
    const stamp = Date.now().toString(36);
    const [a, b, c] = await profiles(
      [0, 1, 2].map((n) => ({
        firstName: 'Chain',
        lastName: `Racer${n}`,
        email: `chain.${stamp}.${n}@example.org`,
        phone: `+65 8123 71${n}0`,
        linkedInUrl: `https://linkedin.com/in/chain-race-${stamp}`,
      })),
    );
    const ab = await pairId(a, b);
    const bc = await pairId(b, c);

    // B's row is busy: the first merge waits for it, then the second, queued behind the first.
    const busy = await t.knex.transaction();
    let first: ReturnType<typeof merge> | undefined;
    let second: ReturnType<typeof merge> | undefined;
    try {
      await busy.raw('select 1 from candidates where id = ? for update', [b]);
      first = merge(admin, ab, b);
      await waiters(1);
      second = merge(advocate, bc, c);
      await waiters(2);
    } finally {
      await busy.commit();
    }
    const [one, two] = await Promise.all([first!, second!]);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    expect(num(one.body.mergedId)).toBe(a);
    // Both saved, in that order; the first names C as its survivor now, as the second moved every row naming B.
    const merges = await t.knex('candidate_merges').whereIn('merged_id', [a, b]).orderBy('id');
    expect(merges.map((r) => [r.survivor_id, r.merged_id])).toEqual([
      [c, a],
      [c, b],
    ]);
    expect(await t.knex('candidates').whereIn('id', [a, b, c]).pluck('id')).toEqual([c]);

    // The twin checks the merges queued run without failing (B's finds no keys of it any more).
    await runJobs(t);
    const failed = await t.knex.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from graphile_worker._private_jobs j
         join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'find_twins'`,
    );
    expect(failed.rows[0].n).toBe(0);
  });
});

describe("A merge's twins", () => {
  it('are found by the find_twins job the merge queues', async () => {
    const stamp = Date.now().toString(36);
    // S and M share a LinkedIn profile; M and D a phone. The survivor takes M's phone, and with it D as a twin.
    const [s, m, d] = await profiles([
      { firstName: 'Oona', lastName: 'Vale', phone: '+65 8123 7201', linkedInUrl: `linkedin.com/in/tw-${stamp}` },
      { firstName: 'Oona', lastName: 'Vale', phone: '+65 8123 7202', linkedInUrl: `linkedin.com/in/tw-${stamp}` },
      { firstName: 'Piet', lastName: 'Hollis', phone: '+65 8123 7202', linkedInUrl: null },
    ]);
    expect((await pairRow(m, d))?.status).toBe(DUPLICATE_STATUS.open);
    expect(await pairRow(s, d)).toBeUndefined();
    const res = await merge(admin, await pairId(s, m), s, { phone: 'merged' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await runJobs(t);
    expect((await pairRow(s, d))?.status).toBe(DUPLICATE_STATUS.open);
  });
});
