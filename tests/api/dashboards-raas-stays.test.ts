/**
 * The recruiter dashboard's median days in stage follow a RaaS company's board as its moves do: a stay in
 * interviewing 2, offered or placed counts only for a candidate whose interview was scheduled, before the
 * daily rollup has run and after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollupDaily } from '../../backend/features/dashboards';
import { CANDIDATE_STATUS } from '../../schema/entities/talentOptions';
import { ACTIVITY, STAGES } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let raas: Client;
let project: { id: number; company_id: number };

const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
const LATER = ['interviewing2', 'offered', 'placed'];
const later = (figures: Record<string, number | null>) => LATER.map((key) => figures[key]);
const dashboard = async () => {
  const res = await raas.get(`/dashboard/recruiter?from=${day(-30)}&to=${day(0)}&projectId=Project:${project.id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { movedInto: Record<string, number>; medianDays: Record<string, number | null> };
};

/** Places `candidate` in the project through interviewing 2 and offered over the last days, with its stage log. */
async function placedThroughLaterStages(candidate: number, scheduled: boolean) {
  await t.knex('project_candidates').insert({
    project_id: project.id,
    candidate_id: candidate,
    company_id: project.company_id,
    stage: STAGES.placed,
    interview_scheduled_at: scheduled ? new Date() : null,
  });
  const moves: [number, number][] = [
    [STAGES.shortlist, 12],
    [STAGES.interviewing2, 10],
    [STAGES.offered, 6],
    [STAGES.placed, 2],
  ];
  for (const [stage, daysAgo] of moves)
    await t.knex.raw(
      `insert into candidate_recruitment_stage_logs (candidate_id, activity, project_id, to_stage, actor_kind, company_id, created_at, updated_at)
       values (?, ${ACTIVITY.stageChanged}, ?, ?, 2, ?, now() - make_interval(days => ?), now())`,
      [candidate, project.id, stage, project.company_id, daysAgo],
    );
}

beforeAll(async () => {
  t = await testApp();
  raas = client(t, await t.login('owner@raas.example.com'));
  project = await t
    .knex('projects as p')
    .join('companies as c', 'c.id', 'p.company_id')
    .where('c.company_name', 'Northwind Talent')
    .orderBy('p.id')
    .first('p.id', 'p.company_id');
});
afterAll(async () => {
  await t?.knex.destroy();
});

describe("A RaaS company's median days in stage", () => {
  it('leave out the stays in interviewing 2, offered and placed of a candidate whose interview was not scheduled', async () => {
    const before = await dashboard();
    const candidates = await t
      .knex('candidates')
      .where('status', CANDIDATE_STATUS.active)
      .whereNotIn('id', t.knex('project_candidates').where('project_id', project.id).select('candidate_id'))
      .orderBy('id')
      .limit(3)
      .pluck('id');
    for (const candidate of candidates) await placedThroughLaterStages(candidate, false);

    const live = await dashboard();
    // Their moves into the shortlist, which the board shows, count.
    expect(live.movedInto.shortlist).toBe(before.movedInto.shortlist + candidates.length);
    expect(later(live.movedInto)).toEqual(later(before.movedInto));
    expect(later(live.medianDays)).toEqual(later(before.medianDays));

    await rollupDaily(t.knex);
    const rolled = await dashboard();
    expect(later(rolled.movedInto)).toEqual(later(before.movedInto));
    expect(later(rolled.medianDays)).toEqual(later(before.medianDays));
  });

  it('count them once the interview was scheduled, as the moves do', async () => {
    const [candidate] = await t
      .knex('candidates')
      .where('status', CANDIDATE_STATUS.active)
      .whereNotIn('id', t.knex('project_candidates').where('project_id', project.id).select('candidate_id'))
      .orderBy('id')
      .limit(1)
      .pluck('id');
    const before = await dashboard();
    await placedThroughLaterStages(candidate, true);
    await t.knex('rollup_marks').delete();
    await rollupDaily(t.knex);
    const after = await dashboard();
    expect(after.movedInto.offered).toBe(before.movedInto.offered + 1);
    expect(after.medianDays.interviewing2).not.toBeNull();
    expect(after.medianDays.offered).not.toBeNull();
  });
});
