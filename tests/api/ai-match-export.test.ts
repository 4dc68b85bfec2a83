/**
 * A candidate's copy of their data names only the AI-match runs' projects they are on: a run
 * from a confidential project of another company, or from our team's internal project, names no
 * project and keeps none of the model's reasoning (it may quote that project's description); a run
 * from the project they are on names it and keeps the reasoning. Recommendations are given by name.
 */
import { strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { MATCH_JUDGE, MATCH_SOURCE, MATCH_STATUS, RECOMMENDATION } from '../../schema/rules/aiMatch';
import { STAGES } from '../../schema/rules/pipeline';
import { adminExportFiles } from '../helpers/dataExport';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

const SECRET = 'Project Nightjar';
let w: PipelineWorld;
let copy: Record<string, unknown>[];

/** A finished run from `projectId` that scored Chloe with `reasoning`; its id. */
async function scored(projectId: number, reasoning: string): Promise<number> {
  const [run] = await w
    .knex('ai_match_runs')
    .insert({
      project_id: projectId,
      source: MATCH_SOURCE.project,
      job_description: `${SECRET}: a confidential payments rebuild in Java for a bank.`,
      requirements: JSON.stringify({ skills: [] }),
      status: MATCH_STATUS.done,
      judge: MATCH_JUDGE.model,
    })
    .returning('id');
  await w.knex('ai_match_results').insert({
    run_id: run.id,
    candidate_id: w.ids.Chloe,
    rank: 1,
    match_score: 70,
    score: 72,
    recommendation: RECOMMENDATION.yes,
    reasoning,
    judge: MATCH_JUDGE.model,
    judged_at: new Date(),
  });
  return run.id as number;
}

let own: number;
let confidential: number;
let internal: number;

beforeAll(async () => {
  w = await pipelineWorld();
  await w.place(w.projects.acme, 'Chloe', STAGES.shortlist, { revealed_at: new Date() });
  await w.knex('projects').where('id', w.projects.globex).update({ is_confidential: true });
  own = await scored(w.projects.acme, 'Fits the Acme payments role well.');
  confidential = await scored(w.projects.globex, `Fits ${SECRET}, the bank's rebuild.`);
  internal = await scored(w.projects.internal, `Fits ${SECRET} for our bench.`);

  copy = JSON.parse(strFromU8((await adminExportFiles(w.t, w.tokens.admin, w.ids.Chloe))['ai-match.json']));
}, 240_000);

describe("AI-match appearances in a candidate's copy", () => {
  it('names no project the person is not on, and keeps no reasoning from it', () => {
    const of = (run: number) => copy.find((r) => r.run === run);
    expect(of(confidential)).toMatchObject({ project: null, reasoning: null, recommendation: 'yes' });
    expect(of(internal)).toMatchObject({ project: null, reasoning: null });
    expect(JSON.stringify(copy)).not.toContain(SECRET);
    expect(JSON.stringify(copy)).not.toContain('Globex');
    expect(JSON.stringify(copy)).not.toContain('Internal bench');
  });

  it('names the project they are on, with the reasoning and the recommendation by name', () => {
    expect(copy.find((r) => r.run === own)).toMatchObject({
      project: 'Acme engineers',
      reasoning: 'Fits the Acme payments role well.',
      recommendation: 'yes',
      score: 72,
      matchScore: 70,
    });
  });
});
