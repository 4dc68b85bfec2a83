/**
 * Undoing a merge after the daily rollup ran again gives each profile back its own profile insights:
 * the rollup recomputed the kept profile's days with the merged one's views in them (new rows, new ids),
 * and the undo counts each profile's views from the logs it returns, never twice.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rollupDaily } from '../../backend/features/dashboards';
import { ACTOR_KINDS } from '../../schema/roles';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';

vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
let admin: string;
let survivor: number;
let merged: number;

const num = (id: unknown) => Number(String(id).split(':').pop());

/** `n` profile views of candidate `id` by a company user, `daysAgo` days ago. */
async function views(id: number, n: number, daysAgo: number) {
  const company = await t.knex('company_users').where('email', 'owner@acme.example.com').first('id', 'company_id');
  for (let i = 0; i < n; i++)
    await t.knex.raw(
      `insert into candidate_search_or_view_logs (candidate_id, kind, actor_kind, actor_id, company_id, created_at, updated_at)
       values (?, 2, ?, ?, ?, now() - make_interval(days => ?), now() - make_interval(days => ?))`,
      [id, ACTOR_KINDS.companyUser, company.id, company.company_id, daysAgo, daysAgo],
    );
}

const viewsOf = async (id: number) => {
  const res = await t.http
    .get(`/api/v1/candidate-search-or-view-log/profile-insights/Candidate:${id}/all`)
    .set(bearer(admin));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.views.allTime as number;
};

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  const ids = await talentIds(t.knex);
  const create = async (over: Record<string, unknown>) => {
    const res = await t.http
      .post('/api/v1/candidates')
      .set(bearer(admin))
      .send(candidatePayload(ids, { linkedInUrl: null, ...over }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return num(res.body.id);
  };
  survivor = await create({ firstName: 'Anika', lastName: 'Rahman', phone: '+65 9123 4567' });
  merged = await create({ firstName: 'Anika', lastName: 'Rahmen', phone: '+6591234567' });
  expect((await t.http.post('/api/v1/candidate-duplicates/scan').set(bearer(admin))).status).toBe(202);
  await runJobs(t);
});
afterAll(async () => {
  await t?.knex.destroy();
});

describe('Undoing a merge after the rollup ran again', () => {
  it("gives each profile back its own views, counted once: the kept one's 2 and the merged one's 3", async () => {
    await views(survivor, 2, 5);
    await views(merged, 3, 5);
    await rollupDaily(t.knex);
    expect([await viewsOf(survivor), await viewsOf(merged)]).toEqual([2, 3]);

    const list = await t.http.get('/api/v1/candidate-duplicates').set(bearer(admin));
    const pair = list.body.data.find(
      (p: { candidate: { id: string }; other: { id: string } }) =>
        [p.candidate.id, p.other.id].sort().join() === [`Candidate:${survivor}`, `Candidate:${merged}`].sort().join(),
    );
    expect(pair, JSON.stringify(list.body)).toBeDefined();
    const merge = await t.http
      .post(`/api/v1/candidate-duplicates/${pair.id}/merge`)
      .set(bearer(admin))
      .send({ survivorId: `Candidate:${survivor}` });
    expect(merge.status, JSON.stringify(merge.body)).toBe(200);
    expect(await viewsOf(survivor)).toBe(5);

    // The rollup recomputes every logged day again: the kept profile's rows are written anew.
    await t.knex('rollup_marks').delete();
    await rollupDaily(t.knex);
    expect(await viewsOf(survivor)).toBe(5);

    const undo = await t.http.post(`/api/v1/candidate-merges/${merge.body.mergeId}/undo`).set(bearer(admin));
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect([await viewsOf(survivor), await viewsOf(merged)]).toEqual([2, 3]);
  });
});
