/**
 * A project's candidates per stage as the caller's tabs show them (the stats object every pipeline answer carries):
 * `open` counts the suggested tab, the other stages the project's rows in them; hidden candidates
 * and candidates the caller does not see (their status, RaaS stage visibility) are not counted.
 * The project list counts all its projects at once (pipelineStatsOfMany), by the same conditions.
 */
import type { Knex } from 'knex';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { STAGES, type StageKey } from '../../../schema/rules/pipeline';
import { tabsFor } from '../../../schema/rules/stages';
import { stageVisibleSql, statusSql, viewerOf } from '../../../schema/rules/visibility';
import { mapLimited } from '../../services/concurrency';
import { pipelineRole, type ProjectRow } from './access';
import { placedSql, savedQuery, suggestedCount } from './tabs';

/** Saved-search counts one request runs at once (the pool holds ten connections). */
const SEARCHES_AT_ONCE = 3;

export type StageStats = Record<StageKey, number>;

export const emptyStats = (): StageStats => ({
  open: 0,
  qualify: 0,
  shortlist: 0,
  interviewing: 0,
  interviewing2: 0,
  offered: 0,
  placed: 0,
  rejected: 0,
});

const KEY_OF = new Map(Object.entries(STAGES).map(([k, v]) => [v as number, k as StageKey]));

export async function pipelineStats(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  project: ProjectRow,
): Promise<StageStats> {
  return (await pipelineStatsOfMany(knex, ability, actor, [project])).get(project.id) ?? emptyStats();
}

/**
 * pipelineStats of many projects at once (the project list's cards): one grouped query counts every
 * project's stages, another the suggested tab of every project without saved filters (the candidates
 * placed in it: curated, added or asked to an interview, tabs.ts `placedSql`); only a project with
 * saved filters has its suggested tab counted by its own search (tabs.ts `suggestedCount`, the tab's
 * own condition).
 */
export async function pipelineStatsOfMany(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  projects: ProjectRow[],
): Promise<Map<number, StageStats>> {
  const out = new Map(projects.map((p) => [p.id, emptyStats()]));
  if (!projects.length) return out;
  const visible = tabsFor(pipelineRole(actor));
  const viewer = viewerOf(actor);
  const withOpen = visible.includes(STAGES.open);
  const searched = withOpen ? projects.filter((p) => savedQuery(p, actor)) : [];
  const curatedOnly = withOpen ? projects.filter((p) => !searched.includes(p)).map((p) => p.id) : [];
  const [staged, curated, found] = await Promise.all([
    knex.raw(
      `select pc.project_id, pc.stage, count(*)::int as n from project_candidates pc join candidates c on c.id = pc.candidate_id
        where pc.project_id = any(?::int[]) and pc.stage <> 0 and not pc.is_hidden and ${statusSql(viewer)} and ${stageVisibleSql(viewer)}
        group by 1, 2`,
      [projects.map((p) => p.id)],
    ),
    // The suggested tab without saved filters: its candidates placed there (tabs.ts placedSql) not moved on nor
    // hidden, by the search documents' status as the tab's own search counts them (tabs.ts, membership).
    curatedOnly.length
      ? knex.raw(
          `select pc.project_id, count(*)::int as n from project_candidates pc join candidate_search_documents d on d.id = pc.candidate_id
            where pc.project_id = any(?::int[]) and pc.stage = 0 and ${placedSql()} and not pc.is_hidden
              and ${statusSql(viewer, 'd')}
            group by 1`,
          [curatedOnly],
        )
      : { rows: [] },
    // A search per project with saved filters, a few at a time: a dashboard over many projects never holds the pool.
    mapLimited(searched, SEARCHES_AT_ONCE, async (p) => [p.id, await suggestedCount(knex, ability, actor, p)] as const),
  ]);
  for (const r of staged.rows as { project_id: number; stage: number; n: number }[]) {
    const key = KEY_OF.get(r.stage);
    const stats = out.get(r.project_id);
    if (key && stats && visible.includes(r.stage as never)) stats[key] = r.n;
  }
  for (const r of curated.rows as { project_id: number; n: number }[]) {
    const stats = out.get(r.project_id);
    if (stats) stats.open = r.n;
  }
  for (const [id, n] of found) {
    const stats = out.get(id);
    if (stats) stats.open = n;
  }
  return out;
}
