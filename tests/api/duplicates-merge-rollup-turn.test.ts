/**
 * A merge adds the merged profile's insight counts into the kept profile's rows, which the daily rollup rewrites:
 * a merge asked while a rollup runs waits for it (the rollup's lock, shared by merges), so neither works on rows
 * the other is replacing, and the counts come out whole.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { holdRollup, rollupDaily } from '../../backend/features/dashboards';
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

async function views(id: number, n: number, daysAgo: number) {
  const company = await t.knex('company_users').where('email', 'owner@acme.example.com').first('id', 'company_id');
  for (let i = 0; i < n; i++)
    await t.knex.raw(
      `insert into candidate_search_or_view_logs (candidate_id, kind, actor_kind, actor_id, company_id, created_at, updated_at)
       values (?, 2, ?, ?, ?, now() - make_interval(days => ?), now() - make_interval(days => ?))`,
      [id, ACTOR_KINDS.companyUser, company.id, company.company_id, daysAgo, daysAgo],
    );
}

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
  survivor = await create({ firstName: 'Mei', lastName: 'Tanaka', phone: '+65 9876 5432' });
  merged = await create({ firstName: 'Mei', lastName: 'Tanaka', phone: '+6598765432' });
  expect((await t.http.post('/api/v1/candidate-duplicates/scan').set(bearer(admin))).status).toBe(202);
  await runJobs(t);
});
afterAll(async () => {
  await t?.knex.destroy();
});

describe('A merge while the rollup runs', () => {
  it('waits for the rollup, then adds the counts up once', async () => {
    await views(survivor, 2, 4);
    await views(merged, 3, 4);
    await rollupDaily(t.knex);
    const list = await t.http.get('/api/v1/candidate-duplicates').set(bearer(admin));
    const pair = list.body.data.find(
      (p: { candidate: { id: string }; other: { id: string } }) =>
        [p.candidate.id, p.other.id].sort().join() === [`Candidate:${survivor}`, `Candidate:${merged}`].sort().join(),
    );
    expect(pair, JSON.stringify(list.body)).toBeDefined();

    // A rollup under way: its lock held by a transaction of the test's.
    const rollup = await t.knex.transaction();
    await holdRollup(rollup);
    const merging = t.http
      .post(`/api/v1/candidate-duplicates/${pair.id}/merge`)
      .set(bearer(admin))
      .send({ survivorId: `Candidate:${survivor}` })
      .then((r) => r);
    const mergeWaits = async () =>
      (
        await t.knex.raw(
          "select 1 from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory' and pid <> pg_backend_pid()",
        )
      ).rows.length > 0;
    for (let waited = 0; !(await mergeWaits()) && waited < 10_000; waited += 25)
      await new Promise((r) => setTimeout(r, 25));
    const waited = await mergeWaits();
    await rollup.commit();
    const merge = await merging;
    expect(waited).toBe(true);
    expect(merge.status, JSON.stringify(merge.body)).toBe(200);

    const total = await t.knex('candidate_insight_daily').where('candidate_id', survivor).sum({ n: 'count' }).first();
    expect(Number(total?.n)).toBe(5);
    expect(await t.knex('candidate_insight_daily').where('candidate_id', merged)).toEqual([]);
  });
});
