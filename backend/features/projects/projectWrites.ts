/**
 * A project's write rules, the one path every project write takes: the generic router's
 * POST/PUT /projects (the console) and the projects endpoints call `createProject` and
 * `updateProject`. Beyond the declaration:
 *   - company users write projects of their own company: the company is theirs, the owner defaults
 *     to them and must be a user of the company, and they never set the advocate, the checked flag
 *     or the internal flag (left out of a new project; an update changing them, or the company, is
 *     refused by name, 403 `errors.fieldNotWritable`, as the router refuses a field out of reach); an owner
 *     they could not name (another company's user, or a colleague when they are a Member) is
 *     replaced by themselves;
 *   - internal projects (admins) have no company and are owned by the admin who creates them;
 *   - the advocate is an active admin of type Advocate; salaryMin <= salaryMax; the job
 *     description text is required unless its file follows (`jdFileFollows`, the portal's upload);
 *   - the project type follows the company (RaaS companies' projects are 'raas'); the company
 *     and the internal flag are fixed once created;
 *   - status and plan changes follow the plan rules with their charges (plans.ts);
 *   - a create the portal's dialog repeats under the same key makes one project (repeats.ts).
 */
import { subject as asSubject } from '@casl/ability';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { entity } from '../../../schema';
import { PROJECT_PLAN, PROJECT_STATUS, PROJECT_TYPE } from '../../../schema/rules/pipeline';
import { ADMIN_TYPES, COMPANY_TYPES, MANAGING_SUB_ROLES, actorRefs, appointsAdvocates } from '../../../schema/roles';
import { modelFor } from '../../db/models';
import { AppError, badRequest, forbidden } from '../../errors';
import {
  referencesExist,
  type CheckContext,
  type CreateWrite,
  type EntityWrites,
  type UpdateWrite,
  type WriteContext,
} from '../../crud/writes';
import type { Row } from '../../crud/serialize';
import { endProjectInterviews } from './endInterviews';
import { changeStatus, openNewProject, upgradeProject } from './plans';
import { setProjectActor } from './projectActor';
import { analytics } from '../../adapters/analytics';
import { searchErrorsOf } from './savedFilters';
import { queueJob } from '../../services/queue';
import { followAdvocate } from '../../services/chatAssignee';
import { reloadLosingProject } from './lostAccess';

export const projectEntity = entity('project');
const Projects = modelFor(projectEntity);

/** Fields only admins set: a company user's values for them are left out of a new project, refused when changed. */
const ADMIN_FIELDS = ['advocateId', 'checked', 'isAdminProject', 'ownerAdminId'] as const;
/** company_users.status of an active user (schema/entities/companyUser.ts): the only one a project is handed to. */
const ACTIVE_USER = 1;

const isCompanyUser = (ctx: WriteContext) => ctx.actor.companyId !== undefined;

async function companyOf(trx: Knex, companyId: number) {
  return trx('companies').where('id', companyId).first('id', 'company_type', 'status');
}

/** The company's Owner, else its first Admin: the owner of a company project an admin creates without naming one. */
async function defaultOwner(trx: Knex, companyId: number): Promise<number | null> {
  const row = await trx('company_users')
    .where('company_id', companyId)
    .whereIn('role', MANAGING_SUB_ROLES)
    .whereNot('status', 2)
    .orderBy('role')
    .orderBy('id')
    .first('id');
  return row?.id ?? null;
}

/** A reference to no row is refused, even in a field the writer may not set (then left out). */
async function singleRefsExist(trx: Knex, data: Record<string, unknown>): Promise<void> {
  const errors: Record<string, string> = {};
  for (const [name, def] of Object.entries(projectEntity.fields)) {
    const value = data[name];
    if (def.kind !== 'ref' || typeof value !== 'number') continue;
    const table = entity(def.ref as string).table;
    if (!(await trx(table).where('id', value).first('id'))) errors[name] = `${name}.errors.notFound`;
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** The rules on a project's content alone: at least one country, a job description (text, or a file stored or following). */
export function contentErrors(project: Record<string, unknown>, jdFileFollows: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!Array.isArray(project.countries) || project.countries.length === 0)
    errors.countries = 'countries.errors.required';
  const hasText = typeof project.jobDescription === 'string' && project.jobDescription.trim() !== '';
  if (!hasText && !project.jdFilePath && !jdFileFollows) errors.jobDescription = 'jobDescription.errors.required';
  return errors;
}

/**
 * A company user's project is owned by themselves when they name nobody, else by the user of their company they
 * name, so long as they may still read the project then (Owners and Admins may name any colleague; a Member would
 * be left out of a project shared with nobody). An owner out of their company or their reach is refused by field
 * (400 `ownerId`), never silently replaced.
 */
async function ownerForCompanyUser(ctx: WriteContext, data: Record<string, unknown>): Promise<number | undefined> {
  const named = data.ownerId as number | null | undefined;
  if (!named || named === ctx.actor.id) return ctx.actor.id;
  const colleague = await ctx
    .trx('company_users')
    .where({ id: named, company_id: ctx.actor.companyId })
    .first('id', 'status');
  if (!colleague) throw badRequest({ ownerId: 'project.errors.ownerNotInCompany' });
  if (colleague.status !== ACTIVE_USER) throw badRequest({ ownerId: 'project.errors.ownerNotActive' });
  if (!ctx.ability.can('read', asSubject(projectEntity.subject, { ...data, ownerId: named })))
    throw badRequest({ ownerId: 'project.errors.ownerLeavesYou' });
  return named;
}

/**
 * A company user's update changing a field only admins set, or the company: refused by name (403, as the router
 * refuses a field out of the caller's reach), never silently dropped. The stored value sent back is harmless.
 */
function refuseAdminChanges(data: Record<string, unknown>, existing: Row): void {
  const refused: Record<string, string> = {};
  for (const field of [...ADMIN_FIELDS, 'companyId'])
    if (field in data && (data[field] ?? null) !== (existing[field] ?? null))
      refused[field] = `${field}.errors.notWritable`;
  if (Object.keys(refused).length) throw new AppError(403, 'errors.fieldNotWritable', undefined, refused);
}

/**
 * Completes and checks a project write: `data` is validated and trimmed to the writable fields;
 * `existing` is the row before an update. Throws the first refusal; on success `data` holds what to store.
 */
export async function checkProject(
  data: Record<string, unknown>,
  ctx: WriteContext & { existing?: Row; jdFileFollows?: boolean },
): Promise<void> {
  const { trx, actor } = ctx;
  await singleRefsExist(trx, data);
  const existing = ctx.existing;
  const creating = !existing;
  if (isCompanyUser(ctx)) {
    if (existing) refuseAdminChanges(data, existing);
    for (const field of ADMIN_FIELDS) delete data[field];
    if (creating) data.companyId = actor.companyId;
    else delete data.companyId;
  }
  if (!creating) {
    if ('companyId' in data && data.companyId !== existing.companyId)
      throw badRequest({ companyId: 'project.errors.companyFixed' });
    if ('isAdminProject' in data && data.isAdminProject !== existing.isAdminProject)
      throw badRequest({ isAdminProject: 'project.errors.companyFixed' });
    // The kind follows the company it was created for: a RaaS project's plan is paid for (plans.ts).
    if ('projectType' in data && data.projectType !== existing.projectType)
      throw badRequest({ projectType: 'project.errors.typeFixed' });
    // Handing a project to another owner is for those who may also delete it: the company's Owners and Admins and
    // the project's owner, not a Member it is shared with.
    const handedOver = 'ownerId' in data && data.ownerId !== existing.ownerId;
    if (handedOver && isCompanyUser(ctx) && !ctx.ability.can('delete', asSubject(projectEntity.subject, existing)))
      throw forbidden('project.errors.ownerChange');
    // A Member owner may hand the project over only where they keep it (shared with them or the company).
    const kept = ctx.ability.can('update', asSubject(projectEntity.subject, { ...existing, ...data }));
    if (handedOver && isCompanyUser(ctx) && !kept) throw badRequest({ ownerId: 'project.errors.ownerLeavesYou' });
    delete data.companyId;
    delete data.isAdminProject;
    delete data.ownerAdminId;
    delete data.projectType;
  }
  const merged = { ...existing, ...data } as Record<string, unknown>;
  const errors: Record<string, string> = {};

  if (merged.isAdminProject) {
    if (creating) {
      Object.assign(data, {
        companyId: null,
        ownerId: null,
        ownerAdminId: actorRefs(actor).adminId,
        projectType: PROJECT_TYPE.normal,
      });
    } else if (data.ownerId) errors.ownerId = 'project.errors.ownerNotInCompany';
  } else {
    const companyId = merged.companyId as number | null | undefined;
    const company = companyId ? await companyOf(trx, companyId) : undefined;
    if (!company) errors.companyId = companyId ? 'company.errors.notFound' : 'company.errors.required';
    else {
      if (creating)
        data.projectType = company.company_type === COMPANY_TYPES.raas ? PROJECT_TYPE.raas : PROJECT_TYPE.normal;
      if (creating && isCompanyUser(ctx)) data.ownerId = await ownerForCompanyUser(ctx, data);
      if (creating && !data.ownerId) data.ownerId = await defaultOwner(trx, company.id);
      const ownerId = (data.ownerId ?? merged.ownerId) as number | null;
      if ('ownerId' in data || creating) {
        const owner = ownerId
          ? await trx('company_users').where({ id: ownerId, company_id: company.id }).first('id', 'status')
          : undefined;
        if (!owner) errors.ownerId = ownerId ? 'project.errors.ownerNotInCompany' : 'ownerId.errors.required';
        // A new owner is an active colleague (the portal's picker lists those): not a deactivated one, nor an invitee.
        else if (owner.status !== ACTIVE_USER && (creating || ownerId !== existing?.ownerId))
          errors.ownerId = 'project.errors.ownerNotActive';
      }
    }
  }
  // Advocates curate only on the projects they advocate (curates()): naming one is a General admin's act, or an
  // advocate would appoint themself to any company's project and curate into it. An advocate may step down.
  const appointed = data.advocateId && data.advocateId !== existing?.advocateId;
  if (appointed && !appointsAdvocates(actor)) throw forbidden('project.errors.advocateByGeneral');
  if (data.advocateId) {
    const advocate = await trx('admins')
      .where({ id: data.advocateId, role: ADMIN_TYPES.advocate, status: 1 })
      .first('id');
    if (!advocate) errors.advocateId = 'project.errors.advocateInvalid';
  }
  // The saved search, however it arrives (the filters of the projects calls, a raw currentUrl, the console), is held
  // to what the search takes: the suggested tab resolves its names on every load.
  if (typeof data.currentUrl === 'string') {
    const [message] = Object.values(searchErrorsOf(data.currentUrl));
    if (message) errors.currentUrl = message;
  }
  if (
    typeof merged.salaryMin === 'number' &&
    typeof merged.salaryMax === 'number' &&
    merged.salaryMin > merged.salaryMax
  ) {
    errors.salaryMax = 'project.errors.salaryRange';
  }
  Object.assign(errors, contentErrors(merged, creating && ctx.jdFileFollows === true));
  if (creating && data.status === undefined) data.status = PROJECT_STATUS.active;
  if (creating && data.plan === undefined) data.plan = PROJECT_PLAN.free;
  if (Object.keys(errors).length) throw badRequest(errors);
  // Whoever creates or changes a project must still reach it afterwards.
  if (!ctx.ability.can(creating ? 'create' : 'update', asSubject(projectEntity.subject, { ...merged, ...data })))
    throw forbidden();
}

/**
 * Creates a project by every rule; returns its id. `clientId`: the key the portal's dialog sent, stored with the
 * project (the caller looked for its repeat first, repeats.ts).
 */
export async function createProject(
  write: Omit<CreateWrite, 'children'> & { jdFileFollows?: boolean; clientId?: string },
): Promise<number> {
  const data = { ...write.data };
  await referencesExist(data, { ...write, mode: 'create' });
  await checkProject(data, write);
  if (write.clientId) data.clientId = write.clientId;
  await setProjectActor(write.trx, write.actor);
  const inserted = (await Projects.query(write.trx).insert(data).returning('id')) as unknown as { id: number };
  await openNewProject(write.trx, inserted.id, write.actor);
  await analytics.record(write.trx, write.actor, 'project_created', {
    projectId: inserted.id,
    plan: (data.plan as number | undefined) ?? null,
  });
  return inserted.id;
}

/** Updates a project by every rule: fields, then the plan (an upgrade), then the status. */
export async function updateProject(write: Omit<UpdateWrite, 'children'>): Promise<void> {
  const data = { ...write.data };
  const check: CheckContext = { ...write, mode: 'update' };
  await referencesExist(data, check);
  await checkProject(data, write);
  const { status, plan, ...fields } = data;
  await setProjectActor(write.trx, write.actor);
  if (plan !== undefined && plan !== write.existing.plan) {
    if (plan !== PROJECT_PLAN.power) throw badRequest({ plan: 'project.errors.noDowngrade' });
    await upgradeProject(write.trx, write.id, write.actor);
  }
  if (Object.keys(fields).length)
    await Projects.query(write.trx)
      .patch({ ...fields, updatedAt: new Date().toISOString() })
      .where('id', write.id);
  // The support chat's assignee follows the advocate (services/chatAssignee.ts).
  if ('advocateId' in fields)
    await followAdvocate(
      write.trx,
      write.id,
      (write.existing.advocateId ?? null) as number | null,
      (fields.advocateId ?? null) as number | null,
    );
  // An old owner the project is not shared with loses it: their open inbox reloads without its threads.
  if ('ownerId' in fields && fields.ownerId !== write.existing.ownerId)
    await reloadLosingProject(write.trx, write.existing, { ...write.existing, ...fields });
  if (status !== undefined) await changeStatus(write.trx, write.id, status as number, write.actor, write.config);
}

/** Keys per delete_erased_files job (its payload holds at most 10,000). */
const KEYS_PER_JOB = 1000;

/**
 * Before projects are deleted, in the deleting transaction: queues the deletion of their stored files, their support
 * chat's attachments (its conversation and messages go with the project by cascade) and each job description file no
 * other project shares (a duplicate shares its original's). The `delete_erased_files` job exists exactly when the
 * delete commits, and is retried until every key is gone.
 */
export async function queueProjectFilesDeletion(trx: Knex.Transaction, ids: number[]): Promise<void> {
  const attachments = (await trx('chat_messages as m')
    .join('conversations as c', 'c.id', 'm.conversation_id')
    .whereIn('c.project_id', ids)
    .whereNotNull('m.attachment_key')
    .pluck('m.attachment_key')) as string[];
  const jds = (await trx('projects').whereIn('id', ids).whereNotNull('jd_file_path').pluck('jd_file_path')) as string[];
  const shared = new Set(
    jds.length
      ? ((await trx('projects').whereIn('jd_file_path', jds).whereNotIn('id', ids).pluck('jd_file_path')) as string[])
      : [],
  );
  const keys = [...new Set([...attachments, ...jds.filter((k) => !shared.has(k))])];
  for (let i = 0; i < keys.length; i += KEYS_PER_JOB)
    await queueJob(trx, 'delete_erased_files', { keys: keys.slice(i, i + KEYS_PER_JOB) });
}

/**
 * Before a company is deleted with its projects by cascade: their interviews end and their stored files (support
 * chat attachments, job descriptions) are queued for deletion, as each project's own delete does (projectWrites.ts).
 */
export async function companyProjectsGo(trx: Knex.Transaction, config: Config, companyId: number): Promise<void> {
  const ids = (await trx('projects').where('company_id', companyId).pluck('id')) as number[];
  if (!ids.length) return;
  await queueProjectFilesDeletion(trx, ids);
  await endProjectInterviews(trx, config, ids);
}

export const projectWrites: EntityWrites = {
  create: (write) => createProject(write),
  update: (write) => updateProject(write),
  beforeDelete: async ({ trx, config, existing }) => {
    await queueProjectFilesDeletion(trx, [existing.id as number]);
    await endProjectInterviews(trx, config, [existing.id as number]);
  },
  // Bulk status changes go through PUT /projects (and its console alias PUT /projects/status).
  statusRoute: 'PUT /projects',
};
