/**
 * Team management under /api/v1/company-users, declared endpoints mounted before the generic
 * resource: invite and re-invite colleagues, change status and role in bulk, team counts, and
 * deletion with a transfer of the user's work. Company Owners and Admins manage their own company
 * (the schema's CompanyUser rules); platform admins any. Every change follows the same rules as the
 * generic routes (companyUsers.ts, rules.ts). Beside them, the companies one may invite into
 * (inviteCompanies.ts) and the bulk deletions of admins and company users (adminsBulk.ts, companyUsersBulk.ts). Invitation emails (invitations and resends)
 * are limited per invited address (RATE_LIMIT_PER_EMAIL) and per inviter and per company (INVITATIONS_PER_HOUR). The
 * invitee's names an inviter types hold no link or email address (schema/validation/typedNames.ts), and the invitation
 * greets no one by them (services/mail/accountEmails.ts invitationEmail).
 */
import { subject as asSubject } from '@casl/ability';
import type { Knex } from 'knex';
import { z } from 'zod';
import { companyUser } from '../../../schema/entities/companyUser';
import { formatId } from '../../../schema/lib/ids';
import { actorKey, actorRefs, SUB_ROLES, type Actor } from '../../../schema/roles';
import { BULK_MAX, email, id, ids, oneOf } from '../../../schema/validation/inputs';
import { typedName } from '../../../schema/validation/typedNames';
import { emailSendKey, emailSendLimits, type Limit } from '../../auth/rateLimit';
import { missingOf, statusAnswer } from '../../crud/bulkAnswer';
import type { Row } from '../../crud/serialize';
import { writeContextOf } from '../../crud/writes';
import { defineEndpoint, type Call } from '../../endpoints/define';
import { badRequest, forbidden } from '../../errors';
import { scopeQuery } from '../../permissions/sql';
import { adminsBulkDelete } from './adminsBulk';
import { companyUsersBulkDelete, deleteMember } from './companyUsersBulk';
import { inviteCompaniesEndpoint } from './inviteCompanies';
import {
  afterMemberChange,
  assertDeletable,
  changerOf,
  inviteMember,
  lockTeams,
  refused,
  reinvite,
  Users,
} from './companyUsers';
import { MEMBER_STATUS, memberChangeRefusal } from './rules';
import { colleaguesToTakeOver } from './transfer';

/** What helpers need of a call. */
type Caller = Pick<Call, 'actor' | 'ability' | 'ctx' | 'req'>;

const SUBJECT = companyUser.subject;
/** Managing a team is the right to add its people: company Owners and Admins, and platform admins. */
const MANAGE = { action: 'create', subject: SUBJECT } as const;
const INVITE_ROLES = [SUB_ROLES.admin, SUB_ROLES.member];

const context = (call: Caller, trx: Knex.Transaction) => writeContextOf(call, trx, companyUser);

/** Invitation emails (invitations and resends alike) one person, and one company's team, may send an hour. */
const INVITATIONS_PER_HOUR = 50;

/**
 * The limits on invitation emails besides the invited address's: per inviter and per company they go from, so one
 * Owner cannot mail any number of distinct addresses.
 */
const invitationLimits = (actor: Actor, companyId: number | undefined): Limit[] => [
  { key: `invitations:${actorKey(actor)}`, max: INVITATIONS_PER_HOUR, windowMinutes: 60 },
  ...(companyId === undefined
    ? []
    : [{ key: `invitations-company:${companyId}`, max: INVITATIONS_PER_HOUR, windowMinutes: 60 }]),
];

/** The company an invitation is into: the caller's own (their rule's condition), or the one an admin names. */
const invitedInto = ({ ability, body }: { ability: Call['ability']; body: { companyId?: number } }) =>
  ((ability.relevantRuleFor('create', SUBJECT)?.conditions ?? {}) as { companyId?: number }).companyId ??
  body.companyId;

/** The company users with these ids the caller may update: those gone or out of reach are left out (bulkAnswer.ts). */
async function reachable(call: Caller, trx: Knex, wanted: number[]): Promise<Row[]> {
  const query = Users.query(trx).whereIn('company_users.id', wanted).forUpdate();
  scopeQuery(query, call.ability, 'update', SUBJECT, companyUser.table);
  return (await query).map((r) => r.toJSON() as Row);
}

/** The companies whose teams a change of these company users touches: the caller's own, for a company user. */
async function teamsOf(call: Caller, trx: Knex.Transaction, wanted: number[]): Promise<number[]> {
  if (actorRefs(call.actor).userId && call.actor.companyId !== undefined) return [call.actor.companyId];
  return (await trx('company_users').whereIn('id', wanted).distinct().pluck('company_id')) as number[];
}

/** A bulk change's work in `trx`: `field` set to `value` on the colleagues `wanted` still there. */
async function changeMembers(
  call: Caller,
  trx: Knex.Transaction,
  field: 'status' | 'role',
  value: number,
  wanted: number[],
) {
  // One change of a team at a time, judged on the caller's standing as it is then (lockTeams).
  await lockTeams(trx, call.actor, await teamsOf(call, trx, wanted));
  const rows = await reachable(call, trx, wanted);
  for (const row of rows) {
    if (!call.ability.can('update', asSubject(SUBJECT, { ...row }), field)) throw forbidden();
    const reason = memberChangeRefusal(
      changerOf(call.actor, call.ability),
      row as Row & { role: number; status: number },
      { [field]: value },
    );
    if (reason) throw refused('users', reason);
  }
  const was = rows.filter((r) => r[field] !== value);
  const changing = was.map((r) => r.id);
  if (changing.length)
    await Users.query(trx)
      .whereIn('id', changing)
      .patch({ [field]: value, updatedAt: new Date().toISOString() });
  await afterMemberChange(trx, changing, { [field]: value }, was);
  const gone = missingOf(
    wanted,
    rows.map((r) => r.id as number),
  );
  return statusAnswer(companyUser, { updated: changing.length, unchanged: rows.length - changing.length, gone });
}

/**
 * A bulk change of status or role: every row there by the team's rules, or none; those gone (or another company's) are
 * skipped and named, as every bulk status change answers (crud/bulkAnswer.ts).
 */
function bulkChange(field: 'status' | 'role', values: number[], input: 'status' | 'companyRole') {
  return defineEndpoint({
    method: 'put',
    path: `/company-users/${field}`,
    summary: field === 'status' ? 'Activates or deactivates colleagues' : 'Makes colleagues Admins or Members',
    access: MANAGE,
    input: { body: z.object({ users: ids('companyUser', BULK_MAX), [input]: oneOf(values) }) },
    handler: async (call) => {
      const value = (call.body as Record<string, number>)[input];
      const wanted = (call.body as { users: number[] }).users;
      return call.ctx.knex.transaction((trx) => changeMembers(call, trx, field, value, wanted));
    },
  });
}

export const teamEndpoints = [
  inviteCompaniesEndpoint,
  adminsBulkDelete,
  companyUsersBulkDelete,
  defineEndpoint({
    method: 'post',
    path: '/company-users/invite',
    summary: 'Invites a colleague by email (an address with an account elsewhere is told instead, answered the same)',
    access: MANAGE,
    input: {
      body: z.object({
        companyId: id('company').optional(),
        email: email(),
        role: oneOf(INVITE_ROLES),
        // The names are the inviter's typing, shown to the invitee: no links or addresses (400 '<field>.errors.noLinks').
        firstName: typedName(80),
        lastName: typedName(80),
      }),
    },
    status: 201,
    // An invitation emails the address: counted against it with every other emailed link (resends included), so
    // inviting, deleting and inviting again cannot stream mail to one person. Not per IP: a team is invited at once.
    // And against the inviter and the company (INVITATIONS_PER_HOUR), so nobody can mail addresses without end.
    limits: (call) => [
      { key: emailSendKey(call.body.email), max: call.ctx.config.rateLimit.perEmail },
      ...invitationLimits(call.actor, invitedInto(call)),
    ],
    handler: async (call) => {
      const { body, ability, ctx } = call;
      // Company people invite into their own company (their rule's condition); admins name the company.
      const companyId = invitedInto(call);
      if (companyId === undefined) throw badRequest({ companyId: 'companyId.errors.required' });
      if (!ability.can('create', asSubject(SUBJECT, { companyId }))) throw forbidden();
      const { email: address, role, firstName, lastName } = body;
      await ctx.knex.transaction((trx) =>
        inviteMember(context(call, trx), companyId, { email: address, role, firstName, lastName }),
      );
      // The same whether an invitation went out or the address's owner was told it has an account.
      return { success: true };
    },
  }),

  defineEndpoint({
    method: 'post',
    path: '/company-users/resend-invitation',
    summary: 'Sends a pending colleague a new invitation link',
    access: MANAGE,
    input: { body: z.object({ id: id('companyUser') }) },
    row: { entity: 'companyUser', from: { body: 'id' }, action: 'update' },
    // Each resend emails the invited address: counted against that address (and the caller's IP) as every
    // other emailed link is, so nobody can script a stream of mails to one person; and as invitations are, per inviter
    // and per company.
    limits: ({ row, req, ctx, actor }) => [
      ...emailSendLimits(ctx.config, String(row.email), req.ip),
      ...invitationLimits(actor, row.companyId as number),
    ],
    handler: async (call) => {
      await call.ctx.knex.transaction((trx) => reinvite(context(call, trx), call.row));
      return { success: true };
    },
  }),

  bulkChange('status', [MEMBER_STATUS.active, MEMBER_STATUS.inactive], 'status'),
  bulkChange('role', INVITE_ROLES, 'companyRole'),

  defineEndpoint({
    method: 'get',
    path: '/company-users/user-stat',
    summary: 'Team counts: everyone, admins and members',
    access: MANAGE,
    input: { query: z.object({ companyId: id('company').optional() }) },
    handler: async ({ query, ability, ctx }) => {
      const q = Users.query(ctx.knex);
      scopeQuery(q, ability, 'read', SUBJECT, companyUser.table);
      if (query.companyId !== undefined) q.where('company_id', query.companyId);
      const raw = ctx.knex.raw.bind(ctx.knex);
      const found = await q
        .select(
          raw('count(*)::int as "totalCount"'),
          raw('count(*) filter (where role in (?, ?))::int as "adminCount"', [SUB_ROLES.owner, SUB_ROLES.admin]),
          raw('count(*) filter (where role = ?)::int as "memberCount"', [SUB_ROLES.member]),
        )
        .first();
      const counts = found?.toJSON() as { totalCount: number; adminCount: number; memberCount: number };
      return { totalCount: counts.totalCount, adminCount: counts.adminCount, memberCount: counts.memberCount };
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/company-users/user-list-to-transfer',
    summary: "The active colleagues who can take over a user's work",
    access: MANAGE,
    input: { query: z.object({ id: id('companyUser') }) },
    row: { entity: 'companyUser', from: { query: 'id' }, action: 'delete' },
    handler: async ({ row: user, ctx }) => {
      const rows = (await colleaguesToTakeOver(ctx.knex, user.companyId as number, user.id as number).select(
        'id',
        'first_name',
        'last_name',
        'email',
      )) as { id: number; first_name: string | null; last_name: string | null; email: string }[];
      return rows.map((r) => ({
        id: formatId(companyUser, r.id),
        name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
        email: r.email,
      }));
    },
  }),

  defineEndpoint({
    method: 'delete',
    path: '/company-users/:id',
    summary: 'Deletes a colleague, handing their work to another active colleague',
    access: { action: 'delete', subject: SUBJECT },
    input: {
      params: z.object({ id: id('companyUser') }),
      query: z.strictObject({
        transferTo: z
          .union([z.literal(''), id('companyUser')])
          .optional()
          .transform((v) => (v === '' ? undefined : v)),
      }),
    },
    row: { entity: 'companyUser', action: 'delete' },
    handler: async (call) => {
      const { row: user, query, ctx } = call;
      assertDeletable(call.actor, call.ability, user);
      const answer = call.record('companyUser', user);
      await ctx.knex.transaction((trx) => deleteMember(call, trx, user, query.transferTo));
      return answer;
    },
  }),
];
