/**
 * Per-project stage counts (the `stats` object of the API contract) for any number of projects in
 * one grouped query: candidates of each stage, hidden ones left out; the open (suggested) stage
 * counts the curated candidates; what a RaaS company does not see in a stage (spec section 4's
 * stage visibility, `stageVisibleTo` of schema/rules/stages.ts) is not counted for it.
 */
import type { Knex } from 'knex';
import { STAGES, type StageId, type StageKey } from '../../../schema/rules/pipeline';
import { stageVisibleTo, type PipelineRole } from '../../../schema/rules/stages';
import type { Actor } from '../../../schema/roles';
import { viewerOf } from '../../../schema/rules/visibility';

export type StageStats = Record<Exclude<StageKey, never>, number>;

const KEY_OF = Object.fromEntries(Object.entries(STAGES).map(([k, v]) => [v, k])) as Record<number, StageKey>;

export const emptyStats = (): StageStats => ({ open: 0, qualify: 0, shortlist: 0, interviewing: 0, interviewing2: 0, offered: 0, placed: 0, rejected: 0 });

/** The pipeline role of a signed-in person. */
export function pipelineRole(actor: Actor): PipelineRole {
  const viewer = viewerOf(actor);
  return viewer === 'none' ? 'company' : viewer;
}

/** Stage counts per project id, as `actor` sees them; every id asked for is in the answer. */
export async function projectStats(knex: Knex, projectIds: number[], actor: Actor): Promise<Map<number, StageStats>> {
  const out = new Map<number, StageStats>(projectIds.map((id) => [id, emptyStats()]));
  if (!projectIds.length) return out;
  const rows = (await knex('project_candidates')
    .whereIn('project_id', projectIds)
    .where('is_hidden', false)
    .where((w) => w.whereNot('stage', STAGES.open).orWhere('curated', true))
    .groupBy('project_id', 'stage', knex.raw('interview_scheduled_at is not null'))
    .select('project_id', 'stage', knex.raw('interview_scheduled_at is not null as scheduled'), knex.raw('count(*)::int as n'))) as {
    project_id: number;
    stage: StageId;
    scheduled: boolean;
    n: number;
  }[];
  const role = pipelineRole(actor);
  for (const r of rows) {
    const key = KEY_OF[r.stage];
    const stats = out.get(r.project_id);
    if (!key || !stats || !stageVisibleTo(role, r.stage, { interviewScheduled: r.scheduled })) continue;
    stats[key] += r.n;
  }
  return out;
}
