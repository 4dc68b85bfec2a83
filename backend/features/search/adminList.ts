/**
 * The console's talent list (`GET /candidates`, ra-data-simple-rest) served by search: `q` finds
 * full names, emails, employers, skills and titles the way the search box does; every search
 * filter is accepted under its short key beside the entity's own filters (status, visibility,
 * tags, owner, skills, job titles); expected salary sorts in SGD, whatever the currency; a page is
 * picked from the search documents' indexes before its rows are read; and the total is exact up
 * to 10,000 and an estimate above (header X-Total-Estimated: 1).
 *
 * Paging forward, the console names the last candidate of the page before (`after`): sorted by creation
 * time or id, which never change, the page then starts just past that candidate's place in the order
 * instead of walking every row before it (page 200 of a broad word: about 0.7 ms against 20 to 40).
 * A page asked for without it, or past a candidate since deleted, is found by its offset.
 */
import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import { columnOf, entity } from '../../../schema';
import type { AppAbility } from '../../../schema/ability';
import { parseId } from '../../../schema/lib/ids';
import { applyFilter, parseListParams } from '../../crud/query';
import { readable, selectRows } from '../../crud/router';
import type { Row } from '../../crud/serialize';
import { textOrder, TEXT_SORT_KINDS } from '../../db/textOrder';
import { badRequest } from '../../errors';
import { permissionSql } from '../../permissions/sql';
import { readOn } from '../../db/replica';
import { countAndFacet, EXACT_LIMIT } from './counts';
import { anyElement, anyValue, tableStats, type TableStats } from './estimate';
import { facetPredicate, statusPredicate, whereOf, type Predicate } from './conditions';
import { buildFilters, nameSel, textSel, type Filters } from './filters';
import { DIMENSION_KEYS, ParamError, parseSearchParams, type DimensionKey } from './params';
import { currencyRates } from './rates';
import { nameQuery, textQuery } from './text';
import { normalise } from '../../services/lookups/match';

const candidate = entity('candidate');

/** Short keys of the search page the list accepts in its filter. */
const SEARCH_KEYS = new Set<string>([
  ...DIMENSION_KEYS,
  'ad',
  'cs',
  'ts',
  'ns',
  'cn',
  'sf',
  'st',
  'cur',
  'ef',
  'et',
  'r',
  'isp',
  'ias',
]);

/** Entity filters the search documents answer, and how. */
const DOC_FILTERS: Record<string, { column: string; list: boolean; dim?: DimensionKey }> = {
  status: { column: 'status', list: false },
  visibility: { column: 'visibility', list: false },
  ownerId: { column: 'owner_id', list: false },
  currentLocationId: { column: 'current_location_id', list: false, dim: 'cl' },
  tags: { column: 'tag_ids', list: true, dim: 'bd' },
  skillIds: { column: 'skill_ids', list: true, dim: 's' },
  jobTitleLookingFor: { column: 'job_title_ids', list: true, dim: 'jt' },
  preferredLocationIds: { column: 'preferred_location_ids', list: true, dim: 'l' },
  languageIds: { column: 'language_ids', list: true, dim: 'lang' },
};

/** Sort fields the documents index or hold (expected salary in SGD); others sort the candidate rows (slower on big lists). */
const DOC_SORTS: Record<string, string> = {
  createdAt: 'd.created_at',
  updatedAt: 'd.updated_at',
  expectedSalary: 'd.salary_sgd',
  status: 'd.status',
  id: 'd.id',
};

/** Sorts on values a document never changes, where a page can start from a row's place in the order: their columns. */
const KEYSET_SORTS: Record<string, string> = { createdAt: 'created_at', id: 'id' };

/** The SQL a non-document sort field orders by, over the candidate row `c`. */
function candidateSort(field: string): string {
  const computed = candidate.computed?.[field];
  if (computed) return `(${computed.sql.replaceAll('{table}', 'c')})`;
  return `c."${columnOf(field)}"`;
}

/**
 * A name sorts alphabetically whatever its case (db/textOrder.ts); the candidate rows hold no index in a name's order
 * to lose. An email keeps its own order: the unique index on candidates.email can serve that page in order.
 */
function orderOf(field: string, key: string, order: 'asc' | 'desc'): string {
  const kind = candidate.fields[field]?.kind ?? candidate.computed?.[field]?.kind;
  return DOC_SORTS[field] === undefined && kind !== 'email' && kind !== undefined && TEXT_SORT_KINDS.has(kind)
    ? textOrder(key, order)
    : `${key} ${order}`;
}

const asText = (v: unknown) =>
  Array.isArray(v) ? v.map(String) : v === null || v === undefined ? undefined : String(v);

function docPredicate(stats: TableStats, key: string, value: unknown): Predicate {
  const spec = DOC_FILTERS[key];
  const values = (Array.isArray(value) ? value : [value]).map((v) => {
    if (typeof v === 'boolean') return v;
    const def = candidate.fields[key];
    const id = def?.ref
      ? parseId(entity(def.ref), v)
      : typeof v === 'number'
        ? v
        : /^\d+$/.test(String(v))
          ? Number(v)
          : undefined;
    if (id === undefined) throw badRequest({ [key]: `${key}.errors.invalid` });
    return id;
  });
  if (key === 'status') {
    if (values.some((v) => typeof v !== 'number' || !Number.isSafeInteger(v)))
      throw badRequest({ status: 'status.errors.invalid' });
    return statusPredicate(stats, values as number[]);
  }
  const sel = (spec.list ? anyElement : anyValue)(stats, spec.column, values as number[]);
  // Lists and the current location are facet values, which one index serves (not a facet of this list, though).
  if (spec.dim) return facetPredicate(key, spec.dim, values as number[], sel, false);
  return { key, sql: `d.${spec.column} = any(?)`, bindings: [values], sel };
}

/**
 * Part of a name or an email, anywhere in it (pg_trgm serves it from three characters on). `name_text` is stored
 * folded, `lower(unaccent(...))` (db/textMatch.ts), so the typed part is folded alike ('Émilie' finds 'Emilie'),
 * in the API by the name matcher's copy of unaccent, which keeps the pattern a constant the planner estimates.
 */
function likeOf(q: string): string | undefined {
  const part = normalise(q);
  return part.length >= 3 ? `%${part.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
}

/** `q`: the text of the search box, or the start of a name, or part of an email. */
async function textPredicate(knex: Knex, stats: TableStats, q: string): Promise<Predicate> {
  const [text, nameSearch] = await Promise.all([textQuery(knex, q), nameQuery(knex, q)]);
  const names = nameSearch.query;
  const parts: string[] = [];
  const bindings: unknown[] = [];
  if (text.query) {
    parts.push('d.vector @@ ?::tsquery');
    bindings.push(text.query);
  }
  if (names) {
    parts.push("d.name_vector @@ to_tsquery('simple', ?)");
    bindings.push(names);
  }
  const like = likeOf(q);
  if (like) {
    parts.push('d.name_text like ?');
    bindings.push(like);
  }
  // Text with nothing to search for (punctuation alone) finds nothing.
  if (!parts.length) return { key: 'q', sql: 'false', bindings: [], sel: 0 };
  // What the text, the names and a part of a name or email are expected to find (the last guessed: few).
  const sel = Math.min(
    1,
    (text.query ? textSel(stats, 'vector', text) : 0) + (names ? nameSel(stats, nameSearch) : 0) + (like ? 0.001 : 0),
  );
  return { key: 'q', sql: parts.join(' or '), bindings, sel };
}

export async function candidateList(req: Request, res: Response, ability: AppAbility): Promise<void> {
  // On the replica, again on the primary if the replica is lost (the page is sent only once read).
  await readOn(req.ctx, (knex) => listOn(knex, req, res, ability));
}

async function listOn(knex: Knex, req: Request, res: Response, ability: AppAbility): Promise<void> {
  const params = parseListParams(candidate, req.query as Record<string, unknown>, ability, SEARCH_KEYS);
  const field =
    (req.query.sort ? (JSON.parse(String(req.query.sort)) as string[])[0] : candidate.admin?.list?.sort?.[0]) ??
    'createdAt';
  const order = params.sort.order;
  const filter = params.filter;
  const [stats, rates] = await Promise.all([tableStats(knex), currencyRates(knex)]);
  const searchInput: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (SEARCH_KEYS.has(key)) searchInput[key] = asText(value);
    // null asks for the rows without a value, as on every generated list: the candidate rows answer it.
    else if ((!(key in DOC_FILTERS) || value === null) && key !== 'q' && key !== 'id') rest[key] = value;
  }
  let search;
  try {
    search = parseSearchParams(searchInput);
  } catch (err) {
    if (err instanceof ParamError) throw badRequest(err.fields);
    throw err;
  }
  const filters: Filters = await buildFilters(knex, ability, req.actor, search, stats, rates, 'list');
  for (const [key, value] of Object.entries(filter)) {
    if (key in DOC_FILTERS && value !== undefined && value !== '' && value !== null)
      filters.predicates.push(docPredicate(stats, key, value));
  }
  // Without a status asked, every part of the index by status is read.
  const anyStatus = filters.predicates.some((p) => p.key === 'status') ? undefined : statusPredicate(stats);
  if (anyStatus) filters.predicates.push(anyStatus);
  if (filter.id !== undefined) {
    const ids = (Array.isArray(filter.id) ? filter.id : [filter.id]).map((v) => parseId(candidate, v));
    if (ids.some((v) => v === undefined)) throw badRequest({ id: 'id.errors.invalid' });
    filters.predicates.push({
      key: 'id',
      sql: 'd.id = any(?::int[])',
      bindings: [ids],
      sel: Math.min(1, ids.length / Math.max(1, stats.rows)),
    });
  }
  if (filter.q !== undefined && filter.q !== '') {
    if (typeof filter.q !== 'string' || filter.q.length > 200) throw badRequest({ q: 'q.errors.invalid' });
    filters.predicates.push(await textPredicate(knex, stats, filter.q));
  }
  // Other fields of the entity, and the caller's read permission, are checked on the candidate rows.
  const scope = permissionSql(ability, 'read', candidate.subject, 'candidates');
  if (Object.keys(rest).length || scope) {
    const inner = knex('candidates').select('candidates.id');
    applyFilter(inner, candidate, rest);
    if (scope === false) inner.whereRaw('1 = 0');
    else if (scope) inner.whereRaw(scope[0], scope[1] as Knex.RawBinding[]);
    const { sql, bindings } = inner.toSQL();
    filters.predicates.push({ key: 'rest', sql: `d.id in (${sql})`, bindings: [...bindings], sel: 0.5 });
  }

  const [start, end] = params.range;
  const after = req.query.after === undefined ? undefined : parseId(candidate, req.query.after);
  if (req.query.after !== undefined && after === undefined) throw badRequest({ after: 'after.errors.invalid' });
  const where = whereOf(filters.predicates);
  const docSort = DOC_SORTS[field];
  const from = docSort
    ? 'candidate_search_documents d'
    : 'candidate_search_documents d join candidates c on c.id = d.id';
  const sortKey = docSort ?? candidateSort(field);
  const keyColumn = KEYSET_SORTS[field];
  const keyset =
    after !== undefined &&
    keyColumn !== undefined &&
    (await knex('candidate_search_documents').where('id', after).first('id')) !== undefined;
  const pageWhere = keyset
    ? {
        sql: `${where.sql} and (d.${keyColumn}, d.id) ${order === 'desc' ? '<' : '>'} (select a.${keyColumn}, a.id from candidate_search_documents a where a.id = ?)`,
        bindings: [...where.bindings, after],
      }
    : where;
  // Few expected matches are read first and then sorted: walking the sort order's index to find a
  // handful among a million (or none) would read all of it.
  const few = stats.rows * filters.predicates.reduce((all, p) => all * p.sel, 1) <= EXACT_LIMIT;
  const pageSql = few
    ? `with m as materialized (select d.id, ${sortKey} as k from ${from} where ${pageWhere.sql}) select m.id from m order by ${orderOf(field, 'm.k', order)}, m.id ${order} limit ? offset ?`
    : `select d.id from ${from} where ${pageWhere.sql} order by ${orderOf(field, sortKey, order)}, d.id ${order} limit ? offset ?`;
  const [pageRows, counts] = await Promise.all([
    knex.raw(pageSql, [...pageWhere.bindings, end - start + 1, keyset ? 0 : start] as Knex.RawBinding[]),
    countAndFacet(knex, filters, stats, { withFacets: false }),
  ]);
  const ids = (pageRows.rows as { id: number }[]).map((r) => r.id);
  await sendPage(knex, res, ability, ids, start, counts.total, counts.totalIsEstimate);
}

/** The page's candidates, as the caller may read them, with the range and total (and whether it is estimated). */
async function sendPage(
  knex: Knex,
  res: Response,
  ability: AppAbility,
  ids: number[],
  start: number,
  total: number,
  estimated: boolean,
): Promise<void> {
  const rows = ids.length
    ? ((await selectRows(knex, candidate).whereIn('candidates.id', ids)) as unknown as { toJSON(): Row }[])
    : [];
  const byId = new Map(rows.map((r) => r.toJSON()).map((row) => [row.id, row]));
  const records = ids.flatMap((id) => (byId.has(id) ? [readable(candidate, ability, byId.get(id) as Row)] : []));
  const last = records.length ? start + records.length - 1 : start;
  res.set('Content-Range', `${candidate.resource} ${start}-${last}/${total}`);
  if (estimated) res.set('X-Total-Estimated', '1');
  res.json(records);
}
