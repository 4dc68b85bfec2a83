/**
 * A reveal is something a candidate should know about: each time a company is shown a candidate's
 * name and contact, the candidate's profile insights count it, before and after the daily rollup.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { rollupDaily } from '../../backend/features/dashboards';
import { STAGES } from '../../schema/rules/pipeline';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);

const reveals = async (name: string) => {
  const res = await w.as('admin').get(`/candidate-recruitment-stages-activity-log/profile-insights/${w.cid(name)}/7`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.reveals as { last7Days: number; last30Days: number; allTime: number };
};

describe("A candidate's insights", () => {
  it('count a reveal of the name and contact once, when a company moves a curated anonymous candidate on', async () => {
    expect(await reveals('Eve')).toEqual({ last7Days: 0, last30Days: 0, allTime: 0 });
    const curated = await w
      .as('admin')
      .post('/projects/candidate/curate', { projectId: w.projects.acme, candidateIds: [w.cid('Eve')] });
    expect(curated.status, JSON.stringify(curated.body)).toBe(200);
    const move = (recruitmentStatus: number) =>
      w.as('company').post('/projects/recruitment', {
        projectId: w.projects.acme,
        candidateId: w.cid('Eve'),
        recruitmentStatus,
        confirmReveal: true,
      });
    const first = await move(STAGES.qualify);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await reveals('Eve')).toEqual({ last7Days: 1, last30Days: 1, allTime: 1 });

    // Already revealed to this project's company: a further move shows nothing new.
    const second = await move(STAGES.shortlist);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((await reveals('Eve')).allTime).toBe(1);

    const stages = await w
      .as('admin')
      .get(`/candidate-recruitment-stages-activity-log/profile-insights/${w.cid('Eve')}/all`);
    expect(stages.body.selected).toMatchObject({ shortlists: 1, reveals: 1 });
  });

  it('keep counting a reveal of an earlier day once the daily rollup holds that day', async () => {
    await w
      .knex('candidate_recruitment_stage_logs')
      .where({ candidate_id: w.ids.Eve, activity: 3 })
      .update({ created_at: w.knex.raw("now() - interval '10 days'") });
    await rollupDaily(w.knex);
    const rolled = await w
      .knex('candidate_insight_daily')
      .where({ candidate_id: w.ids.Eve, kind: 5 })
      .sum({ n: 'count' })
      .first();
    expect(Number(rolled?.n)).toBe(1);
    expect(await reveals('Eve')).toEqual({ last7Days: 0, last30Days: 1, allTime: 1 });
  });
});
