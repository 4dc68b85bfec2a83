/**
 * Entity-specific rules the declaration cannot express, run inside the write transaction.
 * Kept small: everything declarative belongs in schema/.
 */
import type { Knex } from 'knex';
import type { EntityDef } from '../../schema';
import type { Actor } from '../../schema/roles';
import type { Config } from '../config';
import { badRequest } from '../errors';
import { existingInDatabase, missingRefs } from './refs';

export interface WriteContext {
  trx: Knex.Transaction;
  entity: EntityDef;
  mode: 'create' | 'update';
  id?: number;
  /** The row before an update, as the model reads it (camelCase, plain ids). */
  existing?: Record<string, unknown>;
  /** The app's configuration, for hooks whose side effects need it (links in emails). */
  config?: Config;
  /** Who writes. */
  actor?: Actor;
}

type Hook = (data: Record<string, unknown>, ctx: WriteContext) => Promise<void>;

/** Tables whose rows are people who sign in: an email may belong to one of them only. */
export const PEOPLE_TABLES = ['admins', 'company_users', 'candidates', 'community_users'] as const;

/** An email already used by another person, in any people table, is refused as 'email.errors.exists'. */
export const emailUniqueAcrossPeople: Hook = async (data, { trx, entity, id }) => {
  if (typeof data.email !== 'string') return;
  for (const table of PEOPLE_TABLES) {
    const q = trx(table).where('email', data.email).first('id');
    if (table === entity.table && id) q.whereNot('id', id);
    if (await q) throw badRequest({ email: 'email.errors.exists' });
  }
};

/** A company has one owner: only platform admins make or unmake owners. */
const ownerOnlyByAdmins: Hook = async (data, { actor, existing }) => {
  if (actor?.role === 'admin' || data.role === undefined) return;
  if (data.role === 0 && existing?.role !== 0) throw badRequest({ role: 'role.errors.notAllowed' });
  if (existing?.role === 0 && data.role !== 0) throw badRequest({ role: 'role.errors.notAllowed' });
};

const hooks: Record<string, Hook[]> = {
  admin: [emailUniqueAcrossPeople],
  companyUser: [emailUniqueAcrossPeople, ownerOnlyByAdmins],
  candidate: [emailUniqueAcrossPeople],
};

export function registerHook(entityName: string, hook: Hook): void {
  (hooks[entityName] ??= []).push(hook);
}

/** Ids in integer arrays and jsonb items have no foreign key: every entity's writes check them here. */
const referencesExist: Hook = async (data, { trx, entity }) => {
  const errors = await missingRefs(entity, data, existingInDatabase(trx));
  if (Object.keys(errors).length) throw badRequest(errors);
};

export async function runHooks(data: Record<string, unknown>, ctx: WriteContext): Promise<void> {
  for (const hook of [referencesExist, ...(hooks[ctx.entity.name] ?? [])]) await hook(data, ctx);
}
