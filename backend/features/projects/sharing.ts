/**
 * Sharing a project with users of its company (spec sections 2, 6 and 8): full access (1) or none
 * (0) per user, or the whole company at once. Who has access: the project's owner, the company's
 * Owner and Admins (by their role), the users it is shared with, or everyone when it is shared with
 * the company; platform admins always, and they are never listed. Who shares: whoever may delete
 * the project (admins, its owner, the company's Owner and Admins); others get 403
 * 'project.share.errors.unauthorized'. Refusals: 'project.share.errors.invalid' (bad project or
 * access type), 'project.share.errors.notFound' (unknown project, or not a user of its company),
 * 'project.share.errors.sameAccessType' (the user already has that access). Every change is logged.
 *   GET    projects/access/user/info?project_id=                 first 3 users with access, moreCount, totalCount
 *   GET    projects/access/user/list?project_id=                 every user with access, sharedWithCompany; and the
 *                                                         inactive users it is still shared with (`inactive`: their
 *                                                         access returns if they are made active again), so the
 *                                                         share can be removed
 *   GET    project-share/access/user/list/to/add?project_id=&q=  company users without access
 *   POST   project-share/access/user       {projectId, userId, accessType}
 *   DELETE project-share/access/user       {projectId, userId}  removes the share (an inactive user's too); answers stillHasAccess, and
 *                                          the reason ('owner', 'role', 'company') when the user keeps access
 *   POST   project-share/access/user/all   {projectId, accessType}
 * A user who loses access (their share removed, or the company share ended) is sent a live event on their inbox in
 * the same transaction, so an open bell and list reload and leave out the project's threads (reloadInboxes).
 */
import { subject as asSubject } from '@casl/ability';
import type { Knex } from 'knex';
import { z } from 'zod';
import { ACCESS, ACTIVITY } from '../../../schema/rules/pipeline';
import { id, oneOf, specKeys } from '../../../schema/validation/inputs';
import { fieldErrorsOf, ruleMessage } from '../../../schema/validation/issues';
import type { Row } from '../../crud/serialize';
import { defineEndpoint, type Call } from '../../endpoints/define';
import { AppError } from '../../errors';
import { containsPattern, textContains } from '../../db/textMatch';
import { textOrders } from '../../db/textOrder';
import { projectRef } from './inputs';
import { projectEntity } from './projectWrites';
import { findProject } from './read';
import { actorRefs } from '../../../schema/roles';
import { accessOf, reloadInboxes } from './lostAccess';

const SHARE = 'project.share.errors';
const refuse = (status: number, reason: string) => new AppError(status, `${SHARE}.${reason}`);
const INFO_USERS = 3;

interface Member {
  id: number;
  name: string;
  email: string;
  profile_pic: string | null;
  role: number;
  status: number;
}

/** company_users.status of a deactivated user (schema/entities/companyUser.ts). */
const INACTIVE = 2;

/** Parses a sharing input; anything malformed is 'invalid'. */
function parse<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = specKeys(schema).safeParse(raw ?? {}, { error: ruleMessage });
  if (!result.success) throw new AppError(400, `${SHARE}.invalid`, undefined, fieldErrorsOf(result.error));
  return result.data as z.output<S>;
}

/** The project the caller may read, or 404; with `share`, 403 unless the caller may share it. */
async function projectToShare(call: Pick<Call, 'ctx' | 'ability'>, ref: unknown, share: boolean): Promise<Row> {
  const { projectId } = parse(z.object({ projectId: projectRef }), { projectId: ref });
  const row = await findProject(call.ctx.knex, call.ability, projectId);
  if (!row) throw refuse(404, 'notFound');
  if (share && !call.ability.can('delete', asSubject(projectEntity.subject, { ...row })))
    throw refuse(403, 'unauthorized');
  return row;
}

/** The company's users who are not inactive (`withInactive`: every one), owner first, then by name. */
async function membersOf(knex: Knex, project: Row, q?: string | null, withInactive = false): Promise<Member[]> {
  if (!project.companyId) return [];
  const query = knex('company_users')
    .where('company_id', project.companyId)
    .select(
      'id',
      'email',
      'profile_pic',
      'role',
      'status',
      knex.raw("trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) as name"),
    )
    .orderByRaw(`id = ? desc, ${textOrders(['first_name', 'last_name'])}, id`, [
      (project.ownerId as number | null) ?? 0,
    ]);
  if (!withInactive) query.whereNot('status', INACTIVE);
  if (q) {
    const like = containsPattern(q);
    query.where((w) =>
      w
        .whereRaw(textContains('email'), [like])
        .orWhereRaw(textContains("coalesce(first_name, '') || ' ' || coalesce(last_name, '')"), [like]),
    );
  }
  return (await query) as Member[];
}

const userOut = (project: Row, u: Member) => ({
  id: `User:${u.id}`,
  name: u.name || u.email,
  email: u.email,
  profilePic: u.profile_pic,
  access: accessOf(project, u),
  isOwner: project.ownerId === u.id,
  ...(u.status === INACTIVE ? { inactive: true } : {}),
});

/** The users with access; `withInactive`: and the inactive users the project is still shared with. */
async function usersWithAccess(call: Pick<Call, 'ctx' | 'ability'>, ref: unknown, withInactive = false) {
  const project = await projectToShare(call, ref, false);
  const shared = (project.sharedUserIds as number[] | null) ?? [];
  const users = (await membersOf(call.ctx.knex, project, null, withInactive))
    .filter((u) => (u.status === INACTIVE ? shared.includes(u.id) : accessOf(project, u) === ACCESS.full))
    .map((u) => userOut(project, u));
  return { project, users };
}

async function logShare(
  trx: Knex.Transaction,
  call: Pick<Call, 'actor'>,
  project: Row,
  shared: boolean,
  data: Record<string, unknown>,
) {
  await trx('candidate_recruitment_stage_logs').insert({
    activity: shared ? ACTIVITY.shared : ACTIVITY.unshared,
    project_id: project.id,
    actor_kind: actorRefs(call.actor).kind,
    actor_id: call.actor.id,
    company_id: project.companyId,
    data: JSON.stringify(data),
  });
}

/** The company's users whose access ends when the project stops being shared with the whole company. */
async function losingCompanyShare(knex: Knex, project: Row): Promise<number[]> {
  const after = { ...project, sharedWithCompany: false };
  return (await membersOf(knex, project))
    .filter((u) => accessOf(project, u) === ACCESS.full && accessOf(after, u) === ACCESS.none)
    .map((u) => u.id);
}

/** Grants (1) or removes (0) one user's access. */
async function setUserAccess(call: Pick<Call, 'ctx' | 'ability' | 'actor'>, raw: unknown) {
  const input = parse(
    z.object({ projectId: z.unknown(), userId: id('companyUser'), accessType: oneOf([ACCESS.none, ACCESS.full]) }),
    raw,
  );
  const project = await projectToShare(call, input.projectId, true);
  const user = project.companyId
    ? ((await call.ctx
        .knex('company_users')
        .where({ id: input.userId, company_id: project.companyId })
        .first('id', 'role', 'status')) as Member | undefined)
    : undefined;
  // An inactive user is given no access, while a share they still hold may be removed.
  if (!user || (user.status === INACTIVE && input.accessType === ACCESS.full)) throw refuse(404, 'notFound');
  const shared = ((project.sharedUserIds as number[] | null) ?? []).includes(user.id);
  if (input.accessType === ACCESS.full && accessOf(project, user) === ACCESS.full) throw refuse(409, 'sameAccessType');
  // Access that comes with ownership or the company role is not the sharing's to remove.
  if (input.accessType === ACCESS.none && !shared) throw refuse(409, 'sameAccessType');
  const reason =
    input.accessType === ACCESS.none
      ? keptThrough(
          { ...project, sharedUserIds: (project.sharedUserIds as number[]).filter((u) => u !== user.id) },
          user,
        )
      : null;
  await call.ctx.knex.transaction(async (trx) => {
    const column = trx.raw(
      input.accessType === ACCESS.full ? 'array_append(shared_user_ids, ?)' : 'array_remove(shared_user_ids, ?)',
      [user.id],
    );
    await trx('projects').where('id', project.id).update({ shared_user_ids: column, updated_at: trx.fn.now() });
    await logShare(trx, call, project, input.accessType === ACCESS.full, { userId: user.id });
    if (input.accessType === ACCESS.none && !reason) await reloadInboxes(trx, [user.id]);
  });
  if (input.accessType === ACCESS.full) return { success: true, message: 'project.share.messages.granted' };
  return reason
    ? { success: true, message: 'project.share.messages.removedKept', stillHasAccess: true, reason }
    : { success: true, message: 'project.share.messages.removed', stillHasAccess: false };
}

/**
 * Why a user keeps access to the project without a share of their own, or null when they have none: ownership, their
 * company role (Owner, Admin), or the project shared with the whole company. A removal answers this (`stillHasAccess`,
 * `reason`) rather than report an access removed that the user still has.
 */
function keptThrough(project: Row, user: Member): 'owner' | 'role' | 'company' | null {
  if (accessOf(project, user) === ACCESS.none) return null;
  if (project.ownerId === user.id) return 'owner';
  return accessOf({ ...project, sharedWithCompany: false }, user) === ACCESS.full ? 'role' : 'company';
}

const projectQuery = z.looseObject({});

export const sharingEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/projects/access/user/info',
    summary: 'The first users with access to a project, and how many more',
    access: { action: 'read', subject: 'Project' },
    input: { query: projectQuery },
    handler: async (call) => {
      const { users } = await usersWithAccess(call, call.query.project_id ?? call.query.projectId);
      return {
        success: true,
        moreCount: Math.max(0, users.length - INFO_USERS),
        totalCount: users.length,
        users: users.slice(0, INFO_USERS),
      };
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/projects/access/user/list',
    summary: 'Every user with access to a project',
    access: { action: 'read', subject: 'Project' },
    input: { query: projectQuery },
    handler: async (call) => {
      const { project, users } = await usersWithAccess(call, call.query.project_id ?? call.query.projectId, true);
      return { success: true, data: users, sharedWithCompany: Boolean(project.sharedWithCompany) };
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/project-share/access/user/list/to/add',
    summary: "The project company's users who have no access yet",
    access: { action: 'read', subject: 'Project' },
    input: { query: projectQuery },
    handler: async (call) => {
      const { q } = parse(z.object({ q: z.string().max(100).optional() }), { q: call.query.q });
      const project = await projectToShare(call, call.query.project_id ?? call.query.projectId, true);
      const users = (await membersOf(call.ctx.knex, project, q?.trim())).filter(
        (u) => accessOf(project, u) === ACCESS.none,
      );
      return {
        success: true,
        data: users.map((u) => ({ id: `User:${u.id}`, name: u.name || u.email, email: u.email })),
      };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/project-share/access/user',
    summary: 'Grants or removes one user’s access to a project',
    access: { action: 'read', subject: 'Project' },
    input: { body: projectQuery },
    handler: (call) => setUserAccess(call, call.body),
  }),
  defineEndpoint({
    method: 'delete',
    path: '/project-share/access/user',
    summary: 'Removes one user’s access to a project',
    access: { action: 'read', subject: 'Project' },
    input: { body: projectQuery },
    handler: (call) => setUserAccess(call, { ...call.body, accessType: ACCESS.none }),
  }),
  defineEndpoint({
    method: 'post',
    path: '/project-share/access/user/all',
    summary: 'Shares a project with the whole company, or stops',
    access: { action: 'read', subject: 'Project' },
    input: { body: projectQuery },
    handler: async (call) => {
      const input = parse(
        z.object({ projectId: z.unknown(), accessType: oneOf([ACCESS.none, ACCESS.full]) }),
        call.body,
      );
      const project = await projectToShare(call, input.projectId, true);
      if (!project.companyId) throw refuse(400, 'invalid');
      const share = input.accessType === ACCESS.full;
      if (Boolean(project.sharedWithCompany) === share) throw refuse(409, 'sameAccessType');
      const losing = share ? [] : await losingCompanyShare(call.ctx.knex, project);
      await call.ctx.knex.transaction(async (trx) => {
        await trx('projects').where('id', project.id).update({ shared_with_company: share, updated_at: trx.fn.now() });
        await logShare(trx, call, project, share, { company: true });
        await reloadInboxes(trx, losing);
      });
      return { success: true, message: 'project.share.messages.company' };
    },
  }),
];
