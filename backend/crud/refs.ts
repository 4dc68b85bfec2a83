/**
 * References a foreign key cannot guard (ids in integer arrays and inside jsonb items) are
 * checked here before a write: an id of a row that does not exist is a field error
 * ('<field>.errors.notFound', or '<field>.<index>.<key>' → '<field>.<key>.errors.notFound').
 * The same check runs against the database (API) or preloaded id sets (bulk import).
 */
import type { Knex } from 'knex';
import { hasText, t } from '../../i18n';
import { columnOf, entities, entity as entityNamed, type EntityDef } from '../../schema';
import { AppError, type FieldErrors } from '../errors';

/** Which of `ids` exist in the entity's table. */
export type ExistingIds = (entityName: string, ids: number[]) => Promise<Set<number>>;

/** One id a record refers to; the field path and message are spelled out only for a missing one. */
interface Use {
  entity: string;
  id: number;
  field: string;
  /** Item index in an objectList, -1 for an object, undefined for a plain field. */
  index?: number;
  key?: string;
}

function where(use: Use): [path: string, message: string] {
  if (use.key === undefined) return [use.field, `${use.field}.errors.notFound`];
  const path = use.index === -1 ? `${use.field}.${use.key}` : `${use.field}.${use.index}.${use.key}`;
  return [path, `${use.field}.${use.key}.errors.notFound`];
}

interface Plan {
  name: string;
  kind: 'ref' | 'refList' | 'object' | 'objectList';
  ref?: string;
  items?: [key: string, ref: string][];
}

// Which fields hold references is fixed per entity: worked out once, not per row.
const plans = new WeakMap<EntityDef, Plan[]>();

function planOf(entity: EntityDef): Plan[] {
  let plan = plans.get(entity);
  if (plan) return plan;
  plan = [];
  for (const [name, def] of Object.entries(entity.fields)) {
    if (def.derivedFrom) continue;
    if (def.kind === 'ref' || def.kind === 'refList') plan.push({ name, kind: def.kind, ref: def.ref });
    if (def.kind === 'object' || def.kind === 'objectList') {
      const items = Object.entries(def.fields ?? {})
        .filter(([, d]) => d.kind === 'ref')
        .map(([key, d]) => [key, d.ref as string] as [string, string]);
      if (items.length) plan.push({ name, kind: def.kind, items });
    }
  }
  plans.set(entity, plan);
  return plan;
}

function usesOf(entity: EntityDef, data: Record<string, unknown>, withForeignKeys: boolean): Use[] {
  const uses: Use[] = [];
  for (const p of planOf(entity)) {
    const value = data[p.name];
    if (value === null || value === undefined) continue;
    if (p.kind === 'ref' && withForeignKeys && typeof value === 'number')
      uses.push({ entity: p.ref as string, id: value, field: p.name });
    else if (p.kind === 'refList' && Array.isArray(value)) {
      for (const id of value) uses.push({ entity: p.ref as string, id: id as number, field: p.name });
    } else if (p.items) {
      const items = p.kind === 'object' ? [value] : (value as unknown[]);
      for (let index = 0; index < items.length; index += 1) {
        for (const [key, ref] of p.items) {
          const id = (items[index] as Record<string, unknown>)?.[key];
          if (typeof id === 'number')
            uses.push({ entity: ref, id, field: p.name, index: p.kind === 'object' ? -1 : index, key });
        }
      }
    }
  }
  return uses;
}

/**
 * Field errors for references to missing rows. `withForeignKeys` also checks plain refs, which
 * the database guards anyway but a bulk insert must not trip over.
 */
export async function missingRefs(
  entity: EntityDef,
  data: Record<string, unknown>,
  existing: ExistingIds,
  withForeignKeys = false,
): Promise<FieldErrors> {
  const wanted = new Map<string, Set<number>>();
  for (const use of usesOf(entity, data, withForeignKeys)) {
    const ids = wanted.get(use.entity);
    if (ids) ids.add(use.id);
    else wanted.set(use.entity, new Set([use.id]));
  }
  const found = new Map<string, Set<number>>();
  for (const [name, ids] of wanted) found.set(name, await existing(name, [...ids]));
  return missingRefsIn(entity, data, found, withForeignKeys);
}

/** Id sets of lookup tables, loaded once (imports, generators): entity name → ids. */
export type IdSets = ReadonlyMap<string, ReadonlySet<number>>;

/**
 * missingRefs against preloaded id sets, synchronously (a bulk import checks millions of rows).
 * `found` hears every id that exists, for locking them in bulk before the write.
 */
export function missingRefsIn(
  entity: EntityDef,
  data: Record<string, unknown>,
  sets: IdSets,
  withForeignKeys = false,
  found?: (entityName: string, id: number) => void,
): FieldErrors {
  let errors: FieldErrors | undefined;
  for (const use of usesOf(entity, data, withForeignKeys)) {
    const set = sets.get(use.entity);
    if (!set) throw new Error(`missingRefsIn: '${use.entity}' was not loaded`);
    if (set.has(use.id)) found?.(use.entity, use.id);
    else {
      const [path, message] = where(use);
      (errors ??= {})[path] = message;
    }
  }
  return errors ?? {};
}

/** ExistingIds answered by the database. */
export function existingInDatabase(knex: Knex): ExistingIds {
  return async (name, ids) => new Set((await knex(entityNamed(name).table).whereIn('id', ids).pluck('id')) as number[]);
}

/** The ids of some lookup tables, loaded once. */
export async function preloadIds(knex: Knex, entityNames: string[]): Promise<IdSets> {
  const sets = new Map<string, Set<number>>();
  for (const name of entityNames)
    sets.set(name, new Set((await knex(entityNamed(name).table).pluck('id')) as number[]));
  return sets;
}

/** The entities whose ids a list holds: a refList's target, or an objectList item's ref. */
const LISTED = new Set(
  entities.flatMap((e) =>
    Object.values(e.fields).flatMap((def) =>
      def.kind === 'refList' && def.ref
        ? [def.ref]
        : Object.values(def.kind === 'objectList' ? (def.fields ?? {}) : {}).flatMap((item) =>
            item.kind === 'ref' && item.ref ? [item.ref] : [],
          ),
    ),
  ),
);

/** The [entity, column] pairs whose rows a deletion of `target`'s rows removes through a cascading foreign key. */
const cascadesOf = (target: EntityDef): [EntityDef, string][] =>
  entities.flatMap((other) =>
    Object.entries(other.fields)
      .filter(([, def]) => def.kind === 'ref' && def.ref === target.name && def.onDelete === 'cascade')
      .map(([name]): [EntityDef, string] => [other, columnOf(name)]),
  );

/** Whether deleting `target`'s rows can take a listed row with it: it is listed, or cascades to one that is. */
function reachesLists(target: EntityDef, seen = new Set<string>()): boolean {
  if (LISTED.has(target.name)) return true;
  seen.add(target.name);
  return cascadesOf(target).some(([child]) => !seen.has(child.name) && reachesLists(child, seen));
}

/**
 * Id lists (refList columns) and the items of jsonb lists (objectList keys holding a ref, e.g. a candidate's
 * `skills[].skillId`) have no foreign key: rows about to be deleted are taken out of every list that names them,
 * and every item naming one is dropped from its list, in SQL; so are the rows their deletion removes by a
 * cascading foreign key (a country's cities), found while they still exist. Every deletion of such a row calls it
 * in its transaction, before the delete: the generic routes, and the features that delete on their own (a
 * colleague, an admin). Left in place, an item naming a deleted row would fail the reference check of every later
 * save of its record. Unless the list refuses: a list whose field says `onDelete: 'restrict'` (a project's countries)
 * and a list its record requires that would be left shorter than its `min` (a candidate's only preferred location)
 * refuse the whole deletion with 409 'errors.inUse', its message counting the records that still use the rows
 * ('…still in use by 2 projects and 1 company…'), as a foreign key refuses a deletion a plain `ref` restricts.
 */
export async function forgetInLists(
  trx: Knex.Transaction,
  target: EntityDef,
  idOrIds: number | number[],
): Promise<void> {
  const ids = ([] as number[]).concat(idOrIds);
  if (!ids.length || !reachesLists(target)) return;
  const uses = new Map<string, number>();
  await countRefusals(trx, target, ids, uses);
  if (uses.size) throw inUseBy(uses);
  await forget(trx, target, ids);
}

/** The 409 of a deletion lists refuse, counting the records per entity ('in use by 2 projects and 1 company'). */
function inUseBy(uses: Map<string, number>): AppError {
  const parts = [...uses].map(([name, count]) =>
    t(hasText(`errors.usedBy.${name}`) ? `errors.usedBy.${name}` : 'errors.usedBy.record', { count }),
  );
  const list = new Intl.ListFormat('en', { type: 'conjunction' }).format(parts);
  return new AppError(409, 'errors.inUse', t('errors.inUseBy', { uses: list }), undefined, {
    usedBy: Object.fromEntries(uses),
  });
}

/** SQL conditions, one per list of `other` naming `target`'s rows, under which a row refuses their deletion. */
function refusalsIn(other: EntityDef, target: EntityDef, ids: number[]): [string, Knex.RawBinding[]][] {
  const out: [string, Knex.RawBinding[]][] = [];
  for (const [name, def] of Object.entries(other.fields)) {
    const col = columnOf(name);
    const min = def.min ?? 0;
    if (def.kind === 'refList' && def.ref === target.name && !def.derivedFrom) {
      if (def.onDelete === 'restrict') out.push([`"${col}" && ?::int[]`, [ids]]);
      else if (min > 0)
        out.push([
          `"${col}" && ?::int[] and cardinality(array(select x from unnest("${col}") x where x <> all(?::int[]))) < ?`,
          [ids, ids, min],
        ]);
    }
    if (def.kind !== 'objectList') continue;
    for (const [key, item] of Object.entries(def.fields ?? {})) {
      if (item.kind !== 'ref' || item.ref !== target.name) continue;
      const vars = JSON.stringify({ ids });
      const named = `jsonb_path_exists("${col}", ?::jsonpath, ?::jsonb)`;
      const bindings = [`$[*] ? (@.${key} == $ids[*])`, vars];
      if (item.onDelete === 'restrict') out.push([named, bindings]);
      else if (min > 0)
        out.push([
          `${named} and jsonb_array_length(jsonb_path_query_array("${col}", ?::jsonpath, ?::jsonb)) < ?`,
          [...bindings, `$[*] ? (!(@.${key} == $ids[*]))`, vars, min],
        ]);
    }
  }
  return out;
}

/** Counts, per entity, the records whose lists refuse the deletion of `target`'s rows and of the rows it cascades to. */
async function countRefusals(
  trx: Knex.Transaction,
  target: EntityDef,
  ids: number[],
  uses: Map<string, number>,
): Promise<void> {
  for (const [child, column] of cascadesOf(target)) {
    if (child.name === target.name || !reachesLists(child)) continue;
    const childIds = (await trx(child.table).whereIn(column, ids).pluck('id')) as number[];
    if (childIds.length) await countRefusals(trx, child, childIds, uses);
  }
  if (!LISTED.has(target.name)) return;
  for (const other of entities) {
    const conditions = refusalsIn(other, target, ids);
    if (!conditions.length) continue;
    const sql = conditions.map(([condition]) => `(${condition})`).join(' or ');
    const row = await trx(other.table)
      .whereRaw(
        sql,
        conditions.flatMap(([, bindings]) => bindings),
      )
      .count({ n: '*' })
      .first();
    const n = Number(row?.n ?? 0);
    if (n > 0) uses.set(other.name, (uses.get(other.name) ?? 0) + n);
  }
}

/** forgetInLists once no list refuses: takes the rows out of every list, those it cascades to first. */
async function forget(trx: Knex.Transaction, target: EntityDef, ids: number[]): Promise<void> {
  if (!ids.length || !reachesLists(target)) return;
  for (const [child, column] of cascadesOf(target)) {
    if (child.name === target.name || !reachesLists(child)) continue;
    await forget(trx, child, (await trx(child.table).whereIn(column, ids).pluck('id')) as number[]);
  }
  if (!LISTED.has(target.name)) return;
  for (const other of entities) {
    for (const [name, def] of Object.entries(other.fields)) {
      const col = columnOf(name);
      if (def.kind === 'refList' && def.ref === target.name) {
        await trx(other.table)
          .whereRaw(`"${col}" && ?::int[]`, [ids])
          .update({ [col]: trx.raw(`array(select x from unnest("${col}") x where x <> all(?::int[]))`, [ids]) });
      }
      if (def.kind !== 'objectList') continue;
      for (const [key, item] of Object.entries(def.fields ?? {})) {
        if (item.kind !== 'ref' || item.ref !== target.name) continue;
        const vars = JSON.stringify({ ids });
        await trx(other.table)
          .whereRaw(`jsonb_path_exists("${col}", ?::jsonpath, ?::jsonb)`, [`$[*] ? (@.${key} == $ids[*])`, vars])
          .update({
            [col]: trx.raw(`jsonb_path_query_array("${col}", ?::jsonpath, ?::jsonb)`, [
              `$[*] ? (!(@.${key} == $ids[*]))`,
              vars,
            ]),
          });
      }
    }
  }
}
