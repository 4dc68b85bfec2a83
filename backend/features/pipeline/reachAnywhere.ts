/**
 * Whether a company reaches a candidate when no project is named (CV, blind-CV and profile-PDF
 * downloads), by the one rule (schema/rules/visibility.ts): a candidate whose status it meets, and
 * who its search finds (companies with search) or who is in, or suggested to, one of the projects
 * the caller reads (pipeline/reach.ts decides the suggested tab). Anyone else is answered as an id
 * that names nobody. Admins and candidates are left to the declared permissions.
 */
import type { Knex } from 'knex';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { searchStatuses, seesStatus, viewerOf } from '../../../schema/rules/visibility';
import { loadProject, scopeProjects } from './access';
import { reachableIds } from './reach';

export async function reachesCandidate(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  candidateId: number,
): Promise<boolean> {
  const viewer = viewerOf(actor);
  if (viewer !== 'company' && viewer !== 'raasCompany') return true;
  const candidate = await knex('candidates').where('id', candidateId).first('status');
  if (!candidate || !seesStatus(viewer, candidate)) return false;
  if (searchStatuses(viewer).includes(candidate.status)) return true;
  const inPipeline = await scopeProjects(
    knex('projects as p')
      .join('project_candidates as pc', 'pc.project_id', 'p.id')
      .where('pc.candidate_id', candidateId)
      .first('p.id'),
    ability,
  );
  if (inPipeline) return true;
  // The suggested tabs: the projects' saved filters (and what admins curated), one project at a time.
  const suggesting = (await scopeProjects(
    knex('projects as p').whereNotNull('p.current_url').whereNot('p.current_url', '').orderBy('p.id'),
    ability,
  ).pluck('p.id')) as number[];
  for (const id of suggesting) {
    const project = await loadProject(knex, ability, { id });
    if ((await reachableIds(knex, ability, actor, project, [candidateId])).length) return true;
  }
  return false;
}
