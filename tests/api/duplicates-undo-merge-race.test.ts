/**
 * An undo beside a merge of the profile it restores: S and M merged into S, then the merge undone while another
 * admin merges S into X, each waiting on S's row, held by a second connection until both wait (the undo first). X's
 * row is held too until the undo answers, so the merge folds S away only after the undo committed. The undo is saved
 * and answers so: what follows a saved undo (finding the restored profiles' twins) is a find_twins job, never the
 * request's answer. That job still finds the twins the restored profile brings back.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DUPLICATE_STATUS } from '../../schema/entities/candidateDuplicate';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';

vi.setConfig({ testTimeout: 120_000 });

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

const merge = (token: string, pair: number, survivor: number) =>
  t.http
    .post(`/api/v1/candidate-duplicates/${pair}/merge`)
    .set(bearer(token))
    .send({ survivorId: `Candidate:${survivor}`, keep: {} })
    .then((r) => r);

const undo = (mergeId: number) =>
  t.http
    .post(`/api/v1/candidate-merges/${mergeId}/undo`)
    .set(bearer(admin))
    .send({})
    .then((r) => r);

/** How many other sessions of this database wait on a lock in a statement naming `candidates`. */
async function waiting(): Promise<number> {
  const { rows } = await t.knex.raw<{ rows: { n: number }[] }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'
        and query ilike '%candidates%'`,
  );
  return rows[0].n;
}

/** Resolves once `done()` holds, or throws after about ten seconds. */
async function until(done: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`never came: ${what}`);
}

/** S and M, one person (same LinkedIn profile), merged into S; X shares S's phone, so S and X make a pair too. */
async function mergedTrio(tag: string) {
  const stamp = `${tag}${Date.now().toString(36)}`;
  const [s, m, x] = await profiles([
    { firstName: 'Rhea', lastName: 'Undo', phone: '+65 8123 7301', linkedInUrl: `linkedin.com/in/ur-${stamp}` },
    { firstName: 'Rhea', lastName: 'Undo', phone: '+65 8123 7302', linkedInUrl: `linkedin.com/in/ur-${stamp}` },
    { firstName: 'Rhea', lastName: 'Undone', phone: '+65 8123 7301', linkedInUrl: null },
  ]);
  const merged = await merge(admin, await pairId(s, m), s);
  expect(merged.status, JSON.stringify(merged.body)).toBe(200);
  await runJobs(t);
  return { s, m, x, mergeId: Number(merged.body.mergeId) };
}

describe('An undo whose survivor another merge folds into a third profile as soon as the undo commits', () => {
  it('answers the saved undo, and the merge after it is saved too', async () => {
    const { s, m, x, mergeId } = await mergedTrio('race');
    const sx = await pairId(s, x);

    // S's row is busy: the undo waits for it, then the merge of S into X behind it; X's row is busy till the undo answers.
    const busyS = await t.knex.transaction();
    const busyX = await t.knex.transaction();
    let undone: ReturnType<typeof undo> | undefined;
    let folded: ReturnType<typeof merge> | undefined;
    let answered = false;
    try {
      await busyS.raw('select 1 from candidates where id = ? for update', [s]);
      await busyX.raw('select 1 from candidates where id = ? for update', [x]);
      undone = undo(mergeId);
      void undone.then(() => (answered = true));
      await until(async () => (await waiting()) >= 1, 'the undo waits on S');
      folded = merge(advocate, sx, x);
      await until(async () => (await waiting()) >= 2, 'the merge waits on S');
      await busyS.commit();
      // The merge now holds S and waits on X; the undo has answered, or (the old way) finds twins after its commit,
      // then waits on S too.
      await until(async () => answered || (await waiting()) >= 2, 'the undo answers or waits on S again');
    } finally {
      if (!busyS.isCompleted()) await busyS.commit();
      await busyX.commit();
    }
    const [one, two] = await Promise.all([undone!, folded!]);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    expect((await t.knex('candidate_merges').where({ id: mergeId }).first()).undone_at).not.toBeNull();
    expect(await t.knex('candidates').whereIn('id', [s, m, x]).orderBy('id').pluck('id')).toEqual([m, x]);

    // The twin check the undo queued runs without failing (it finds no keys of S any more).
    await runJobs(t);
    const left = await t.knex.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from graphile_worker._private_jobs j
         join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'find_twins'`,
    );
    expect(left.rows[0].n).toBe(0);
  });
});

describe("An undone merge's twins", () => {
  it('are found by the find_twins job the undo queues', async () => {
    const { m, mergeId } = await mergedTrio('twin');
    // D takes M's phone while M is merged away (the survivor kept its own): D has no twin till M returns.
    const [d] = await profiles([{ firstName: 'Piet', lastName: 'Hollis', phone: '+65 8123 7302', linkedInUrl: null }]);
    expect(await pairRow(m, d)).toBeUndefined();
    const res = await undo(mergeId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await runJobs(t);
    expect((await pairRow(m, d))?.status).toBe(DUPLICATE_STATUS.open);
  });
});
