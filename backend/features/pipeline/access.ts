/**
 * What every pipeline call starts from: the project, loaded through the caller's ability (a
 * project the caller may not read is 404 `project.notFound`, one it reads but may not change is
 * 403), the caller as a pipeline role, the candidate statuses it sees, and the inputs' ids in
 * either spelling (projectId or project_id, prefixed or plain).
 */
import { subject as asSubject } from '@casl/ability';
import type { Knex } from 'knex';
import { entity } from '../../../schema';
import type { AppAbility } from '../../../schema/ability';
import { parseId } from '../../../schema/lib/ids';
import type { Actor } from '../../../schema/roles';
import { seenStatuses, viewerOf } from '../../../schema/rules/visibility';
import { AppError, forbidden } from '../../errors';
import { permissionSql } from '../../permissions/sql';

export const projectDef = entity('project');
export const candidateDef = entity('candidate');

export interface ProjectRow {
  id: number;
  guid: string;
  title: string;
  companyId: number | null;
  ownerId: number | null;
  advocateId: number | null;
  projectType: number;
  plan: number;
  status: number;
  currentUrl: string | null;
  isAdminProject: boolean;
  sharedUserIds: number[];
  sharedWithCompany: boolean;
}

const COLUMNS = [
  'p.id',
  'p.guid',
  'p.title',
  'p.company_id as companyId',
  'p.owner_id as ownerId',
  'p.advocate_id as advocateId',
  'p.project_type as projectType',
  'p.plan',
  'p.status',
  'p.current_url as currentUrl',
  'p.is_admin_project as isAdminProject',
  'p.shared_user_ids as sharedUserIds',
  'p.shared_with_company as sharedWithCompany',
];

/** Limits a query over `projects p` to what `action` allows the caller. */
export function scopeProjects<Q extends Knex.QueryBuilder>(
  q: Q,
  ability: AppAbility,
  action: 'read' | 'update' = 'read',
): Q {
  const cond = permissionSql(ability, action, projectDef.subject, 'p');
  if (cond === false) q.whereRaw('1 = 0');
  else if (cond) q.whereRaw(cond[0], cond[1] as Knex.RawBinding[]);
  return q;
}

export const projectNotFound = () => new AppError(404, 'project.notFound');

/** Every project with saved filters the caller reads, in one statement. */
export async function projectsWithSavedFilters(knex: Knex, ability: AppAbility): Promise<ProjectRow[]> {
  const rows = (await scopeProjects(
    knex('projects as p').select(COLUMNS).whereNotNull('p.current_url').whereNot('p.current_url', '').orderBy('p.id'),
    ability,
  )) as ProjectRow[];
  return rows.map((row) => ({ ...row, sharedUserIds: row.sharedUserIds ?? [] }));
}

/** The project by id or guid as the caller reads it; 404 `project.notFound` otherwise. */
export async function loadProject(
  knex: Knex,
  ability: AppAbility,
  ref: { id?: number; guid?: string },
): Promise<ProjectRow> {
  const q = knex('projects as p').first(COLUMNS);
  if (ref.id !== undefined) q.where('p.id', ref.id);
  else if (ref.guid !== undefined && /^[0-9a-f-]{36}$/i.test(ref.guid)) q.where('p.guid', ref.guid);
  else throw projectNotFound();
  const row = (await scopeProjects(q, ability)) as ProjectRow | undefined;
  if (!row) throw projectNotFound();
  return { ...row, sharedUserIds: row.sharedUserIds ?? [] };
}

/** Whether the caller may change the project's pipeline (the project's update rule). */
export const canChange = (ability: AppAbility, project: ProjectRow) =>
  ability.can('update', asSubject(projectDef.subject, { ...project }));

/** The project the caller changes: readable (else 404) and changeable (else 403). */
export async function loadProjectToChange(knex: Knex, ability: AppAbility, id: number): Promise<ProjectRow> {
  const project = await loadProject(knex, ability, { id });
  if (!canChange(ability, project)) throw forbidden();
  return project;
}

/** The caller as the stage rules know it: one function with the portal's board (schema/rules/stages.ts). */
export { pipelineRole } from '../../../schema/rules/stages';

/** Candidate statuses the caller sees in a pipeline (schema/rules/visibility.ts). */
export const pipelineStatuses = (actor: Actor): number[] => seenStatuses(viewerOf(actor));

export { actorName } from '../../services/activity';

/** A candidate id from a prefixed or plain value, for lists checked by hand. */
export const candidateIdOf = (raw: unknown) => parseId(candidateDef, raw);
