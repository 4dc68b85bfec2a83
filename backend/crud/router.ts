/**
 * The generic REST router every entity with a `resource` gets, implementing the
 * ra-data-simple-rest protocol exactly: list, getMany, getOne, create, update, delete.
 * Rows are limited by the actor's abilities in SQL; writes are validated and trimmed to the
 * fields the actor may change, and run in one transaction. An update that sends the `updatedAt` its
 * form read is refused (409 'errors.changedMeanwhile') when the row changed since (staleness.ts).
 * A create or update answers the row as it wrote it, read in its own transaction once what the database derives at
 * commit has run; a row deleted by another request meanwhile is not found (404) by an update or a second delete,
 * which are then undone whole. A bulk status change skips and names the rows gone instead (bulkAnswer.ts).
 */
import { subject as asSubject } from '@casl/ability';
import { permittedFieldsOf } from '@casl/ability/extra';
import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import { columnOf, isNullable, type EntityDef } from '../../schema';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../errors';
import { modelFor } from '../db/models';
import { textOrder, TEXT_SORT_KINDS } from '../db/textOrder';
import { abilityFor, type AppAbility } from '../../schema/ability';
import { scopeQuery } from '../permissions/sql';
import { missingOf, statusAnswer } from './bulkAnswer';
import { deleteEntityKeys } from './bulkDelete';
import { assertRoomInParents, loadChildren, validateChildren, writeChildren, type ChildWrite } from './children';
import { findRow, selectRows } from './select';
import { refusedChanges } from './refusedChanges';
import { assertCurrentRow } from './staleness';
import { parseId } from './ids';
import { forgetInLists } from './refs';
import { applyFilter, MAX_PAGE, parseListParams, type ListParams } from './query';
import { serialize, type Row } from './serialize';
import { validateRecord } from './validate';
import { referencesExist, type CheckContext, type EntityWrites, type WriteContext, type WritesOf } from './writes';

export { findRow, selectRows };

function denied(req: Request): AppError {
  return req.actor.role === 'guest' ? unauthorized() : forbidden();
}

function idParam(entity: EntityDef, req: Request): number {
  const id = parseId(entity, req.params.id);
  if (id === undefined) throw notFound();
  return id;
}

const allFields = (entity: EntityDef) => Object.keys(entity.fields);

/**
 * Where a list puts the rows without a value in its sort column: last, in both directions ("Last active",
 * newest first, starts with the companies active lately, not with those never seen). A column that always
 * holds a value is sorted plainly, so a b-tree on it still serves both directions.
 */
function nullsOf(entity: EntityDef, column: string): 'last' | undefined {
  const field = Object.entries(entity.fields).find(([name]) => `${entity.table}.${columnOf(name)}` === column)?.[1];
  if (field) return isNullable(field) ? 'last' : undefined;
  return Object.keys(entity.computed ?? {}).some((name) => columnOf(name) === column) ? 'last' : undefined;
}

/**
 * The expression a sort column of text people read is ordered by alphabetically, case and accents aside
 * (db/textOrder.ts): the column, or a computed value's SQL (its alias cannot be used inside an expression).
 */
function textSortOf(entity: EntityDef, column: string): string | undefined {
  const field = Object.entries(entity.fields).find(([name]) => `${entity.table}.${columnOf(name)}` === column)?.[1];
  if (field) return TEXT_SORT_KINDS.has(field.kind) ? column : undefined;
  const computed = Object.entries(entity.computed ?? {}).find(([name]) => columnOf(name) === column)?.[1];
  return computed && TEXT_SORT_KINDS.has(computed.kind)
    ? `(${computed.sql.replaceAll('{table}', `"${entity.table}"`)})`
    : undefined;
}

/** A list page's order: text alphabetically, case and accents aside, rows without a value last (the id tiebreak is added after). */
function orderPage(page: Knex.QueryBuilder, entity: EntityDef, { column, order }: ListParams['sort']): void {
  const nulls = nullsOf(entity, column);
  const text = textSortOf(entity, column);
  if (text) page.orderByRaw(textOrder(text, order, nulls));
  else if (nulls) page.orderBy(column, order, nulls);
  else page.orderBy(column, order);
}

/** The record as the actor may see it: a read rule that lists fields hides the others. */
export function readable(entity: EntityDef, ability: AppAbility, row: Row): Record<string, unknown> {
  const record = serialize(entity, row);
  const all = [...allFields(entity), ...Object.keys(entity.computed ?? {})];
  const fields = permittedFieldsOf(ability, 'read', asSubject(entity.subject, { ...row }), {
    fieldsFrom: (r) => r.fields ?? all,
  });
  if (fields.length >= all.length) return record;
  const keep = new Set(['id', ...fields]);
  return Object.fromEntries(Object.entries(record).filter(([key]) => keep.has(key)));
}

/** One record with its child lists (a candidate with experiences and educations). */
export async function readOne(
  knex: Knex,
  entity: EntityDef,
  ability: AppAbility,
  row: Row,
): Promise<Record<string, unknown>> {
  const record = readable(entity, ability, row);
  if (!entity.children) return record;
  const children = await loadChildren(knex, entity, [row.id], ability);
  return { ...record, ...children.get(row.id) };
}

/**
 * A capability that answers an entity's list itself (the candidates list is served by search):
 * it gets the request once the caller may read the entity at all, and answers in the same protocol.
 */
export type ListHandler = (req: Request, res: Response, ability: AppAbility) => Promise<void>;

/** The generic rules of a write (references), then the entity's own. */
async function runChecks(writes: EntityWrites, data: Record<string, unknown>, ctx: CheckContext): Promise<void> {
  await referencesExist(data, ctx);
  await writes.check?.(data, ctx);
}

/** Ids of a bulk request: `ids`, or `keys` and `users` as the spec names them per resource. */
function bulkIds(entity: EntityDef, body: Record<string, unknown>): number[] {
  const raw = body.ids ?? body.keys ?? body.users;
  if (!Array.isArray(raw) || raw.length === 0) throw badRequest({ ids: 'ids.errors.required' });
  if (raw.length > MAX_PAGE) throw badRequest({ ids: 'ids.errors.overPage' });
  const ids = raw.map((v) => parseId(entity, v));
  if (ids.some((v) => v === undefined)) throw badRequest({ ids: 'ids.errors.invalid' });
  return [...new Set(ids as number[])];
}

/**
 * `writesOf` gives each entity's write rules (backend/features/writes.ts, passed by the app): the
 * generic layer receives the capabilities' rules instead of importing them.
 */
export function crudRouter(entity: EntityDef, list: ListHandler | undefined, writesOf: WritesOf): Router {
  const router = Router();
  const { subject, table } = entity;
  const model = modelFor(entity);
  const writes = writesOf(entity.name);
  const context = (req: Request, trx: Knex.Transaction, ability: AppAbility): WriteContext => ({
    trx,
    entity,
    actor: req.actor,
    ability,
    config: req.ctx.config,
    sessionId: req.sessionId,
  });

  router.get('/', async (req, res) => {
    const ability = abilityFor(req.actor);
    if (!ability.can('read', subject)) throw denied(req);
    if (list) return list(req, res, ability);
    const params = parseListParams(entity, req.query as Record<string, unknown>, ability);
    const { knex } = req.ctx;
    const base = model.query(knex);
    applyFilter(base as unknown as Knex.QueryBuilder, entity, params.filter, params.search);
    scopeQuery(base, ability, 'read', subject, table);
    const page = selectRows(knex, entity);
    applyFilter(page as unknown as Knex.QueryBuilder, entity, params.filter, params.search);
    scopeQuery(page, ability, 'read', subject, table);
    const [start, end] = params.range;
    orderPage(page as unknown as Knex.QueryBuilder, entity, params.sort);
    const [rows, total] = await Promise.all([
      page
        .orderBy(`${table}.id`, params.sort.order)
        .offset(start)
        .limit(end - start + 1),
      base.resultSize(),
    ]);
    const last = rows.length ? start + rows.length - 1 : start;
    res.set('Content-Range', `${entity.resource} ${start}-${last}/${total}`);
    res.json(rows.map((r) => readable(entity, ability, r.toJSON() as Row)));
  });

  router.get('/:id', async (req, res) => {
    const ability = abilityFor(req.actor);
    if (!ability.can('read', subject)) throw denied(req);
    const row = await findRow(req.ctx.knex, entity, req, idParam(entity, req));
    if (!row) throw notFound();
    res.json(await readOne(req.ctx.knex, entity, ability, row));
  });

  router.post('/', async (req, res) => {
    const ability = abilityFor(req.actor);
    if (!ability.can('create', subject)) throw denied(req);
    const rule = ability.relevantRuleFor('create', subject);
    // A rule's conditions ('rows of my company') are also the values a new row gets.
    const implied = (rule?.conditions ?? {}) as Record<string, unknown>;
    const writable = permittedFieldsOf(ability, 'create', subject, {
      fieldsFrom: (r) => r.fields ?? allFields(entity),
    });
    const data = validateRecord(
      entity,
      { ...req.body, ...implied },
      'create',
      new Set([...writable, ...Object.keys(implied)]),
      await writes.phoneCountry?.(req.ctx.knex, req.body),
    );
    Object.assign(data, implied);
    if (!ability.can('create', asSubject(subject, { ...data }))) throw forbidden();
    const children = validateChildren(entity, req.body, ability);
    const record = await req.ctx.knex.transaction(async (trx) =>
      readBack(trx, req, ability, await createOne(context(req, trx, ability), data, children)),
    );
    res.status(201).json(record);
  });

  /**
   * The row as the write left it, read in the write's transaction (a delete committed after it cannot take it from the
   * answer) once the deferred triggers have run, so what the database derives at commit (a candidate's latest job,
   * their search document) is in it; none there (deleted by another request meanwhile): not found, and the write is
   * undone.
   */
  async function readBack(trx: Knex.Transaction, req: Request, ability: AppAbility, id: number) {
    await trx.raw('set constraints all immediate');
    const row = await findRow(trx, entity, req, id);
    if (!row) throw notFound();
    return readOne(trx, entity, ability, row);
  }

  /**
   * One create, in the caller's transaction: a row joining a parent's limited list (a candidate's
   * experience) first finds room there, then the entity's own rules and write; returns the new id.
   */
  async function createOne(ctx: WriteContext, data: Record<string, unknown>, children: ChildWrite[]): Promise<number> {
    await assertRoomInParents(ctx.trx, entity, data);
    let id: number;
    if (writes.create) id = await writes.create({ ...ctx, data, children });
    else {
      await runChecks(writes, data, { ...ctx, mode: 'create' });
      const inserted = await model.query(ctx.trx).insert(data).returning('id');
      id = (inserted as unknown as { id: number }).id;
      await writeChildren(ctx, id, children, writesOf);
    }
    await writes.settle?.(ctx);
    return id;
  }

  /**
   * One update: checked against the row as it is and as it would be, trimmed to the fields the
   * actor may change, run with the entity's rules in the caller's transaction. Returns whether the
   * status changed (what a bulk status change counts).
   */
  async function updateOne(
    trx: Knex.Transaction,
    req: Request,
    ability: AppAbility,
    id: number,
    body: unknown,
  ): Promise<boolean> {
    const existing = await findRow(trx, entity, req, id);
    if (!existing) throw notFound();
    return updateRow(trx, req, ability, existing, body);
  }

  /** updateOne's work on the row as the transaction found it. */
  async function updateRow(
    trx: Knex.Transaction,
    req: Request,
    ability: AppAbility,
    existing: Row,
    body: unknown,
  ): Promise<boolean> {
    const id = existing.id as number;
    const target = asSubject(subject, { ...existing });
    if (!ability.can('update', target)) throw forbidden();
    // A save from an older copy (the `updatedAt` its form read) is refused first: what it sends back is judged against
    // the row as it is now, nothing is written (staleness.ts).
    if ('updatedAt' in entity.fields) await assertCurrentRow(trx, entity.table, id, body, writes.changedMeanwhile);
    const fieldsFrom = (r: { fields?: string[] }) => r.fields ?? allFields(entity);
    const writable = permittedFieldsOf(ability, 'update', target, { fieldsFrom });
    const seen = new Set(permittedFieldsOf(ability, 'read', target, { fieldsFrom }));
    const refused = refusedChanges(entity, body, existing, new Set(writable), seen);
    if (refused) throw new AppError(403, 'errors.fieldNotWritable', undefined, refused);
    const phoneCountry = await writes.phoneCountry?.(trx, body, existing);
    const data = validateRecord(entity, body, 'update', new Set(writable), phoneCountry);
    if (!ability.can('update', asSubject(subject, { ...existing, ...data }))) throw forbidden();
    const children = validateChildren(entity, body, ability);
    const statusChanged = 'status' in data && data.status !== existing.status;
    const ctx = context(req, trx, ability);
    await assertRoomInParents(trx, entity, data, existing);
    if (writes.update) {
      await writes.update({ ...ctx, id, existing, data, children, body: body as Record<string, unknown> });
      return statusChanged;
    }
    const check: CheckContext = { ...ctx, mode: 'update', id, existing };
    await runChecks(writes, data, check);
    if ('updatedAt' in entity.fields) data.updatedAt = new Date().toISOString();
    if (Object.keys(data).length) await model.query(trx).patch(data).where('id', id);
    await writeChildren(ctx, id, children, writesOf);
    await writes.after?.(check, data);
    return statusChanged;
  }

  /**
   * A bulk status change's work in `trx`: the rows no longer there (or out of reach) are skipped and named, the others
   * change by the rules of a single update, every one or none (a refusal undoes the whole).
   */
  async function changeStatuses(
    trx: Knex.Transaction,
    req: Request,
    ability: AppAbility,
    ids: number[],
    status: unknown,
  ) {
    const found: number[] = [];
    let updated = 0;
    for (const id of ids) {
      const existing = await findRow(trx, entity, req, id);
      if (!existing) continue;
      found.push(id);
      if (await updateRow(trx, req, ability, existing, { status })) updated += 1;
    }
    await writes.settle?.(context(req, trx, ability));
    return statusAnswer(entity, { updated, unchanged: found.length - updated, gone: missingOf(ids, found) });
  }

  if (entity.fields.status?.kind === 'enum' && !writes.statusRoute) {
    // Bulk status change (spec: "status PUT (keys, status)") in one transaction, answered per key (bulkAnswer.ts).
    router.put('/status', async (req, res) => {
      const ability = abilityFor(req.actor);
      if (!ability.can('update', subject)) throw denied(req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const ids = bulkIds(entity, body);
      if (body.status === undefined) throw badRequest({ status: 'status.errors.required' });
      res.json(await req.ctx.knex.transaction((trx) => changeStatuses(trx, req, ability, ids, body.status)));
    });
  }

  router.put('/:id', async (req, res) => {
    const ability = abilityFor(req.actor);
    if (!ability.can('update', subject)) throw denied(req);
    const id = idParam(entity, req);
    // A delete that committed before this write leaves it no row: the read back finds none (404).
    const record = await req.ctx.knex.transaction(async (trx) => {
      await updateOne(trx, req, ability, id, req.body);
      await writes.settle?.(context(req, trx, ability));
      return readBack(trx, req, ability, id);
    });
    res.json(record);
  });

  if (!writes.deleteRoute) {
    // Bulk deletion answered per key (bulkDelete.ts); a capability's own DELETE /<resource>, mounted first, wins.
    router.delete('/', async (req, res) => {
      const ability = abilityFor(req.actor);
      if (!ability.can('delete', subject)) throw denied(req);
      res.json(await deleteEntityKeys({ actor: req.actor, ability, ctx: req.ctx, req }, entity, writes, req.body));
    });
  }

  router.delete('/:id', async (req, res) => {
    const ability = abilityFor(req.actor);
    if (!ability.can('delete', subject)) throw denied(req);
    const id = idParam(entity, req);
    const existing = await findRow(req.ctx.knex, entity, req, id);
    if (!existing) throw notFound();
    if (!ability.can('delete', asSubject(subject, { ...existing }))) throw forbidden();
    // The answer is the record as getOne showed it, child lists included, read before they go.
    const record = await readOne(req.ctx.knex, entity, ability, existing);
    await req.ctx.knex.transaction(async (trx) => {
      const ctx = context(req, trx, ability);
      await writes.beforeDelete?.({ ...ctx, existing });
      await forgetInLists(trx, entity, id);
      // Deleted by another request since it was read: this one deletes nothing, and is undone whole (404).
      if (!(await model.query(trx).deleteById(id))) throw notFound();
      await writes.settle?.(ctx);
    });
    res.json(record);
  });

  return router;
}
