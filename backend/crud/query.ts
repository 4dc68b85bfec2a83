/**
 * The ra-data-simple-rest list protocol: `sort=["field","ASC"]`, `range=[0,24]` (inclusive),
 * `filter={...}` with `q` for text search and `id` for getMany. Every parameter is checked;
 * a bad one is a 400 naming it.
 */
import type { Knex } from 'knex';
import { columnOf, type EntityDef, type FieldDef } from '../../schema';
import { badRequest } from '../errors';
import { parseId } from './ids';
import { cleanValue, FieldError } from './validate';

export const MAX_PAGE = 1000;

export interface ListParams {
  sort: { column: string; order: 'asc' | 'desc' };
  range: [number, number];
  filter: Record<string, unknown>;
}

function json(raw: unknown, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw badRequest({ [name]: `${name}.errors.invalid` });
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest({ [name]: `${name}.errors.invalid` });
  }
}

function sortColumn(entity: EntityDef, field: string): string | undefined {
  if (field === 'id') return `${entity.table}.id`;
  const def = entity.fields[field];
  if (def && def.sortable !== false && !def.hidden) return `${entity.table}.${columnOf(field)}`;
  const computed = entity.computed?.[field];
  if (computed && computed.sortable !== false) return columnOf(field);
  return undefined;
}

export function parseListParams(entity: EntityDef, query: Record<string, unknown>): ListParams {
  const defaultSort = entity.admin?.list?.sort ?? ['id', 'ASC'];
  const sortRaw = json(query.sort, 'sort') ?? defaultSort;
  if (!Array.isArray(sortRaw) || typeof sortRaw[0] !== 'string' || !['ASC', 'DESC', 'asc', 'desc', undefined].includes(sortRaw[1])) {
    throw badRequest({ sort: 'sort.errors.invalid' });
  }
  const column = sortColumn(entity, sortRaw[0]);
  if (!column) throw badRequest({ sort: 'sort.errors.invalid' });
  const rangeRaw = json(query.range, 'range') ?? [0, 24];
  if (
    !Array.isArray(rangeRaw) ||
    rangeRaw.length !== 2 ||
    !rangeRaw.every((n) => Number.isInteger(n) && n >= 0) ||
    rangeRaw[1] < rangeRaw[0] ||
    rangeRaw[1] - rangeRaw[0] >= MAX_PAGE
  ) {
    throw badRequest({ range: 'range.errors.invalid' });
  }
  const filter = json(query.filter, 'filter') ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw badRequest({ filter: 'filter.errors.invalid' });
  return {
    sort: { column, order: String(sortRaw[1] ?? 'ASC').toLowerCase() as 'asc' | 'desc' },
    range: [rangeRaw[0], rangeRaw[1]],
    filter: filter as Record<string, unknown>,
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
  return { ...def, kind: textual ? 'string' : kind, pattern: undefined, min: undefined, max: textual ? 2000 : def.max, normaliseHttps: false };
}

/** Applies `filter` to a query on the entity's table. */
export function applyFilter(query: Knex.QueryBuilder, entity: EntityDef, filter: Record<string, unknown>): void {
  const t = entity.table;
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === '') continue;
    if (key === 'q') {
      if (typeof value !== 'string' || value.length > 200) throw badRequest({ q: 'q.errors.invalid' });
      const term = `%${value.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const searchable = Object.entries(entity.fields).filter(([, d]) => d.searchable);
      query.where((w) => {
        for (const [name, def] of searchable) {
          const col = `"${t}"."${columnOf(name)}"`;
          if (def.kind === 'stringList') w.orWhereRaw(`array_to_string(${col}, ' ') ilike ?`, [term]);
          else w.orWhereRaw(`${col} ilike ?`, [term]);
        }
      });
      continue;
    }
    if (key === 'id') {
      query.whereIn(`${t}.id`, ids(entity, value));
      continue;
    }
    const range = /^(.+)_(gte|lte)$/.exec(key);
    const name = range ? range[1] : key;
    const def = entity.fields[name];
    if (!def || def.hidden || def.filterable === false) throw badRequest({ [key]: 'filter.errors.invalid' });
    const col = `${t}.${columnOf(name)}`;
    const clean = (v: unknown) => {
      try {
        return cleanValue(filterDef(def), v);
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
