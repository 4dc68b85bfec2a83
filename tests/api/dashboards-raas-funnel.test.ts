/**
 * The recruiter dashboard's funnel counts a RaaS company's candidates as its board does: a stage
 * the board keeps from it until an interview was scheduled (interviewing 2, offered, placed) is not
 * counted before, whatever rows the project holds; the stages it never sees (the suggested tab, the longlist) are not
 * named at all, in the funnel nor in the moves, conversions and stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_STATUS } from '../../schema/entities/talentOptions';
import { STAGES } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let raas: Client;

beforeAll(async () => {
  t = await testApp();
  raas = client(t, await t.login('owner@raas.example.com'));
});
afterAll(async () => {
  await t?.knex.destroy();
});

const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
const funnelOf = async (projectId: number) => {
  const res = await raas.get(`/dashboard/recruiter?from=${day(-30)}&to=${day(0)}&projectId=Project:${projectId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.funnel as Record<string, number>;
};

describe("A RaaS company's funnel", () => {
  it('shows no stage its board keeps from it until an interview was scheduled, and counts it once one was', async () => {
    const project = await t
      .knex('projects as p')
      .join('companies as c', 'c.id', 'p.company_id')
      .where('c.company_name', 'Northwind Talent')
      .orderBy('p.id')
      .first('p.id', 'p.company_id');
    const before = await funnelOf(project.id);
    const [candidate] = await t
      .knex('candidates')
      .where('status', CANDIDATE_STATUS.active)
      .whereNotIn('id', t.knex('project_candidates').where('project_id', project.id).select('candidate_id'))
      .orderBy('id')
      .limit(1)
      .pluck('id');
    const row = { project_id: project.id, candidate_id: candidate };
    await t.knex('project_candidates').insert({ ...row, company_id: project.company_id, stage: STAGES.offered });
    const hidden = await funnelOf(project.id);
    expect(hidden).toEqual(before);
    const board = await raas.get(`/projects/pipe-line?project_id=${project.id}`);
    expect(board.status, JSON.stringify(board.body)).toBe(200);
    expect(board.body.stats.offered).toBe(hidden.offered);

    await t.knex('project_candidates').where(row).update({ interview_scheduled_at: new Date() });
    expect(await funnelOf(project.id)).toEqual({ ...before, offered: before.offered + 1 });
  });

  it("names no stage its board does not have: the suggested tab and the longlist are the advocates' work", async () => {
    const res = await raas.get(`/dashboard/recruiter?from=${day(-30)}&to=${day(0)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as Record<string, unknown> & { stages: string[]; conversion: { from: string; to: string }[] };
    expect(body.stages).toEqual(['shortlist', 'interviewing', 'interviewing2', 'offered', 'placed', 'rejected']);
    for (const figure of ['funnel', 'movedInto', 'medianDays'])
      expect(Object.keys(body[figure] as object).sort(), figure).toEqual([...body.stages].sort());
    expect(body.conversion.flatMap((c) => [c.from, c.to])).not.toContain('qualify');
    // A company's own pipeline keeps every stage.
    const own = await client(t, await t.login('owner@acme.example.com')).get(`/dashboard/recruiter?from=${day(-30)}`);
    expect(own.body.stages).toContain('qualify');
  });
});
