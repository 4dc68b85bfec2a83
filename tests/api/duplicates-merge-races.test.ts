/**
 * A merge against what changed after its review was opened, each interleaving made certain with a row lock:
 * - an erasure carried out while the merge waits for the profiles' locks: the merge is refused (409 duplicates.erased)
 *   rather than give the survivor the "Erased candidate" shell's name, address and pause, and the survivor is as it was;
 * - the person turns anonymity on (and the profile is hidden) after the review read its defaults: a merge sending the
 *   defaults it read as choices is refused (409 duplicates.changedSinceReview); the console's merge sends only the
 *   choices the admin changed, which keeps the survivor anonymous and hidden; a protective choice made on a fresh
 *   review is honoured;
 * - "not the same person" said of the merged profile and a third holds for the survivor: the survivor's new twins
 *   never propose that third profile, and an undo takes the carried judgement back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { giversOf, keepFor, type Side } from '../../admin/duplicates/pairs';
import { DUPLICATE_STATUS } from '../../schema/entities/candidateDuplicate';
import { ERASURE_STATUS } from '../../schema/rules/dataRights';
import { testApp, type TestApp } from '../helpers/app';
import { pairOf as pairOfPeople } from '../helpers/duplicatePairs';
import { runJobs } from '../helpers/jobs';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';

let t: TestApp;
let admin: string;
const num = (id: unknown) => Number(String(id).split(':').pop());
const row = (id: number) => t.knex('candidates').where('id', id).first();

const pairOf = (phone: string, over?: Record<string, unknown>[]) =>
  pairOfPeople(t, admin, { phone, first: 'Ilse', last: 'Marchetti' }, over);

const merge = (pairId: string, survivor: number, extra: Record<string, unknown> = {}) =>
  t.http
    .post(`/api/v1/candidate-duplicates/${pairId}/merge`)
    .set(bearer(admin))
    .send({ survivorId: `Candidate:${survivor}`, keep: {}, ...extra });

const review = async (pairId: string) => {
  const res = await t.http.get(`/api/v1/candidate-duplicates/${pairId}`).set(bearer(admin));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { defaults: Record<string, string>; reviewed: string; candidate: { id: string } };
};

/** Resolves once another session of this database waits on a lock in a statement naming `table`. */
async function waiterOn(table: string): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    const { rows } = await t.knex.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock' and query ilike ?`,
      [`%${table}%`],
    );
    if (rows[0].n > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`nothing came to wait on ${table}`);
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
});

describe('A merge racing an erasure', () => {
  it('is refused once the erasure it waited for is carried out, leaving the survivor as it was', async () => {
    const { a: s, b: m, pairId } = await pairOf('+65 8123 6001');
    expect(s).toBeLessThan(m);
    const recorded = await t.http
      .post('/api/v1/data-rights/erasures')
      .set(bearer(admin))
      .send({ candidateId: `Candidate:${m}` });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    const before = await row(s);

    // The survivor's row is busy: the merge, past its pair's check, waits for it (it locks the lower id first).
    const busy = await t.knex.transaction();
    let merging: Promise<{ status: number; body: { error?: { code?: string } } }> | undefined;
    try {
      await busy.raw('select 1 from candidates where id = ? for update', [s]);
      merging = merge(pairId, s).then((r) => r);
      await waiterOn('candidates');
      // Meanwhile the merged profile's person is erased.
      const done = await t.http
        .post(`/api/v1/data-rights/erasures/${recorded.body.id}/carry-out`)
        .set(bearer(admin))
        .send({ early: true });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    } finally {
      await busy.commit();
    }
    const res = await merging;
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error?.code).toBe('duplicates.erased');
    expect(await row(s)).toEqual(before);
    expect(await row(m)).toMatchObject({ first_name: 'Erased', email: `erased-${m}@erased.invalid` });
    expect(await t.knex('candidate_merges').where('survivor_id', s)).toEqual([]);
    const request = await t.knex('erasure_requests').where('id', num(recorded.body.id)).first('status');
    expect(request.status).toBe(ERASURE_STATUS.erased);
  });
});

describe('A merge after the person changed how they are seen since the review', () => {
  it('refuses the defaults the review read sent back as choices, and honours a choice made on a fresh review', async () => {
    const { a: s, b: m, pairId } = await pairOf('+65 8123 6002');
    const read = await review(pairId);
    expect(num(read.candidate.id)).toBe(s);
    expect(read.defaults).toMatchObject({ anonymous: 'survivor', visibility: 'survivor' });
    // The merged profile's person turns anonymity on after the review was opened.
    const own = await t.http
      .put(`/api/v1/candidates/Candidate:${m}`)
      .set(bearer(await t.login((await row(m)).email as string)))
      .send({ anonymous: true });
    expect(own.status, JSON.stringify(own.body)).toBe(200);

    // Every loaded default sent as a choice, as the console used to: the stale choice to stay named is refused.
    const stale = await merge(pairId, s, { keep: read.defaults, reviewed: read.reviewed });
    expect(stale.status, JSON.stringify(stale.body)).toBe(409);
    expect(stale.body.error.code).toBe('duplicates.changedSinceReview');
    expect(await t.knex('candidates').whereIn('id', [s, m])).toHaveLength(2);
    expect(await row(s)).toMatchObject({ anonymous: false });

    // Read again, the admin's explicit choice of the named side stands.
    const fresh = await review(pairId);
    expect(fresh.reviewed).not.toBe(read.reviewed);
    expect(fresh.defaults.anonymous).toBe('merged');
    const res = await merge(pairId, s, { keep: { anonymous: 'survivor' }, reviewed: fresh.reviewed });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await row(s)).toMatchObject({ anonymous: false });
  });

  it('keeps the survivor anonymous and hidden when the console sends only the choices the admin changed', async () => {
    const { a: s, b: m, pairId } = await pairOf('+65 8123 6003');
    const read = await review(pairId);
    const own = await t.http
      .put(`/api/v1/candidates/Candidate:${m}`)
      .set(bearer(await t.login((await row(m)).email as string)))
      .send({ anonymous: true });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const hidden = await t.http.put(`/api/v1/candidates/Candidate:${m}`).set(bearer(admin)).send({ visibility: false });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);

    // The admin changed the last name only (the survivor's own, over the newer profile's default): the console's keep
    // (admin/duplicates/pairs.ts) names that field alone, the pair's first profile kept.
    expect(read.defaults.lastName).toBe('merged');
    const loaded = giversOf(read.defaults as Record<string, Side>);
    const keep = keepFor({ ...loaded, lastName: 'first' }, loaded, 'first');
    expect(keep).toEqual({ lastName: 'survivor' });
    const res = await merge(pairId, s, { keep, reviewed: read.reviewed });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await row(s)).toMatchObject({ anonymous: true, visibility: false, last_name: 'Marchetti0' });
  });
});

describe('A judgement of two people through a merge', () => {
  it("holds for the survivor: the merged profile's dismissed twin is never proposed for it, until an undo", async () => {
    const ids = await talentIds(t.knex);
    const made: number[] = [];
    // S and M share a GitHub profile; M and C a phone; S's phone is its own. The names are far apart.
    for (const extra of [
      { firstName: 'Saoirse', lastName: 'Quill', phone: '+65 8123 6101', githubUrl: 'https://github.com/sqmerge' },
      { firstName: 'Tobiah', lastName: 'Venn', phone: '+65 8123 6102', githubUrl: 'https://github.com/sqmerge' },
      { firstName: 'Wilhelmina', lastName: 'Ortz', phone: '+65 8123 6102', githubUrl: null },
    ]) {
      const res = await t.http
        .post('/api/v1/candidates')
        .set(bearer(admin))
        .send(candidatePayload(ids, { linkedInUrl: null, experiences: [], ...extra }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      made.push(num(res.body.id));
    }
    const [s, m, c] = made;
    expect((await t.http.post('/api/v1/candidate-duplicates/scan').set(bearer(admin))).status).toBe(202);
    await runJobs(t);
    const pairRow = (x: number, y: number) =>
      t
        .knex('candidate_duplicates')
        .where({ candidate_id: Math.min(x, y), other_id: Math.max(x, y) })
        .first();
    const sm = await pairRow(s, m);
    const mc = await pairRow(m, c);
    expect(sm?.status).toBe(DUPLICATE_STATUS.open);
    expect(mc?.status).toBe(DUPLICATE_STATUS.open);
    expect(await pairRow(s, c)).toBeUndefined();

    const dismissed = await t.http.post(`/api/v1/candidate-duplicates/${mc.id}/dismiss`).set(bearer(admin));
    expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(200);
    // Merged keeping M's phone, the survivor now shares C's.
    const res = await merge(String(sm.id), s, { keep: { phone: 'merged' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await row(s)).phone).toBe((await row(c)).phone);

    expect(await pairRow(s, c)).toMatchObject({ status: DUPLICATE_STATUS.dismissed });
    const queue = await t.http.get('/api/v1/candidate-duplicates?perPage=100').set(bearer(admin));
    const named = (queue.body.data as { candidate: { id: string }; other: { id: string } }[]).filter((p) =>
      [p.candidate.id, p.other.id].some((x) => num(x) === c),
    );
    expect(named).toEqual([]);
    // A later scan proposes it no more.
    expect((await t.http.post('/api/v1/candidate-duplicates/scan').set(bearer(admin))).status).toBe(202);
    await runJobs(t);
    expect(await pairRow(s, c)).toMatchObject({ status: DUPLICATE_STATUS.dismissed });

    // Undone, the judgement is the merged profile's again, and the survivor's carried one is gone.
    const undone = await t.http.post(`/api/v1/candidate-merges/${res.body.mergeId}/undo`).set(bearer(admin));
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await pairRow(m, c)).toMatchObject({ status: DUPLICATE_STATUS.dismissed });
    expect((await pairRow(s, c))?.status).not.toBe(DUPLICATE_STATUS.dismissed);
  });
});
