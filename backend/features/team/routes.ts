/**
 * Team management under /api/v1/company-users, mounted before the generic resource: invite and
 * re-invite colleagues, change status and role in bulk, team counts, and deletion with a transfer
 * of the user's work. Company Owners and Admins manage their own company; platform admins any.
 */
import { subject as asSubject } from '@casl/ability';
import { Router, type Request } from 'express';
import { companyUser } from '../../../schema/entities/companyUser';
import { findAccount, KIND_OF_ROLE, SESSION_KIND } from '../../auth/accounts';
import { parseId, parseRefId } from '../../crud/ids';
import { serialize, type Row } from '../../crud/serialize';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { scopeQuery } from '../../permissions/sql';
import { createInvitation, sendInvitation, type InvitationRow } from '../signup/invitations';
import { collect, validateInvite } from '../signup/validation';
import { assertChangeable, isSelf, OWNER_ROLE, scopedUser, scopedUsers, SUBJECT, teamManager, userIds } from './members';
import { runUserTransfers } from './transfer';

const STATUSES = [1, 2];
const ROLES = [1, 2];

async function actorName(req: Request): Promise<string | null> {
  const kind = KIND_OF_ROLE[req.actor.role];
  const account = kind && req.actor.id ? await findAccount(req.ctx.knex, { kind, id: req.actor.id }) : undefined;
  return account ? `${account.firstName ?? ''} ${account.lastName ?? ''}`.trim() || null : null;
}

const optionalName = (value: unknown, field: string) => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.trim().length > 80) throw badRequest({ [field]: `${field}.errors.invalid` });
  return value.trim();
};

export function teamRouter(): Router {
  const router = Router();

  router.post('/invite', async (req, res) => {
    const ability = teamManager(req);
    const input = (req.body ?? {}) as Record<string, unknown>;
    // Company people invite into their own company (their rule's condition); admins name the company.
    const implied = (ability.relevantRuleFor('create', SUBJECT)?.conditions ?? {}) as { companyId?: number };
    const companyId = implied.companyId ?? parseRefId('company', input.companyId);
    if (companyId === undefined) throw badRequest({ companyId: input.companyId ? 'companyId.errors.invalid' : 'companyId.errors.required' });
    if (!ability.can('create', asSubject(SUBJECT, { companyId }))) throw forbidden();
    const company = await req.ctx.knex('companies').where('id', companyId).first('status', 'valid_domains');
    if (!company) throw badRequest({ companyId: 'companyId.errors.notFound' });
    if (company.status === 2) throw new AppError(409, 'company.notActivate');
    let names: { firstName: string | null; lastName: string | null } = { firstName: null, lastName: null };
    collect(() => (names = { firstName: optionalName(input.firstName, 'firstName'), lastName: optionalName(input.lastName, 'lastName') }));
    const invite = await validateInvite(req.ctx.knex, input, company.valid_domains ?? []);
    const inviter = await actorName(req);
    const id = await req.ctx.knex.transaction((trx) =>
      // A pending company's invitations are held and go out when it is approved.
      createInvitation(trx, req.ctx.config, companyId, { ...invite, ...names }, company.status === 1, inviter),
    );
    const [row] = await scopedUsers(req, ability, [id], 'read');
    res.status(201).json(serialize(companyUser, row));
  });

  router.post('/resend-invitation', async (req, res) => {
    const ability = teamManager(req);
    const user = await scopedUser(req, ability, (req.body as { id?: unknown } | undefined)?.id, 'update');
    if (user.status !== 0) throw new AppError(409, 'invite.used');
    const { knex, config } = req.ctx;
    const company = await knex('companies')
      .where('id', user.companyId as number)
      .first('status');
    if (company.status === 0) throw new AppError(409, 'company.pending');
    if (company.status !== 1) throw new AppError(409, 'company.notActivate');
    const inviter = await actorName(req);
    await knex.transaction(async (trx) => {
      let invitation = (await trx('invitations').where('company_user_id', user.id).forUpdate().first()) as InvitationRow | undefined;
      // Users added as pending in the console have no invitation yet.
      if (!invitation) {
        const role = user.role === 1 ? 1 : 2;
        const inserted = await trx('invitations').insert({ company_user_id: user.id, company_id: user.companyId, email: user.email, role }).returning('*');
        invitation = inserted[0] as InvitationRow;
      }
      await sendInvitation(trx, config, invitation, inviter);
    });
    res.json({ success: true });
  });

  router.put('/status', async (req, res) => {
    const ability = teamManager(req);
    const input = (req.body ?? {}) as Record<string, unknown>;
    const ids = userIds(input.users);
    const status = Number(input.status);
    if (!STATUSES.includes(status)) throw badRequest({ status: input.status === undefined ? 'status.errors.required' : 'status.errors.invalid' });
    const rows = await scopedUsers(req, ability, ids, 'update');
    assertChangeable(req, ability, rows, 'status');
    const updated = await req.ctx.knex.transaction(async (trx) => {
      const n = await trx('company_users').whereIn('id', ids).update({ status, updated_at: trx.fn.now() });
      // A deactivated person is signed out everywhere at once.
      if (status !== 1) await trx('sessions').where('actor_kind', SESSION_KIND.companyUser).whereIn('actor_id', ids).delete();
      return n;
    });
    res.json({ success: true, updated });
  });

  router.put('/role', async (req, res) => {
    const ability = teamManager(req);
    const input = (req.body ?? {}) as Record<string, unknown>;
    const ids = userIds(input.users);
    const role = Number(input.companyRole);
    if (!ROLES.includes(role))
      throw badRequest({ companyRole: input.companyRole === undefined ? 'companyRole.errors.required' : 'companyRole.errors.invalid' });
    const rows = await scopedUsers(req, ability, ids, 'update');
    assertChangeable(req, ability, rows, 'role');
    const updated = await req.ctx.knex('company_users').whereIn('id', ids).update({ role, updated_at: req.ctx.knex.fn.now() });
    res.json({ success: true, updated });
  });

  router.get('/user-stat', async (req, res) => {
    const ability = teamManager(req);
    const query = req.ctx.knex('company_users');
    scopeQuery(query, ability, 'read', SUBJECT, companyUser.table);
    if (req.query.companyId !== undefined) {
      const companyId = parseRefId('company', req.query.companyId);
      if (companyId === undefined) throw badRequest({ companyId: 'companyId.errors.invalid' });
      query.where('company_id', companyId);
    }
    const counts = (await query.first(
      req.ctx.knex.raw('count(*) as "totalCount"'),
      req.ctx.knex.raw('count(*) filter (where role in (0, 1)) as "adminCount"'),
      req.ctx.knex.raw('count(*) filter (where role = 2) as "memberCount"'),
    )) as { totalCount: number; adminCount: number; memberCount: number };
    res.json({ totalCount: Number(counts.totalCount), adminCount: Number(counts.adminCount), memberCount: Number(counts.memberCount) });
  });

  router.get('/user-list-to-transfer', async (req, res) => {
    const ability = teamManager(req);
    const user = await scopedUser(req, ability, req.query.id, 'delete');
    const rows = await req.ctx
      .knex('company_users')
      .where({ company_id: user.companyId, status: 1 })
      .whereNot('id', user.id)
      .orderBy(['first_name', 'last_name', 'id'])
      .select('id', 'first_name', 'last_name', 'email');
    res.json(rows.map((r) => ({ id: `User:${r.id}`, name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(), email: r.email })));
  });

  router.delete('/:id', async (req, res) => {
    const ability = teamManager(req);
    if (!ability.can('delete', SUBJECT)) throw forbidden();
    const id = parseId(companyUser, req.params.id);
    if (id === undefined) throw notFound();
    const [user] = await scopedUsers(req, ability, [id], 'delete');
    if (!ability.can('delete', asSubject(SUBJECT, { ...user }))) throw forbidden();
    if (user.role === OWNER_ROLE) throw new AppError(400, 'companyUser.ownerUndeletable');
    if (isSelf(req, user)) throw new AppError(400, 'companyUser.selfUndeletable');
    let toUserId: number | undefined;
    if (req.query.transferTo !== undefined && req.query.transferTo !== '') {
      toUserId = parseId(companyUser, req.query.transferTo);
      const target: Row | undefined = toUserId ? await req.ctx.knex('company_users').where('id', toUserId).first('id', 'status', 'company_id') : undefined;
      if (!target || target.id === user.id || target.status !== 1 || target.company_id !== user.companyId)
        throw badRequest({ transferTo: 'transferTo.errors.invalid' });
    }
    await req.ctx.knex.transaction(async (trx) => {
      await runUserTransfers(trx, { companyId: user.companyId as number, fromUserId: user.id, toUserId });
      await trx('sessions').where({ actor_kind: SESSION_KIND.companyUser, actor_id: user.id }).delete();
      await trx('company_users').where('id', user.id).delete();
    });
    res.json(serialize(companyUser, user));
  });

  return router;
}
