/**
 * A project's candidates per stage as the caller's tabs show them (the stats object every pipeline answer carries):
 * `open` counts the suggested tab, the other stages the project's rows in them; hidden candidates
 * and candidates the caller does not see (their status, RaaS stage visibility) are not counted.
 */
import type { Knex } from 'knex';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { STAGES, type StageKey } from '../../../schema/rules/pipeline';
import { tabsFor } from '../../../schema/rules/stages';
import { stageVisibleSql, statusSql, viewerOf } from '../../../schema/rules/visibility';
import { pipelineRole, type ProjectRow } from './access';
import { suggestedCount } from './tabs';

export type StageStats = Record<StageKey, number>;

export const emptyStats = (): StageStats => ({ open: 0, qualify: 0, shortlist: 0, interviewing: 0, interviewing2: 0, offered: 0, placed: 0, rejected: 0 });

const KEY_OF = new Map(Object.entries(STAGES).map(([k, v]) => [v as number, k as StageKey]));

export async function pipelineStats(knex: Knex, ability: AppAbility, actor: Actor, project: ProjectRow): Promise<StageStats> {
  const role = pipelineRole(actor);
  const visible = tabsFor(role);
  const [rows, open] = await Promise.all([
    knex.raw(
      `select pc.stage, count(*)::int as n from project_candidates pc join candidates c on c.id = pc.candidate_id
        where pc.project_id = ? and pc.stage <> 0 and not pc.is_hidden and ${statusSql(viewerOf(actor))} and ${stageVisibleSql(viewerOf(actor))}
        group by pc.stage`,
      [project.id],
    ),
    suggestedCount(knex, ability, actor, project),
  ]);
  const stats = emptyStats();
  stats.open = open;
  for (const r of rows.rows as { stage: number; n: number }[]) {
    const key = KEY_OF.get(r.stage);
    if (key && visible.includes(r.stage as never)) stats[key] = r.n;
  }
  return stats;
}
