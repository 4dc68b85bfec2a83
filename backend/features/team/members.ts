/**
 * Who may manage a team and which company users a request may touch. Managing a team is the
 * right to add company users (company Owner and Admin sub-roles, and platform admins); rows are
 * always found through the actor's abilities in SQL, so nobody reaches another company's users.
 */
import { subject as asSubject } from '@casl/ability';
import type { Request } from 'express';
import type { Action } from '../../../schema';
import { companyUser } from '../../../schema/entities/companyUser';
import { KIND_OF_ROLE } from '../../auth/accounts';
import { selectRows } from '../../crud/router';
import { parseId } from '../../crud/ids';
import type { Row } from '../../crud/serialize';
import { badRequest, forbidden, notFound, unauthorized, type FieldErrors } from '../../errors';
import { abilityFor, type AppAbility } from '../../../schema/ability';
import { scopeQuery } from '../../permissions/sql';

export const SUBJECT = companyUser.subject;
export const MAX_BULK = 100;
export const OWNER_ROLE = 0;

/** The actor's ability, or 401/403 when they may not manage a team. */
export function teamManager(req: Request): AppAbility {
  if (req.actor.role === 'guest') throw unauthorized();
  const ability = abilityFor(req.actor);
  if (!ability.can('create', SUBJECT)) throw forbidden();
  return ability;
}

/** The company users with these ids the actor may `action`, or 404 when any is out of reach. */
export async function scopedUsers(req: Request, ability: AppAbility, ids: number[], action: Action): Promise<Row[]> {
  const query = selectRows(req.ctx.knex, companyUser).whereIn('company_users.id', ids);
  scopeQuery(query, ability, action, SUBJECT, companyUser.table);
  const rows = (await query).map((r) => r.toJSON() as Row);
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}

export async function scopedUser(req: Request, ability: AppAbility, raw: unknown, action: Action, field = 'id'): Promise<Row> {
  const id = parseId(companyUser, raw);
  if (id === undefined) throw badRequest({ [field]: `${field}.errors.invalid` });
  return (await scopedUsers(req, ability, [id], action))[0];
}

/** Ids of a bulk request (`users: [...]`), each a 'User:1' or a number. */
export function userIds(raw: unknown): number[] {
  if (!Array.isArray(raw) || raw.length === 0) throw badRequest({ users: 'users.errors.required' });
  if (raw.length > MAX_BULK) throw badRequest({ users: 'users.errors.tooMany' });
  const ids = raw.map((v) => parseId(companyUser, v));
  if (ids.some((id) => id === undefined)) throw badRequest({ users: 'users.errors.invalid' });
  return ids as number[];
}

/** Whether the row is the actor's own (actor ids of admins are ids of another table). */
export function isSelf(req: Request, row: Row): boolean {
  return KIND_OF_ROLE[req.actor.role] === 'companyUser' && row.id === req.actor.id;
}

/**
 * A status or role change may not touch the owner, the actor themself, or a user still pending
 * their invitation, and needs the actor's right to change that field of each row.
 */
export function assertChangeable(req: Request, ability: AppAbility, rows: Row[], field: 'status' | 'role'): void {
  const errors: FieldErrors = {};
  for (const row of rows) {
    if (!ability.can('update', asSubject(SUBJECT, { ...row }), field)) throw forbidden();
    // Only platform admins change a company's owner; a company's own admins cannot.
    if (row.role === OWNER_ROLE && req.actor.role !== 'admin') errors.users = 'users.errors.owner';
    else if (isSelf(req, row)) errors.users = 'users.errors.self';
    else if (row.status === 0) errors.users = 'users.errors.pendingInvitation';
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}
