/**
 * Two profiles of one person in the same project merge into one row there that keeps every placement either had: the
 * company's own addition (`added`) stays, so the person stays in the project's suggested tab after the merge.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { pairOf } from '../helpers/duplicatePairs';
import { bearer } from '../helpers/talent';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
});

describe('Merging two profiles that are both in one project', () => {
  it("keeps the company's addition of the merged profile on the survivor's row", async () => {
    const pair = await pairOf(t, admin, { phone: '+65 8333 4444', first: 'Priya', last: 'Venkatesan' });
    const project = await t.knex('projects').whereNotNull('company_id').orderBy('id').first('id', 'company_id');
    const row = (candidate: number, extra: Record<string, unknown>) => ({
      project_id: project.id,
      candidate_id: candidate,
      company_id: project.company_id,
      stage: 0,
      ...extra,
    });
    // The survivor was only seen there; the merged profile the company added.
    await t.knex('project_candidates').insert([row(pair.a, { seen_at: new Date() }), row(pair.b, { added: true })]);
    const merged = await t.http
      .post(`/api/v1/candidate-duplicates/${pair.pairId}/merge`)
      .set(bearer(admin))
      .send({ survivorId: `Candidate:${pair.a}`, keep: { email: 'survivor' } });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const kept = await t.knex('project_candidates').where({ project_id: project.id, candidate_id: pair.a }).first();
    expect(kept).toMatchObject({ added: true });
  });
});
