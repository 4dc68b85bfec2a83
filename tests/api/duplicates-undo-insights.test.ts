/**
 * Undoing a merge after the daily rollup ran again gives each profile back its own profile insights:
 * the rollup recomputed the kept profile's days with the merged one's views in them (new rows, new ids),
 * and the undo counts each profile's views from the logs it returns, never twice.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rollupDaily } from '../../backend/features/dashboards';
import { bearer } from '../helpers/talent';
import { viewedPair, type ViewedPair } from '../helpers/viewedPair';

vi.setConfig({ testTimeout: 60_000 });

let w: ViewedPair;

const viewsOf = async (id: number) => {
  const res = await w.t.http
    .get(`/api/v1/candidate-search-or-view-log/profile-insights/Candidate:${id}/all`)
    .set(bearer(w.admin));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.views.allTime as number;
};

beforeAll(async () => {
  w = await viewedPair('Anika', 'Rahman', '+65 9123 4567');
});
afterAll(async () => {
  await w?.t.knex.destroy();
});

describe('Undoing a merge after the rollup ran again', () => {
  it("gives each profile back its own views, counted once: the kept one's 2 and the merged one's 3", async () => {
    const { t, admin, survivor, merged } = w;
    await w.views(survivor, 2, 5);
    await w.views(merged, 3, 5);
    await rollupDaily(t.knex);
    expect([await viewsOf(survivor), await viewsOf(merged)]).toEqual([2, 3]);

    const merge = await t.http
      .post(`/api/v1/candidate-duplicates/${await w.pairId()}/merge`)
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
