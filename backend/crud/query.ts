/**
 * The ra-data-simple-rest list protocol: `sort=["field","ASC"]`, `range=[0,24]` (inclusive),
 * `filter={...}` with `q` for text search and `id` for getMany. Every parameter is checked;
 * a bad one is a 400 naming it. A role sorts, filters and searches only on fields it may read on
 * every row it may list: a filter on a hidden field would answer, row by row, what the field holds.
 */
import type { Knex } from 'knex';
import { columnOf, type EntityDef, type FieldDef } from '../../schema';
import type { AppAbility } from '../../schema/ability';
import { containsPattern, textContains } from '../db/textMatch';
import { badRequest } from '../errors';
import { assertCleanInput } from '../http/inputGuard';
import { parseId } from './ids';
import { cleanValue, FieldError } from './validate';

export const MAX_PAGE = 1000;

export interface ListParams {
  sort: { column: string; order: 'asc' | 'desc' };
  range: [number, number];
  filter: Record<string, unknown>;
  /** The fields `q` searches: the searchable ones the caller may read. */
  search: string[];
}

function json(raw: unknown, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw badRequest({ [name]: `${name}.errors.invalid` });
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest({ [name]: `${name}.errors.invalid` });
  }
  // The request guard checks JSON-shaped query values too; this keeps the parser safe on its own.
  assertCleanInput(parsed, [name]);
  return parsed;
}

// Declared names only: 'constructor', 'toString' or '__proto__' must not resolve to what every object inherits.
const own = <T>(record: Record<string, T> | undefined, key: string): T | undefined =>
  record && Object.hasOwn(record, key) ? record[key] : undefined;

/**
 * The fields `ability` may read on every row of the entity it may read: the fields every read
 * rule grants (a rule naming no fields grants all), less those an inverted rule takes away.
 */
export function listableFields(entity: EntityDef, ability: AppAbility): Set<string> {
  const all = [...Object.keys(entity.fields), ...Object.keys(entity.computed ?? {})];
  let fields = new Set(all);
  for (const rule of ability.possibleRulesFor('read', entity.subject)) {
    const named = rule.fields ? new Set([rule.fields].flat()) : undefined;
    if (rule.inverted) {
      if (named) fields = new Set([...fields].filter((f) => !named.has(f)));
      else if (!rule.conditions) fields = new Set();
    } else if (named) fields = new Set([...fields].filter((f) => named.has(f)));
  }
  return fields;
}

function sortColumn(entity: EntityDef, field: string, readable: ReadonlySet<string>): string | undefined {
  if (field === 'id') return `${entity.table}.id`;
  if (!readable.has(field)) return undefined;
  const def = own(entity.fields, field);
  if (def && def.sortable !== false && !def.hidden) return `${entity.table}.${columnOf(field)}`;
  const computed = own(entity.computed, field);
  if (computed && computed.sortable !== false) return columnOf(field);
  return undefined;
}

/**
 * The list parameters of a request; without an ability (internal callers) every field counts as
 * readable. `ownKeys` are filter keys the caller answers itself (the search's short keys).
 */
export function parseListParams(
  entity: EntityDef,
  query: Record<string, unknown>,
  ability?: AppAbility,
  ownKeys?: ReadonlySet<string>,
): ListParams {
  const readable = ability
    ? listableFields(entity, ability)
    : new Set([...Object.keys(entity.fields), ...Object.keys(entity.computed ?? {})]);
  const defaultSort = entity.admin?.list?.sort ?? ['id', 'ASC'];
  const sortRaw = json(query.sort, 'sort') ?? defaultSort;
  if (
    !Array.isArray(sortRaw) ||
    typeof sortRaw[0] !== 'string' ||
    !['ASC', 'DESC', 'asc', 'desc', undefined].includes(sortRaw[1])
  ) {
    throw badRequest({ sort: 'sort.errors.invalid' });
  }
  // A default sort on a field the caller may not read falls back to the id.
  const column =
    sortColumn(entity, sortRaw[0], readable) ??
    (query.sort === undefined || query.sort === '' ? `${entity.table}.id` : undefined);
  if (!column) throw badRequest({ sort: 'sort.errors.invalid' });
  const filter = json(query.filter, 'filter') ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    throw badRequest({ filter: 'filter.errors.invalid' });
  // A lookup of records by id (react-admin's getMany, which sends no range) answers every id asked for, up to a page.
  const asked = (filter as { id?: unknown }).id;
  const ids = Array.isArray(asked) ? asked.length : 0;
  if (ids > MAX_PAGE) throw badRequest({ filter: 'filter.errors.invalid' });
  const rangeRaw = json(query.range, 'range') ?? [0, Math.max(ids, 25) - 1];
  if (
    !Array.isArray(rangeRaw) ||
    rangeRaw.length !== 2 ||
    // A whole number PostgreSQL's offset takes as written: 1e21 is an integer to JavaScript, but reaches the query as 1.
    !rangeRaw.every((n) => Number.isSafeInteger(n) && n >= 0 && n < 2 ** 31) ||
    rangeRaw[1] < rangeRaw[0] ||
    rangeRaw[1] - rangeRaw[0] >= MAX_PAGE
  ) {
    throw badRequest({ range: 'range.errors.invalid' });
  }
  for (const key of Object.keys(filter)) {
    if (key === 'q' || key === 'id' || ownKeys?.has(key)) continue;
    const name = /^(.+)_(gte|lte)$/.exec(key)?.[1] ?? key;
    // An unreadable field is refused exactly like an unknown one: the answer tells nothing about it.
    if (!readable.has(name)) throw badRequest({ [key]: 'filter.errors.invalid' });
  }
  return {
    sort: { column, order: String(sortRaw[1] ?? 'ASC').toLowerCase() as 'asc' | 'desc' },
    range: [rangeRaw[0], rangeRaw[1]],
    filter: filter as Record<string, unknown>,
    search: Object.entries(entity.fields)
      .filter(([name, def]) => def.searchable && !def.hidden && readable.has(name))
      .map(([name]) => name),
  };
}

function ids(entity: EntityDef, value: unknown): number[] {
  const list = (Array.isArray(value) ? value : [value]).map((v) => parseId(entity, v));
  if (list.some((v) => v === undefined)) throw badRequest({ id: 'id.errors.invalid' });
  return list as number[];
}

/**
 * How a filter value is checked: by type only. Format rules (patterns, lengths, email and phone
 * shapes) guard what is written, not what is looked up, so stored values always match themselves.
 */
function filterDef(def: FieldDef): FieldDef {
  const kind = def.kind === 'refList' ? 'ref' : def.kind === 'enumList' ? 'enum' : def.kind;
  const textual = ['string', 'text', 'email', 'phone', 'url', 'stringList', 'secret'].includes(kind);
  return {
    ...def,
    kind: textual ? 'string' : kind,
    pattern: undefined,
    min: undefined,
    max: textual ? 2000 : def.max,
    normaliseHttps: false,
  };
}

/** The bounds PostgreSQL's date and timestamp types and JavaScript dates share: years 1 to 9999. */
function inDateRange(value: unknown): boolean {
  return typeof value !== 'string' || /^\d{4}-/.test(value);
}

/**
 * Applies `filter` to a query on the entity's table. `search` names the fields `q` looks in
 * (ListParams.search); by default every searchable field.
 */
export function applyFilter(
  query: Knex.QueryBuilder,
  entity: EntityDef,
  filter: Record<string, unknown>,
  search?: readonly string[],
): void {
  const t = entity.table;
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === '') continue;
    if (key === 'q') {
      if (typeof value !== 'string' || value.length > 200) throw badRequest({ q: 'q.errors.invalid' });
      const term = containsPattern(value);
      const names = search ?? Object.keys(entity.fields).filter((name) => entity.fields[name].searchable);
      const searchable = names.map((name) => [name, entity.fields[name]] as const);
      if (!searchable.length) {
        query.whereRaw('false');
        continue;
      }
      query.where((w) => {
        for (const [name, def] of searchable) {
          const col = `"${t}"."${columnOf(name)}"`;
          w.orWhereRaw(textContains(def.kind === 'stringList' ? `array_to_string(${col}, ' ')` : col), [term]);
        }
        // A person is looked for by the name shown, "Jane Tan": first and last name together, beside each alone.
        if (names.includes('firstName') && names.includes('lastName'))
          w.orWhereRaw(
            textContains(`concat_ws(' ', "${t}"."${columnOf('firstName')}", "${t}"."${columnOf('lastName')}")`),
            [term],
          );
      });
      continue;
    }
    if (key === 'id') {
      query.whereIn(`${t}.id`, ids(entity, value));
      continue;
    }
    const range = /^(.+)_(gte|lte)$/.exec(key);
    const name = range ? range[1] : key;
    const def = own(entity.fields, name);
    if (!def || def.hidden || def.filterable === false) throw badRequest({ [key]: 'filter.errors.invalid' });
    const col = `${t}.${columnOf(name)}`;
    const clean = (v: unknown) => {
      try {
        const cleaned = cleanValue(filterDef(def), v);
        if ((def.kind === 'date' || def.kind === 'datetime') && !inDateRange(cleaned)) throw new FieldError('invalid');
        return cleaned;
      } catch (err) {
        if (err instanceof FieldError) throw badRequest({ [key]: `${name}.errors.${err.rule}` });
        throw err;
      }
    };
    if (value === null) query.whereNull(col);
    else if (range) query.where(col, range[2] === 'gte' ? '>=' : '<=', clean(value) as Knex.Value);
    else if (def.kind === 'refList' || def.kind === 'stringList' || def.kind === 'enumList') {
      const items = (Array.isArray(value) ? value : [value]).map(clean);
      query.whereRaw(`"${t}"."${columnOf(name)}" && ?`, [items] as unknown as Knex.RawBinding[]);
    } else if (Array.isArray(value)) query.whereIn(col, value.map(clean) as Knex.Value[]);
    else query.where(col, clean(value) as Knex.Value);
  }
}
