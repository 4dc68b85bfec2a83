/**
 * The generic REST router every entity with a `resource` gets, implementing the
 * ra-data-simple-rest protocol exactly: list, getMany, getOne, create, update, delete.
 * Rows are limited by the actor's abilities in SQL; writes are validated and trimmed to the
 * fields the actor may change, and run in one transaction.
 */
import { subject as asSubject } from '@casl/ability';
import { permittedFieldsOf } from '@casl/ability/extra';
import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import { columnOf, entities, type Action, type EntityDef } from '../../schema';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../errors';
import { modelFor } from '../db/models';
import { abilityFor, type AppAbility } from '../../schema/ability';
import { scopeQuery } from '../permissions/sql';
import { loadChildren, validateChildren, writeChildren } from './children';
import { runHooks } from './hooks';
import { parseId } from './ids';
import { applyFilter, MAX_PAGE, parseListParams } from './query';
import { serialize, type Row } from './serialize';
import { validateRecord } from './validate';

function denied(req: Request): AppError {
  return req.actor.role === 'guest' ? unauthorized() : forbidden();
}

/** Base select of an entity: its columns plus computed values. */
export function selectRows(knex: Knex, entity: EntityDef) {
  const computed = Object.entries(entity.computed ?? {}).map(([name, c]) =>
    knex.raw(`${c.sql.replaceAll('{table}', `"${entity.table}"`)} as "${columnOf(name)}"`),
  );
  return modelFor(entity)
    .query(knex)
    .select(`${entity.table}.*`, ...computed);
}

export async function findRow(knex: Knex, entity: EntityDef, req: Request, id: number, action: Action = 'read'): Promise<Row | undefined> {
  const query = selectRows(knex, entity).where(`${entity.table}.id`, id);
  scopeQuery(query, abilityFor(req.actor), action, entity.subject, entity.table);
  const found = await query.first();
  return found ? (found.toJSON() as Row) : undefined;
}

function idParam(entity: EntityDef, req: Request): number {
  const id = parseId(entity, req.params.id);
  if (id === undefined) throw notFound();
  return id;
}

const allFields = (entity: EntityDef) => Object.keys(entity.fields);

/** Id lists (refList columns) have no foreign key: a deleted row is taken out of every list that names it. */
async function forgetInLists(trx: Knex.Transaction, target: EntityDef, id: number): Promise<void> {
  for (const other of entities) {
    for (const [name, def] of Object.entries(other.fields)) {
      if (def.kind !== 'refList' || def.ref !== target.name) continue;
      const col = columnOf(name);
      await trx(other.table)
        .whereRaw(`? = any("${col}")`, [id])
        .update({ [col]: trx.raw(`array_remove("${col}", ?)`, [id]) });
    }
  }
}

/** The record as the actor may see it: a read rule that lists fields hides the others. */
export function readable(entity: EntityDef, ability: AppAbility, row: Row): Record<string, unknown> {
  const record = serialize(entity, row);
  const all = [...allFields(entity), ...Object.keys(entity.computed ?? {})];
  const fields = permittedFieldsOf(ability, 'read', asSubject(entity.subject, { ...row }), { fieldsFrom: (r) => r.fields ?? all });
  if (fields.length >= all.length) return record;
  const keep = new Set(['id', ...fields]);
  return Object.fromEntries(Object.entries(record).filter(([key]) => keep.has(key)));
}

/** One record with its child lists (a candidate with experiences and educations). */
export async function readOne(knex: Knex, entity: EntityDef, ability: AppAbility, row: Row): Promise<Record<string, unknown>> {
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

export function crudRouter(entity: EntityDef, list?: ListHandler): Router {
  const router = Router();
  const { subject, table } = entity;
  const model = modelFor(entity);

  router.get('/', async (req, res) => {
    const ability = abilityFor(req.actor);
    if (!ability.can('read', subject)) throw denied(req);
    if (list) return list(req, res, ability);
    const params = parseListParams(entity, req.query as Record<string, unknown>);
    const { knex } = req.ctx;
    const base = model.query(knex);
    applyFilter(base as unknown as Knex.QueryBuilder, entity, params.filter);
    scopeQuery(base, ability, 'read', subject, table);
    const page = selectRows(knex, entity);
    applyFilter(page as unknown as Knex.QueryBuilder, entity, params.filter);
    scopeQuery(page, ability, 'read', subject, table);
    const [start, end] = params.range;
    const [rows, total] = await Promise.all([
      page
        .orderBy(params.sort.column, params.sort.order)
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
    const writable = permittedFieldsOf(ability, 'create', subject, { fieldsFrom: (r) => r.fields ?? allFields(entity) });
    const data = validateRecord(entity, { ...req.body, ...implied }, 'create', new Set([...writable, ...Object.keys(implied)]));
    Object.assign(data, implied);
    if (!ability.can('create', asSubject(subject, { ...data }))) throw forbidden();
    const children = validateChildren(entity, req.body, ability);
    const created = await req.ctx.knex.transaction(async (trx) => {
      await runHooks(data, { trx, entity, mode: 'create', config: req.ctx.config, actor: req.actor });
      const inserted = await model.query(trx).insert(data).returning('id');
      const id = (inserted as unknown as { id: number }).id;
      await writeChildren(trx, id, children, ability);
      return id;
    });
    const row = await findRow(req.ctx.knex, entity, req, created);
    res.status(201).json(await readOne(req.ctx.knex, entity, ability, row as Row));
  });

  /**
   * One update: checked against the row as it is and as it would be, trimmed to the fields the
   * actor may change, run with the entity's hooks in the caller's transaction.
   */
  async function updateOne(trx: Knex.Transaction, req: Request, ability: AppAbility, id: number, body: unknown): Promise<void> {
    const existing = await findRow(trx, entity, req, id);
    if (!existing) throw notFound();
    const target = asSubject(subject, { ...existing });
    if (!ability.can('update', target)) throw forbidden();
    const writable = permittedFieldsOf(ability, 'update', target, { fieldsFrom: (r) => r.fields ?? allFields(entity) });
    const data = validateRecord(entity, body, 'update', new Set(writable));
    if (!ability.can('update', asSubject(subject, { ...existing, ...data }))) throw forbidden();
    const children = validateChildren(entity, body, ability);
    await runHooks(data, { trx, entity, mode: 'update', id, existing, config: req.ctx.config, actor: req.actor });
    if ('updatedAt' in entity.fields) data.updatedAt = new Date().toISOString();
    if (Object.keys(data).length) await model.query(trx).patch(data).where('id', id);
    await writeChildren(trx, id, children, ability);
  }

  if (entity.fields.status?.kind === 'enum') {
    // Bulk status change (spec: "status PUT (keys, status)"): every row changes, or none does.
    router.put('/status', async (req, res) => {
      const ability = abilityFor(req.actor);
      if (!ability.can('update', subject)) throw denied(req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const raw = body.ids ?? body.keys ?? body.users;
      if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_PAGE) throw badRequest({ ids: 'ids.errors.required' });
      const ids = raw.map((v) => parseId(entity, v));
      if (ids.some((v) => v === undefined)) throw badRequest({ ids: 'ids.errors.invalid' });
      if (body.status === undefined) throw badRequest({ status: 'status.errors.required' });
      await req.ctx.knex.transaction(async (trx) => {
        for (const id of new Set(ids as number[])) await updateOne(trx, req, ability, id, { status: body.status });
      });
      res.json({ success: true, updated: new Set(ids).size });
    });
  }

  router.put('/:id', async (req, res) => {
    const ability = abilityFor(req.actor);
    if (!ability.can('update', subject)) throw denied(req);
    const id = idParam(entity, req);
    await req.ctx.knex.transaction((trx) => updateOne(trx, req, ability, id, req.body));
    const row = await findRow(req.ctx.knex, entity, req, id);
    res.json(await readOne(req.ctx.knex, entity, ability, row as Row));
  });

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
      await model.query(trx).deleteById(id);
      await forgetInLists(trx, entity, id);
    });
    res.json(record);
  });

  return router;
}
