/**
 * A merge adds the merged profile's insight counts into the kept profile's rows, which the daily rollup rewrites:
 * a merge asked while a rollup runs waits for it (the rollup's lock, shared by merges), so neither works on rows
 * the other is replacing, and the counts come out whole.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { holdRollup, rollupDaily } from '../../backend/features/dashboards';
import { bearer } from '../helpers/talent';
import { viewedPair, type ViewedPair } from '../helpers/viewedPair';

vi.setConfig({ testTimeout: 60_000 });

let w: ViewedPair;

beforeAll(async () => {
  w = await viewedPair('Mei', 'Tanaka', '+65 9876 5432');
});
afterAll(async () => {
  await w?.t.knex.destroy();
});

describe('A merge while the rollup runs', () => {
  it('waits for the rollup, then adds the counts up once', async () => {
    const { t, admin, survivor, merged } = w;
    await w.views(survivor, 2, 4);
    await w.views(merged, 3, 4);
    await rollupDaily(t.knex);
    const pairId = await w.pairId();

    // A rollup under way: its lock held by a transaction of the test's.
    const rollup = await t.knex.transaction();
    await holdRollup(rollup);
    const merging = t.http
      .post(`/api/v1/candidate-duplicates/${pairId}/merge`)
      .set(bearer(admin))
      .send({ survivorId: `Candidate:${survivor}` })
      .then((r) => r);
    const mergeWaits = async () =>
      (
        await t.knex.raw(
          "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory' and pid <> pg_backend_pid()",
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
