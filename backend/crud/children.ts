/**
 * Child rows an entity owns (EntityDef.children, e.g. a candidate's experience): read with the
 * record, and replaced as a whole, in the record's transaction, when a write carries the list.
 * Each item is validated by the child's own declaration and write rules; problems are reported as
 * '<list>.<index>.<field>' → '<list>.<field>.errors.<rule>'. A list's declared max also holds for rows
 * added one at a time through the child's own routes (assertRoomInParents).
 */
import { subject as asSubject } from '@casl/ability';
import type { Knex } from 'knex';
import { columnOf, entities, entity as entityNamed, type ChildDef, type EntityDef } from '../../schema';
import { modelFor } from '../db/models';
import { AppError, badRequest, forbidden, type FieldErrors } from '../errors';
import type { AppAbility } from '../../schema/ability';
import { scopeQuery } from '../permissions/sql';
import { selectRows } from './select';
import { serialize, type Row } from './serialize';
import { validateRecord } from './validate';
import { referencesExist, type ChildWrite, type WriteContext, type WritesOf } from './writes';

export type { ChildWrite };

function prefixed(list: string, index: number, fields: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, message] of Object.entries(fields)) out[`${list}.${index}.${field}`] = `${list}.${message}`;
  return out;
}

const writableSets = new WeakMap<ChildDef, Set<string>>();
function writableOf(childEntity: EntityDef, child: ChildDef): Set<string> {
  let set = writableSets.get(child);
  if (!set)
    writableSets.set(child, (set = new Set(Object.keys(childEntity.fields).filter((f) => f !== child.foreignKey))));
  return set;
}

/** A parent's child list with a declared max, seen from the child entity. */
interface LimitedList {
  parent: EntityDef;
  name: string;
  child: ChildDef & { max: number };
}

const limitedLists = new Map<string, LimitedList[]>();
/** The limited lists rows of `childEntity` belong to (a candidate's experiences for candidateExperience). */
function limitedListsOf(childEntity: EntityDef): LimitedList[] {
  let found = limitedLists.get(childEntity.name);
  if (!found) {
    found = entities.flatMap((parent) =>
      Object.entries(parent.children ?? {})
        .filter(([, child]) => child.entity === childEntity.name && child.max !== undefined)
        .map(([name, child]) => ({ parent, name, child: child as LimitedList['child'] })),
    );
    limitedLists.set(childEntity.name, found);
  }
  return found;
}

/**
 * A row of `entity` written on its own (POST /candidate-experiences, or an update moving it to
 * another parent) joins its parent's list: refused with the list's own message, on the foreign
 * key, once the parent already holds the list's declared max. The parent row is locked first
 * (SELECT ... FOR UPDATE, as a write replacing the whole list locks it), so concurrent additions
 * are counted one after the other; `existing` is the row before an update (staying put is free),
 * whose parent a move locks too, both in id order.
 */
export async function assertRoomInParents(
  trx: Knex.Transaction,
  entity: EntityDef,
  data: Record<string, unknown>,
  existing?: Row,
): Promise<void> {
  const errors: FieldErrors = {};
  for (const { parent, name, child } of limitedListsOf(entity)) {
    const parentId = data[child.foreignKey];
    const before = existing?.[child.foreignKey];
    if (typeof parentId !== 'number' || before === parentId) continue;
    // A move locks both parents in id order, as every other write of the list does: taking the new one first, a move
    // the other way at the same moment would hold what each waits for. A parent that does not exist is the reference
    // check's to report.
    const parents = typeof before === 'number' ? [parentId, before] : [parentId];
    const locked = (await trx(parent.table).whereIn('id', parents).orderBy('id').forUpdate().pluck('id')) as number[];
    if (!locked.includes(parentId)) continue;
    const [{ n }] = await trx(entity.table).where(columnOf(child.foreignKey), parentId).count({ n: '*' });
    if (Number(n) >= child.max) errors[child.foreignKey] = `${name}.errors.tooMany`;
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** Validates the child lists present in a write body; absent lists are left as they are. */
export function validateChildren(entity: EntityDef, body: unknown, ability?: AppAbility): ChildWrite[] {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const writes: ChildWrite[] = [];
  const errors: FieldErrors = {};
  for (const [name, child] of Object.entries(entity.children ?? {})) {
    if (!(name in input) || input[name] === undefined) continue;
    const childEntity = entityNamed(child.entity);
    if (ability && !(ability.can('create', childEntity.subject) && ability.can('delete', childEntity.subject)))
      throw forbidden();
    const list = input[name] === null ? [] : input[name];
    if (!Array.isArray(list)) {
      errors[name] = `${name}.errors.invalid`;
      continue;
    }
    if (child.max !== undefined && list.length > child.max) {
      errors[name] = `${name}.errors.tooMany`;
      continue;
    }
    const writable = writableOf(childEntity, child);
    const items = list.map((item, index) => {
      try {
        return validateRecord(childEntity, item, 'create', writable);
      } catch (err) {
        if (!(err instanceof AppError) || err.status !== 400) throw err;
        if (!item || typeof item !== 'object') errors[`${name}.${index}`] = `${name}.errors.invalid`;
        Object.assign(errors, prefixed(name, index, err.fields ?? {}));
        return {};
      }
    });
    writes.push({ name, child, entity: childEntity, items });
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return writes;
}

/**
 * Runs each item's write rules (the child's cross-field rules), then replaces the parent's rows.
 * Every item's problems are collected before anything is written.
 */
export async function writeChildren(
  ctx: WriteContext,
  parentId: number,
  writes: ChildWrite[],
  writesOf: WritesOf,
): Promise<void> {
  const { trx, ability } = ctx;
  const errors: FieldErrors = {};
  for (const { name, child, entity, items } of writes) {
    const rules = writesOf(entity.name);
    for (const [index, item] of items.entries()) {
      item[child.foreignKey] = parentId;
      if (!ability.can('create', asSubject(entity.subject, { ...item }))) throw forbidden();
      try {
        const check = { ...ctx, entity, mode: 'create' as const };
        await referencesExist(item, check);
        await rules.check?.(item, check);
      } catch (err) {
        if (!(err instanceof AppError) || err.status !== 400) throw err;
        Object.assign(errors, prefixed(name, index, err.fields ?? {}));
      }
    }
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  for (const { child, entity, items } of writes) {
    await trx(entity.table).where(columnOf(child.foreignKey), parentId).delete();
    if (items.length) await modelFor(entity).query(trx).insert(items);
  }
}

/** The child lists of some parent rows, each in its declared order, limited to what the actor may read. */
export async function loadChildren(
  knex: Knex,
  entity: EntityDef,
  parentIds: number[],
  ability?: AppAbility,
): Promise<Map<number, Record<string, unknown[]>>> {
  const out = new Map<number, Record<string, unknown[]>>(parentIds.map((id) => [id, {}]));
  for (const [name, child] of Object.entries(entity.children ?? {})) {
    const childEntity = entityNamed(child.entity);
    if (ability && !ability.can('read', childEntity.subject)) continue;
    const fk = columnOf(child.foreignKey);
    const query = selectRows(knex, childEntity).whereIn(`${childEntity.table}.${fk}`, parentIds);
    for (const [field, order] of child.orderBy) {
      const column =
        field in (childEntity.computed ?? {}) ? columnOf(field) : `${childEntity.table}.${columnOf(field)}`;
      query.orderByRaw(
        `${column.replace(/^([a-z_]+)\.([a-z_]+)$/, '"$1"."$2"')} ${order} nulls ${order === 'desc' ? 'first' : 'last'}`,
      );
    }
    if (ability) scopeQuery(query, ability, 'read', childEntity.subject, childEntity.table);
    for (const id of parentIds) (out.get(id) as Record<string, unknown[]>)[name] = [];
    for (const row of await query) {
      const json = row.toJSON() as Row;
      out.get(json[child.foreignKey] as number)?.[name].push(serialize(childEntity, json));
    }
  }
  return out;
}
