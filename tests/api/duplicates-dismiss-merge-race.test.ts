/**
 * "Not the same person" said of a pair while it is being merged: the dismissal waits for the merge's lock on the pair
 * and then answers 409 duplicates.notOpen saying the pair was merged, rather than "dismissed" for a pair the merge
 * already removed. Exactly one of the two answers 200. Each interleaving is made certain by holding the pair's row lock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { pairOf } from '../helpers/duplicatePairs';
import { bearer } from '../helpers/talent';

let t: TestApp;
let admin: string;
const num = (id: unknown) => Number(String(id).split(':').pop());

/** Resolves once `n` other sessions of this database wait on a lock in a statement naming candidate_duplicates. */
async function waiters(n: number): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    const { rows } = await t.knex.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'
          and query ilike '%candidate_duplicates%'`,
    );
    if (rows[0].n >= n) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${n} did not come to wait on candidate_duplicates`);
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
}, 120_000);

describe('A dismissal racing a merge of the same pair', () => {
  it('waits for the merge and says the pair was merged: exactly one 200', async () => {
    const { a, pairId } = await pairOf(t, admin, { phone: '+6591234567', first: 'Odile', last: 'Varga' });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const holding = new Promise<void>((r) => (locked = r));
    const lock = t.knex.transaction(async (trx) => {
      await trx.raw('select id from candidate_duplicates where id = ? for update', [num(pairId)]);
      locked();
      await held;
    });
    await holding;
    const merge = t.http
      .post(`/api/v1/candidate-duplicates/${pairId}/merge`)
      .set(bearer(admin))
      .send({ survivorId: `Candidate:${a}`, keep: {} })
      .then((r) => r);
    await waiters(1);
    const dismiss = t.http
      .post(`/api/v1/candidate-duplicates/${pairId}/dismiss`)
      .set(bearer(admin))
      .then((r) => r);
    await waiters(2);
    release();
    await lock;
    const [merged, dismissed] = await Promise.all([merge, dismiss]);
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(409);
    expect(dismissed.body.error.code).toBe('duplicates.notOpen');
    expect(dismissed.body.error.resolution).toMatchObject({ outcome: 'merged', survivorId: `Candidate:${a}` });
    expect([merged.status, dismissed.status].filter((s) => s === 200)).toHaveLength(1);
  }, 120_000);
});
