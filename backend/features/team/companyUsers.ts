/**
 * A company user's one set of rules, whichever way a change arrives (the team endpoints, the
 * generic /company-users routes the console uses, their bulk status change): the team's rules of
 * rules.ts, an email that stays with its person, a company that stays with its person (companyId is fixed after
 * create), an Owner never created pending, invitations for everyone a company adds (their company's domains, pending
 * until they accept), and sessions that end when someone is deactivated.
 */
import type { Knex } from 'knex';
import { choiceId, entity } from '../../../schema';
import { companyUser } from '../../../schema/entities/companyUser';
import type { AppAbility } from '../../../schema/ability';
import { actorRefs, SUB_ROLES, type Actor } from '../../../schema/roles';
import { companyEmailProblem } from '../../../schema/rules/companyEmail';
import { accountKindOf, findAccount } from '../../auth/accounts';
import { endBarredSessions } from '../../auth/session';
import { reloadChangingRole } from '../projects';
import { modelFor } from '../../db/models';
import type { Row } from '../../crud/serialize';
import {
  checks,
  personChecks,
  referencesExist,
  type Check,
  type EntityWrites,
  type WriteContext,
} from '../../crud/writes';
import { AppError, badRequest, forbidden, unauthorized } from '../../errors';
import { createInvitation, inTeam, sendInvitation, type InvitationRow } from '../signup';
import {
  managerStandingRefusal,
  MEMBER_STATUS,
  memberChangeRefusal,
  memberCreateRefusal,
  memberDeleteRefusal,
  ownerDetailsRefusal,
  type Changer,
  type Member,
  type Refusal,
} from './rules';

const company = entity('company');
const COMPANY_STATUS = {
  pending: choiceId(company.fields.status, 'pending'),
  active: choiceId(company.fields.status, 'active'),
  inactive: choiceId(company.fields.status, 'inactive'),
};
export const Users = modelFor(companyUser);

/**
 * Whether the ability reaches the company users of every company (a rule without conditions: the
 * platform admins', as the schema declares): those people stand above a company's own team rules.
 */
export function reachesEveryCompany(ability: AppAbility, action: 'create' | 'update'): boolean {
  return ability.rulesFor(action, companyUser.subject).some((rule) => !rule.inverted && !rule.conditions);
}

export function changerOf(actor: Actor, ability: AppAbility): Changer {
  return {
    platformAdmin: reachesEveryCompany(ability, 'update'),
    selfId: accountKindOf(actor) === 'companyUser' ? actor.id : undefined,
  };
}

/**
 * One change of a company's team at a time: an advisory transaction lock per company, taken before
 * any of its rows, and then the caller's own standing read again. Two Admins demoting or
 * deactivating each other at once would otherwise each act on the standing they had before the
 * other's change, and leave nobody to run the company; the later one is refused as it would be
 * arriving afterwards (401 once deactivated, 403 once a Member). Platform admins stand above it.
 */
export async function lockTeams(trx: Knex.Transaction, actor: Actor, companyIds: number[]): Promise<void> {
  for (const id of [...new Set(companyIds)].sort((a, b) => a - b))
    await trx.raw("select pg_advisory_xact_lock(hashtext('team.company'), ?::int)", [id]);
  const { userId } = actorRefs(actor);
  if (!userId) return;
  const self = (await Users.query(trx).findById(userId)) as unknown as { id: number; role: number; status: number };
  const refusal = managerStandingRefusal(self);
  if (refusal === 'signedOut') throw unauthorized();
  if (refusal) throw forbidden();
}

/** A refusal as the field error of the list or field it concerns. */
export const refused = (field: string, reason: Refusal) => badRequest({ [field]: `${field}.errors.${reason}` });

/** The full name of whoever acts, for the invitation's "X invited you". */
export async function nameOf(knex: Knex, actor: Actor): Promise<string | null> {
  const kind = accountKindOf(actor);
  const account = kind && actor.id ? await findAccount(knex, { kind, id: actor.id }) : undefined;
  return account ? `${account.firstName ?? ''} ${account.lastName ?? ''}`.trim() || null : null;
}

export interface Invite {
  email: string;
  role: number;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * Adds someone to a company the one way a company does: by invitation. The address must be one the
 * company signs in with (its domains, a business domain: schema/rules/companyEmail.ts); the person
 * is pending until they accept. A pending company's invitations are held and go out when it is
 * approved or released; an inactive company invites nobody. An address in the company's team list
 * already is refused. An address with any other account is invited all the same, as a stand-in
 * that tells its owner instead of linking (signup/invitations.ts): listed as pending, refused when
 * invited again, resent and deleted as a free one is, since a company must not learn who has an account.
 */
export async function inviteMember(ctx: WriteContext, companyId: number, invite: Invite): Promise<number> {
  const { trx } = ctx;
  const found = (await modelFor(company).query(trx).findById(companyId)) as unknown as
    { status: number; validDomains: string[] | null; companyName: string } | undefined;
  if (!found) throw badRequest({ companyId: 'companyId.errors.notFound' });
  if (found.status === COMPANY_STATUS.inactive) throw new AppError(409, 'company.notActivate');
  const problem = companyEmailProblem(invite.email, found.validDomains);
  if (problem) throw badRequest({ email: problem });
  if (await inTeam(trx, companyId, invite.email)) throw badRequest({ email: 'email.errors.exists' });
  const active = found.status === COMPANY_STATUS.active;
  return createInvitation(trx, ctx.config, companyId, invite, active, await nameOf(trx, ctx.actor));
}

/**
 * Sends a pending colleague a new invitation link (the old one stops working), or a stand-in's
 * notice to the address's owner again. Someone who accepted already is refused, and so is a company
 * not yet approved or no longer active, and an address its domains no longer cover (400, the
 * address's field error).
 */
export async function reinvite(ctx: WriteContext, user: Row): Promise<void> {
  const { trx } = ctx;
  if (user.status !== MEMBER_STATUS.pending) throw new AppError(409, 'invite.used');
  const { status } = (await modelFor(company)
    .query(trx)
    .findById(user.companyId as number)) as unknown as { status: number };
  if (status === COMPANY_STATUS.pending) throw new AppError(409, 'company.pending');
  if (status !== COMPANY_STATUS.active) throw new AppError(409, 'company.notActivate');
  let invitation = (await trx('invitations').where('company_user_id', user.id).forUpdate().first()) as
    InvitationRow | undefined;
  // People added as pending in the console have no invitation yet.
  if (!invitation) {
    const role = user.role === SUB_ROLES.admin ? SUB_ROLES.admin : SUB_ROLES.member;
    [invitation] = (await trx('invitations')
      .insert({ company_user_id: user.id, company_id: user.companyId, email: user.email, role })
      .returning('*')) as InvitationRow[];
  }
  await sendInvitation(trx, ctx.config, invitation, await nameOf(trx, ctx.actor));
}

/** The team's rule on a status or role change of one company user, as field errors of that field. */
const teamCheck: Check = async (data, ctx) => {
  if (ctx.mode !== 'update' || !ctx.existing) return;
  const by = changerOf(ctx.actor, ctx.ability);
  let member = ctx.existing as Row & { id: number; role: number; status: number };
  const touches = (key: 'status' | 'role') => data[key] !== undefined && data[key] !== member[key];
  if (touches('status') || touches('role')) {
    // A status or role change is a change of the team: judged in its company's turn, on the row as it is then.
    await lockTeams(ctx.trx, ctx.actor, [member.companyId as number]);
    member = { ...member, ...((await Users.query(ctx.trx).findById(member.id).forUpdate()) as unknown as Member) };
  }
  const reason = memberChangeRefusal(by, member, data);
  if (reason) throw refused(data.status !== undefined && data.status !== member.status ? 'status' : 'role', reason);
  const changed = Object.keys(data).find(
    (key) => data[key] !== undefined && JSON.stringify(data[key]) !== JSON.stringify(member[key] ?? null),
  );
  const details = changed && ownerDetailsRefusal(by, member);
  if (changed && details) throw refused(changed, details);
};

/**
 * A person stays with the company they were added to (the schema's `fixed` fields: companyId): its domains are the
 * ones their address was checked against, its projects the ones they own, its invitation the one they hold. Moving
 * someone is refused on the field; the same value sent back with a whole record is no change.
 */
const fixedFieldsCheck: Check = async (data, { mode, existing, entity }) => {
  if (mode !== 'update' || !existing) return;
  const moved = Object.keys(entity.fields).find(
    (name) => entity.fields[name].fixed && data[name] !== undefined && data[name] !== existing[name],
  );
  if (moved) throw badRequest({ [moved]: `${moved}.errors.fixed` });
};

const check = checks(personChecks, fixedFieldsCheck, teamCheck);

/**
 * A create by someone who reaches every company (a platform admin) stores the row as given (the
 * console adds people to any company), with an address the company signs in with: its domains, a
 * business domain (schema/rules/companyEmail.ts, as every way an address becomes a company user's;
 * the console changes nobody's address afterwards: emailStaysWithItsPerson, nor their company: fixedFieldsCheck), and
 * never an Owner who is pending (rules.ts memberCreateRefusal: refused on status). A company that does
 * not exist is refused on companyId by the insert. A company adds people by invitation alone (POST
 * /company-users/invite): this route answers with the new row, which an address with an account
 * elsewhere has none of, so the answer would tell whether it has one; it is refused whatever the address.
 */
async function create(write: WriteContext & { data: Record<string, unknown> }): Promise<number> {
  const { data, trx } = write;
  if (!reachesEveryCompany(write.ability, 'create')) throw new AppError(403, 'companyUser.inviteInstead');
  await referencesExist(data, { ...write, mode: 'create' });
  const pendingOwner = memberCreateRefusal(data);
  if (pendingOwner) throw refused('status', pendingOwner);
  await check(data, { ...write, mode: 'create' });
  const owner = (await modelFor(company)
    .query(trx)
    .findById(data.companyId as number)) as unknown as { validDomains: string[] | null } | undefined;
  const problem = owner && typeof data.email === 'string' && companyEmailProblem(data.email, owner.validDomains);
  if (problem) throw badRequest({ email: problem });
  const inserted = (await Users.query(trx).insert(data).returning('id')) as unknown as { id: number };
  return inserted.id;
}

/**
 * Someone deactivated is signed out everywhere at once (auth/session.ts, as every person's status change). Someone
 * whose role change (`was`: their rows before it) leaves them out of a project, or lets them back in, has their open
 * inbox reloaded.
 */
export async function afterMemberChange(
  trx: Knex.Transaction,
  ids: number[],
  data: Record<string, unknown>,
  was: Row[] = [],
): Promise<void> {
  if (data.status !== undefined) await endBarredSessions(trx, 'companyUser', ids);
  if (typeof data.role === 'number') {
    const role = data.role;
    const changes = was.map((r) => ({ id: r.id, companyId: r.companyId, before: r.role, after: role }));
    await reloadChangingRole(trx, changes as { id: number; companyId: number; before: number; after: number }[]);
  }
}

/** The refusal of deleting a company user, whoever asks. */
export function assertDeletable(actor: Actor, ability: AppAbility, member: Row): void {
  const reason = memberDeleteRefusal(changerOf(actor, ability), member as Row & { role: number; status: number });
  if (reason) throw new AppError(400, `companyUser.${reason}`);
}

export const companyUserWrites: EntityWrites = {
  check,
  create,
  after: (ctx, data) => afterMemberChange(ctx.trx, [ctx.id as number], data, ctx.existing ? [ctx.existing] : []),
  beforeDelete: async ({ actor, ability, existing }) => assertDeletable(actor, ability, existing),
  // The team's bulk status change (PUT /company-users/status) is the one route for it.
  statusRoute: 'PUT /company-users/status',
  // Deletion hands the person's work to a colleague (DELETE /company-users/:id and its bulk, companyUsersBulk.ts).
  deleteRoute: 'DELETE /company-users/:id',
};
