/**
 * Saved-search alert tests' shared steps on a pipeline world (helpers/pipeline.ts): a match_alerts run, worked at
 * once, and a candidate an admin adds looking for one job title, named as each file's family of test people.
 */
import { expect } from 'vitest';
import { runJobs } from './jobs';
import type { PipelineWorld } from './pipeline';
import { candidatePayload, talentIds } from './talent';

/** Queues the match_alerts job and works it. */
export async function matchAlerts(w: PipelineWorld) {
  await w.knex.raw('select graphile_worker.add_job(?)', ['match_alerts']);
  await runJobs(w.t, w.t.config);
}

export const titleId = async (w: PipelineWorld, name: string) =>
  (await w.knex('job_titles').where('name', name).first('id')).id as number;

/** An admin adds `firstName` `family.lastName`, at `family.domain`, looking for `title`; answers their key. */
export async function titledCandidate(
  w: PipelineWorld,
  firstName: string,
  title: string,
  family: { lastName: string; domain: string },
): Promise<string> {
  const res = await w.as('admin').post(
    '/candidates',
    candidatePayload(await talentIds(w.knex), {
      firstName,
      lastName: family.lastName,
      email: `${firstName.toLowerCase()}@${family.domain}`,
      jobTitleLookingFor: [await titleId(w, title)],
      tags: [],
      educations: [],
      experiences: [],
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body.id);
}
