/**
 * Which candidates the caller reaches in a project, by the one rule (schema/rules/visibility.ts):
 * admins every candidate whose status they see; a company the candidates its board of the project
 * shows (onBoardSql: active, consent to companies not withdrawn, with a row in a stage it sees:
 * every stage for a company, from shortlist on for a RaaS company, stageVisibleToRaas; a row that
 * holds them, tabs.ts heldSql, among them one the company asked to interview, or one flagged hidden
 * or favourite, which its hidden and favourites views list; a row written only by a seen mark or a
 * whitelist request holds nobody) or, for a company other than RaaS, found by the project's saved
 * filters (the suggested tab, which a RaaS board does not have). Every pipeline, note, interview and
 * qualify call asks this before touching a candidate; any other id is 404 `project.candidate.notFound`, the same answer as an id that
 * names nobody, so ids cannot be walked. Reaching a candidate is not bringing them into a company's
 * project: where an admin does that (a move writing a new row, a project created with candidates, an
 * access grant), `requireCurates` asks the platform's curation rule too.
 *
 * `reachableIds` asks it of many candidates in one project; `projectsReaching` of one candidate in many projects (the
 * notes a company reads back), in a fixed number of statements whatever the number of projects: the readable
 * projects with the candidate's place on each board in one, the saved filters of those it is on no board of (search's
 * `buildFilters`, which asks the lookups only for a saved filter naming an option by name) and then one statement
 * over the candidate's search document with every project's filters as one element of an array.
 */
import type { Knex } from 'knex';
import type { AppAbility } from '../../../schema/ability';
import { ACTIVITY } from '../../../schema/rules/pipeline';
import type { Actor } from '../../../schema/roles';
import { mayPlaceFor } from '../../../schema/rules/stages';
import {
  onBoardSql,
  statusSql,
  viewerOf,
  type CandidateFacts,
  type PlaceFacts,
  type Viewer,
} from '../../../schema/rules/visibility';
import { AppError, forbidden } from '../../errors';
import { whereOf, tableStats, currencyRates } from '../search';
import { entity } from '../../../schema';
import { parseId } from '../../../schema/lib/ids';
import { loadProject, projectsWithSavedFilters, scopeProjects, type ProjectRow } from './access';
import { heldSql, savedPredicates } from './tabs';

/** The activity log's actor kind of admins: only their curation is the platform's decision. */
const ADMIN_KIND = 1;

export const candidateNotFound = (candidateIds?: number[]) =>
  new AppError(
    404,
    'project.candidate.notFound',
    undefined,
    undefined,
    candidateIds ? { candidateIds: candidateIds.map((c) => `Candidate:${c}`) } : undefined,
  );

/**
 * SQL: candidate `c` has a row in project `project` (a binding `?` unless told) that `viewer`'s board shows (onBoardSql
 * over that row) by itself: a row that holds them (tabs.ts `heldSql`: moved past the suggested tab, or placed there:
 * curated, added, or asked to an interview) or one the company flagged hidden or favourite (the hidden and favourites
 * views list those whatever the saved filters find, so they stay unhideable and unfavouritable), in a stage it sees
 * for a RaaS company (not the suggested tab nor the longlist, the advocates' work). A row written only by a seen mark
 * or a whitelist request holds nobody: such a candidate is reached while the saved filters find them (the suggested
 * tab lists them), and not once they no longer do.
 */
const onBoardRowSql = (viewer: Viewer, project = '?'): string =>
  `exists (select 1 from project_candidates pcr where pcr.project_id = ${project} and pcr.candidate_id = c.id
     and ${onBoardSql(viewer, 'c', 'pcr')} and (${heldSql('pcr')} or pcr.is_hidden or pcr.is_favorited))`;

/**
 * The ids among `candidateIds` the caller reaches in `project`, in the order given: admins those whose status they
 * see; companies those on their board of the project, and (not RaaS companies, which have no suggested tab) those
 * the project's saved filters find.
 */
export async function reachableIds(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  project: ProjectRow,
  candidateIds: number[],
): Promise<number[]> {
  if (!candidateIds.length) return [];
  const viewer = viewerOf(actor);
  const seen = (await knex('candidates as c')
    .whereIn('c.id', candidateIds)
    .whereRaw(statusSql(viewer))
    .select('c.id', knex.raw(`${onBoardRowSql(viewer)} as "onBoard"`, [project.id]))) as {
    id: number;
    onBoard: boolean;
  }[];
  if (viewer === 'admin') return candidateIds.filter((c) => seen.some((s) => s.id === c));
  const reached = new Set(seen.filter((s) => s.onBoard).map((s) => s.id));
  const rest = seen.filter((s) => !s.onBoard).map((s) => s.id);
  if (rest.length && viewer !== 'raasCompany')
    for (const id of await foundBySavedFilters(knex, ability, actor, project, rest)) reached.add(id);
  return candidateIds.filter((c) => reached.has(c));
}

/**
 * The ids among `projectIds` the caller reads and reaches `candidateId` in, in the order given: the rule of
 * `reachableIds`, asked of every project at once (see the head of this file for the statements it takes).
 */
export async function projectsReaching(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  candidateId: number,
  projectIds: number[],
): Promise<number[]> {
  if (!projectIds.length) return [];
  const viewer = viewerOf(actor);
  // No row when the caller does not meet the candidate (their status, their consent) or does not read the project.
  const places = (await scopeProjects(
    knex('projects as p')
      .join('candidates as c', (j) => j.onVal('c.id', candidateId))
      .whereIn('p.id', projectIds)
      .whereRaw(statusSql(viewer))
      .select('p.id', knex.raw(`${onBoardRowSql(viewer, 'p.id')} as "onBoard"`)),
    ability,
  )) as { id: number; onBoard: boolean }[];
  const reached = new Set(places.filter((p) => viewer === 'admin' || p.onBoard).map((p) => p.id));
  const rest = new Set(places.filter((p) => !reached.has(p.id)).map((p) => p.id));
  if (rest.size && viewer !== 'raasCompany')
    for (const id of await suggestingProjects(knex, ability, actor, candidateId, rest)) reached.add(id);
  return projectIds.filter((id) => reached.has(id));
}

/**
 * Of the projects `ids`, those whose saved filters find the candidate (their suggested tab). The caller's projects with
 * saved filters are read in one statement (then kept to `ids`), and every project's filters asked in one more.
 */
async function suggestingProjects(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  candidateId: number,
  ids: Set<number>,
): Promise<number[]> {
  const projects = (await projectsWithSavedFilters(knex, ability)).filter((p) => ids.has(p.id));
  if (!projects.length) return [];
  const [stats, rates] = await Promise.all([tableStats(knex), currencyRates(knex)]);
  const found: { id: number; sql: string; bindings: unknown[] }[] = [];
  for (const project of projects) {
    const saved = await savedPredicates(knex, ability, actor, project, stats, rates);
    if (saved) found.push({ id: project.id, ...whereOf(saved) });
  }
  if (!found.length) return [];
  // An array rather than a column each: a candidate's notes may span more projects than a row holds columns.
  const { rows } = await knex.raw(
    `select array[${found.map((f) => `coalesce((${f.sql}), false)`).join(', ')}] as found
       from candidate_search_documents d where d.id = ?`,
    [...found.flatMap((f) => f.bindings), candidateId] as Knex.RawBinding[],
  );
  const flags = ((rows as { found: boolean[] }[])[0]?.found ?? []) as boolean[];
  return found.filter((_, i) => flags[i]).map((f) => f.id);
}

/** Of `ids`, those the project's saved filters find (its suggested tab); none when it has none. */
async function foundBySavedFilters(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  project: ProjectRow,
  ids: number[],
): Promise<number[]> {
  const [stats, rates] = await Promise.all([tableStats(knex), currencyRates(knex)]);
  const saved = await savedPredicates(knex, ability, actor, project, stats, rates);
  if (!saved) return [];
  const found = whereOf(saved);
  const { rows } = await knex.raw(
    `select d.id from candidate_search_documents d where d.id = any(?::int[]) and ${found.sql}`,
    [ids, ...found.bindings] as Knex.RawBinding[],
  );
  return (rows as { id: number }[]).map((r) => r.id);
}

/**
 * Refuses (403 `errors.forbidden`, as the curate call refuses) an admin putting candidates before a company's project
 * on the platform's behalf where they may not curate (`curates`: an advocate on a project they do not advocate): a
 * move that writes a candidate's first row in the project, a project created with candidates, an access grant.
 * Companies pass (their own rules apply), and so does a project without a company (no one to show anyone to), as an
 * admin's addition (curation.ts `addCandidate`) allows.
 */
export function requireCurates(actor: Actor, project: { advocateId: number | null; companyId: number | null }): void {
  if (!mayPlaceFor(actor, project)) throw forbidden();
}

/** Refuses with 404 unless the caller reaches every one of `candidateIds` in `project`. */
export async function requireReach(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  project: ProjectRow,
  candidateIds: number[],
): Promise<void> {
  const reached = new Set(await reachableIds(knex, ability, actor, project, candidateIds));
  const missing = candidateIds.filter((c) => !reached.has(c));
  if (missing.length) throw candidateNotFound(missing);
}

/**
 * The candidates' facts and their place in the project, as the rule reads them (who they are comes through the
 * candidate gate): a move's checks and the board's warning (docs.ts `revealsOnMove`) both read them here. `curated`
 * is an admin's `curated` log entry for the candidate in the project (the curate call, an admin's addition), not the
 * row's flag alone: only the platform's curation reveals a hidden candidate.
 */
export async function placesOf(
  knex: Knex | Knex.Transaction,
  projectId: number,
  candidateIds: number[],
): Promise<Map<number, { candidate: CandidateFacts; place: PlaceFacts }>> {
  const { rows } = await knex.raw(
    `select c.id, c.status, c.visibility, c.anonymous, coalesce(pc.stage, 0) as stage, pc.revealed_at is not null as revealed,
            exists (select 1 from candidate_recruitment_stage_logs l
                     where l.project_id = ? and l.candidate_id = c.id and l.activity = ${ACTIVITY.curated} and l.actor_kind = ${ADMIN_KIND}) as curated
       from candidates c left join project_candidates pc on pc.candidate_id = c.id and pc.project_id = ?
      where c.id = any(?::int[])`,
    [projectId, projectId, candidateIds],
  );
  return new Map(
    (rows as Record<string, unknown>[]).map((r) => [
      r.id as number,
      {
        candidate: {
          status: r.status as number,
          visibility: r.visibility as boolean | null,
          anonymous: r.anonymous as boolean | null,
        },
        place: { stage: r.stage as number, curated: Boolean(r.curated), revealed: Boolean(r.revealed) },
      },
    ]),
  );
}

/** The candidate's place in a project the caller reads and reaches them in (the profile panel opened from a board); 404 otherwise. */
export async function projectPlace(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  projectRef: string,
  candidateId: number,
): Promise<PlaceFacts> {
  const id = parseId(entity('project'), projectRef);
  if (id === undefined) throw new AppError(404, 'project.notFound');
  const project = await loadProject(knex, ability, { id });
  await requireReach(knex, ability, actor, project, [candidateId]);
  return (await placesOf(knex, project.id, [candidateId])).get(candidateId)!.place;
}
