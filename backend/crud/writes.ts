/**
 * What a write must respect beyond an entity's declaration, as explicit per-entity rules the
 * generic router calls: an entity's `EntityWrites` (listed by the app in backend/features/writes.ts
 * and handed to the router as a `WritesOf` when it is mounted, so this layer never imports a capability) may check and complete a validated write, store it
 * itself (the candidate's one write path), settle invariants over the whole table after a request's
 * writes (the last General admin), refuse a delete, and name the capability route that owns its
 * bulk status change. Everything declarative stays in schema/.
 */
import type { Knex } from 'knex';
import { entity as entityNamed, type ChildDef, type EntityDef } from '../../schema';
import type { AppAbility } from '../../schema/ability';
import type { Actor } from '../../schema/roles';
import { accountRows, ACCOUNT_TABLES, KIND_OF_ROLE, lockEmail, SESSION_KIND, type AccountKind } from '../auth/accounts';
import type { Config } from '../config';
import { modelFor } from '../db/models';
import { badRequest } from '../errors';
import { existingInDatabase, missingRefs } from './refs';
import type { Row } from './serialize';

/** A validated child list of a write (a candidate's experiences), replacing the parent's rows. */
export interface ChildWrite {
  name: string;
  child: ChildDef;
  entity: EntityDef;
  items: Record<string, unknown>[];
}

/** Who writes, and where. */
export interface WriteContext {
  trx: Knex.Transaction;
  entity: EntityDef;
  actor: Actor;
  ability: AppAbility;
  config: Config;
  /** The caller's session, kept when a change ends the person's other sessions. */
  sessionId?: number;
}

export interface CheckContext extends WriteContext {
  mode: 'create' | 'update';
  id?: number;
  /** The row before an update, as the model reads it (camelCase, plain ids). */
  existing?: Row;
}

export interface CreateWrite extends WriteContext {
  /** Validated, trimmed to the writable fields, the rule's implied values applied. */
  data: Record<string, unknown>;
  children: ChildWrite[];
}

export interface UpdateWrite extends WriteContext {
  id: number;
  existing: Row;
  data: Record<string, unknown>;
  children: ChildWrite[];
  /**
   * The request's body as the client sent it, for what it says beyond the validated fields (the `updatedAt` of the
   * record it read, a `confirm`); given by the generic PUT, absent when a capability writes on its own authority.
   */
  body?: Record<string, unknown>;
}

export interface DeleteWrite extends WriteContext {
  existing: Row;
}

/** The write context of a request (an endpoint's call), in a transaction. */
export function writeContextOf(
  call: { actor: Actor; ability: AppAbility; ctx: { config: Config }; req: { sessionId?: number } },
  trx: Knex.Transaction,
  entity: EntityDef,
): WriteContext {
  return {
    trx,
    entity,
    actor: call.actor,
    ability: call.ability,
    config: call.ctx.config,
    sessionId: call.req.sessionId,
  };
}

/** A rule on a validated write: throws its refusal, or writes the values it implies into `data`. */
export type Check = (data: Record<string, unknown>, ctx: CheckContext) => Promise<void>;

export interface EntityWrites {
  /** Rules of a create or an update, run in its transaction before it is stored. */
  check?: Check;
  /** Stores a create itself (its own rules included); returns the new row's id. */
  create?(write: CreateWrite): Promise<number>;
  /** Stores an update itself (its own rules included). */
  update?(write: UpdateWrite): Promise<void>;
  /** What the change implies once stored (sessions ended, ...), in the same transaction. */
  after?(ctx: CheckContext, data: Record<string, unknown>): Promise<void>;
  /** Invariants over the whole table, checked once after a request's writes (one row or a bulk change). */
  settle?(ctx: WriteContext): Promise<void>;
  /** Refuses a delete, or does what it implies first, in the delete's transaction. */
  beforeDelete?(write: DeleteWrite): Promise<void>;
  /** The code of a save from an older copy (crud/staleness.ts), when the entity words it itself. */
  changedMeanwhile?: string;
  /** The capability route that owns the bulk status change; the generic `PUT /status` is then not mounted. */
  statusRoute?: string;
  /** The capability route that owns deletion (one row at a time); the generic bulk `DELETE /` is then not mounted. */
  deleteRoute?: string;
  /**
   * The country (ISO code) a national phone number of the write is read in (schema/validation/phone.ts), from the
   * body and the stored row (`existing`, absent on a create): a candidate's current location's.
   */
  phoneCountry?(knex: Knex, body: unknown, existing?: Row): Promise<string | undefined>;
}

/** The write rules of an entity by its name; an entity without rules is written as declared. */
export type WritesOf = (entityName: string) => EntityWrites;

/** Runs rules one after another. */
export const checks =
  (...list: (Check | undefined)[]): Check =>
  async (data, ctx) => {
    for (const check of list) if (check) await check(data, ctx);
  };

/** Tables of people who sign in: an email belongs to one of them only. */
export const PEOPLE_TABLES = Object.values(ACCOUNT_TABLES);
const KIND_OF_TABLE = Object.fromEntries(
  Object.entries(ACCOUNT_TABLES).map(([kind, table]) => [table, kind]),
) as Record<string, AccountKind>;

/** An email already used by another person, in any people table, is refused as 'email.errors.exists'. */
export async function assertEmailFree(trx: Knex, email: string, self?: { table: string; id: number }): Promise<void> {
  await lockEmail(trx, email);
  for (const table of PEOPLE_TABLES) {
    const q = accountRows(trx, table).where('email', email).first('id');
    if (self && table === self.table) q.whereNot('id', self.id);
    if (await q) throw badRequest({ email: 'email.errors.exists' });
  }
}

export const emailUniqueAcrossPeople: Check = async (data, { trx, entity, id }) => {
  if (typeof data.email === 'string')
    await assertEmailFree(trx, data.email, id ? { table: entity.table, id } : undefined);
};

/** Whether the actor is the person of this row. */
export function isSelf(actor: Actor, entity: EntityDef, id: number | undefined): boolean {
  const kind = KIND_OF_TABLE[entity.table];
  return kind !== undefined && KIND_OF_ROLE[actor.role] === kind && actor.id === id;
}

/**
 * An email is the key to an account: nobody changes another person's, and one's own changes only
 * through the flow that confirms the new address (the account page, the candidate's profile).
 */
export const emailStaysWithItsPerson: Check = async (data, ctx) => {
  if (ctx.mode !== 'update' || data.email === undefined || data.email === ctx.existing?.email) return;
  throw badRequest({
    email: isSelf(ctx.actor, ctx.entity, ctx.id) ? 'email.errors.useAccountPage' : 'email.errors.notYours',
  });
};

/** The rules every person's record follows, whatever else its entity adds. */
export const personChecks = checks(emailStaysWithItsPerson, emailUniqueAcrossPeople);

/** Signs a person out everywhere but the caller's own session (after a deactivation or an email change). */
export async function endSessions(trx: Knex, entity: EntityDef, ids: number[], keep?: number): Promise<void> {
  const kind = KIND_OF_TABLE[entity.table];
  if (!kind || !ids.length) return;
  const q = modelFor(entityNamed('session'))
    .query(trx)
    .where('actor_kind', SESSION_KIND[kind])
    .whereIn('actor_id', ids);
  if (keep) q.whereNot('id', keep);
  await q.delete();
}

/** Ids in integer arrays and jsonb items have no foreign key: every entity's writes check them. */
export const referencesExist: Check = async (data, { trx, entity }) => {
  const errors = await missingRefs(entity, data, existingInDatabase(trx));
  if (Object.keys(errors).length) throw badRequest(errors);
};
