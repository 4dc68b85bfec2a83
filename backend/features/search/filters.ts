/**
 * A checked search request into SQL conditions over the search documents (alias `d`), each with
 * the share of documents it is expected to keep. Names in multi-value keys are resolved by the
 * name matcher through the caller's permissions (an unknown one is a 400 naming the nearest);
 * a condition an index serves is written so the index is used only when it is selective.
 */
import type { Knex } from 'knex';
import { entity } from '../../../schema';
import type { AppAbility } from '../../../schema/ability';
import { parseId } from '../../../schema/lib/ids';
import { SEARCH_INDEX_STATUSES } from '../../../schema/entities/search/candidateSearchDocument';
import type { Actor } from '../../../schema/roles';
import { AppError } from '../../errors';
import { permissionSql } from '../../permissions/sql';
import { resolveNames } from '../lookups/sqlMatch';
import { LOOKUP_SOURCES, type LookupKind } from '../lookups/sources';
import { anyElement, anyValue, between, lexeme, type TableStats } from './estimate';
import type { DimensionKey, SearchParams } from './params';
import { nameQuery, restrictTo, textQuery, type TextQuery } from './text';
import { searchStatuses } from './visibility';

export interface Predicate {
  key: string;
  /** The facet dimension this condition selects on, when it is one. */
  dim?: DimensionKey;
  sql: string;
  bindings: unknown[];
  /** Expected share of documents kept (0 to 1). */
  sel: number;
  /**
   * Answered by whole entries of the one GIN index over the facet values and the text (a facet
   * value, a word typed in full; not a prefix, which the index reads as every word it starts), so
   * it can be intersected inside the index with another such condition (see conditionsSql).
   */
  skips?: boolean;
  /**
   * The same condition as the GIN index serves it through the index tokens of the documents (the
   * status, the years a career started in), with whatever the tokens leave to check: used in place
   * of `sql` when the condition joins a selective one inside the index (see conditionsSql).
   */
  index?: Condition;
  /**
   * The condition the GIN index's parts are split by (the status): written plainly, never wrapped,
   * so the planner reads only the parts it names, and a read through that index hands over only
   * documents that meet it.
   */
  parts?: boolean;
}

/** A condition as SQL, with the bindings of its placeholders in order. */
export interface Condition {
  sql: string;
  bindings: unknown[];
}

/** Facet values are stored encoded, dimension * FACET_STEP + id, in one list per document. */
export const FACET_STEP = 100_000_000;
/** The code of each dimension in the encoded facet values (np is computed, not stored). */
export const DIMENSION_CODES: Record<DimensionKey, number> = { jt: 1, s: 2, l: 3, cl: 4, lang: 5, i: 6, te: 7, bd: 8, np: 9 };
/**
 * The code of the index token the facet values also carry for the year a career started (0 without
 * experience; migrations/*_add_search_index_tokens.ts), never counted as a facet. The token of the
 * status (11) is no longer read: the index comes in parts by status.
 */
const CAREER_YEAR_CODE = 10;
/** A range of years of experience joins a selective condition inside the index when it spans at most this many career-start years (each a list the index merges). */
const MAX_YEAR_TOKENS = 8;
export const facetCodes = (dim: DimensionKey, ids: number[]) => ids.map((id) => DIMENSION_CODES[dim] * FACET_STEP + id);

/** "Holds any of these options" for a stored dimension, as a condition on the facet values. */
export function facetPredicate(key: string, dim: DimensionKey, ids: number[], sel: number, isDimension = true): Predicate {
  return { key, ...(isDimension ? { dim } : {}), sql: 'd.facet_values && ?::int[]', bindings: [facetCodes(dim, ids)], sel, skips: true };
}

/**
 * Conditions keeping more than this share are checked on the rows a selective condition (or the
 * creation-time order) brings, never used to drive an index: a bitmap of most of the table costs
 * more than it saves.
 */
export const INDEX_SELECTIVITY = 0.05;

/** The SQL of a condition; a broad one is wrapped so the planner cannot drive an index with it (but the status, which picks the index's parts). */
export function conditionSql(p: Predicate): string {
  return p.sel > INDEX_SELECTIVITY && !p.parts ? `((${p.sql}) is true)` : `(${p.sql})`;
}

/**
 * The SQL of conditions that apply together. Broad conditions on facet values, whole words and
 * narrow ranges of experience are left to the index when a selective one is there: GIN
 * intersects them while it reads the selective one's few entries, skipping through the broad ones,
 * so fewer documents are read (a city's 6,500 people and a word 150,000 hold: 3,400 read instead
 * of 6,500, each also ranked).
 */
export function conditionsSql(predicates: Predicate[], indexForms = false): Condition[] {
  const joined = joinedInIndex(predicates, indexForms);
  return predicates.map((p) => {
    if (!joined.has(p)) return { sql: conditionSql(p), bindings: p.bindings };
    const served = p.index ?? p;
    return { sql: `(${served.sql})`, bindings: served.bindings };
  });
}

/**
 * Facet conditions keeping at most this share join a selective one inside the index; broader ones
 * (an employment type nearly everyone has) would cost the index more than they spare the table.
 */
const INTERSECT_SELECTIVITY = 0.5;
/**
 * Reading a document costs about as much as the index decoding this many entries of a list it
 * merges (about 2.2 µs against 4 ns on the benchmark's machine). A broad condition joins the read
 * when the documents it spares cost more than its list: a word half the candidates hold beside a
 * city of 15,000 people spares 7,500 reads; beside a rare word's 1,500 documents, 750, which
 * decoding its 500,000 entries costs more than.
 */
const READ_COST = 550;
const intersects = (p: Predicate) => Boolean(p.skips || p.index) && p.sel <= INTERSECT_SELECTIVITY;
const anchors = (p: Predicate) => Boolean(p.skips) && p.sel <= INDEX_SELECTIVITY;

/**
 * The conditions the index reads together: the most selective anchor, then, most selective first,
 * each whose list costs less than the reads it spares of what is left (shares of the table).
 */
function joinedInIndex(predicates: Predicate[], indexForms: boolean): Set<Predicate> {
  const candidates = predicates.filter((p) => intersects(p) && (indexForms || p.skips)).sort((a, b) => a.sel - b.sel);
  if (!candidates.length) return new Set();
  // With no condition selective alone, an exact read still has the index intersect broad ones that
  // are together (a big city, a common word and an employment type: 9,800 documents of a million,
  // which reading the whole table took 800 ms to find).
  const together = candidates.reduce((a, p) => a * p.sel, 1);
  if (!anchors(candidates[0]) && !(indexForms && candidates[0].skips && together <= INDEX_SELECTIVITY)) return new Set();
  const joined = new Set([candidates[0]]);
  let visited = candidates[0].sel;
  for (const p of candidates.slice(1)) {
    if (visited * (1 - p.sel) * READ_COST < p.sel) continue;
    joined.add(p);
    visited *= p.sel;
  }
  return joined;
}

/**
 * How many documents reading these conditions is expected to visit: what the index hands over (from
 * the parts of the statuses asked), before the other conditions are checked.
 */
export function visitedRows(rows: number, predicates: Predicate[]): number {
  const joined = joinedInIndex(predicates, true);
  const parts = predicates.filter((p) => p.parts).reduce((a, p) => a * p.sel, 1);
  if (joined.size) return rows * parts * [...joined].reduce((a, p) => a * p.sel, 1);
  const selective = predicates.filter((p) => p.sel <= INDEX_SELECTIVITY && !p.parts).map((p) => p.sel);
  return selective.length ? rows * parts * Math.min(...selective) : rows;
}

/** The notice period as one of the spec's options: 0 immediate, 1 to 3 months (longer counts as 3); unsure has none. */
export const NOTICE_BUCKET_SQL = `(case d.notice_type when 0 then 0
  when 1 then least(greatest(coalesce(d.notice_months, 0), 0), 3)
  when 2 then least(greatest(ceil((d.notice_date - current_date) / 30.44), 0), 3)::int end)`;

const KINDS: Record<Exclude<DimensionKey, 'te' | 'np'> | 'ad', LookupKind> = {
  jt: 'jobTitles',
  s: 'skills',
  l: 'locations',
  cl: 'locations',
  lang: 'languages',
  i: 'industries',
  bd: 'tags',
  ad: 'admins',
};

/** Items that are ids stay ids; names go through the matcher. Tags and admins are checked even as ids (what a caller may not read, it may not filter by). */
async function resolveItems(knex: Knex, ability: AppAbility, key: keyof typeof KINDS, items: string[]): Promise<number[]> {
  const kind = KINDS[key];
  const def = entity(LOOKUP_SOURCES[kind].entity);
  const ids: number[] = [];
  const names: string[] = [];
  for (const item of items) {
    const id = parseId(def, item);
    if (id !== undefined) ids.push(id);
    else names.push(item);
  }
  if (ids.length && (key === 'bd' || key === 'ad')) {
    const readable = new Set(
      (await knex
        .from(`${def.table} as t`)
        .whereIn('t.id', ids)
        .modify((q) => {
          const cond = permissionSql(ability, 'read', def.subject, 't');
          if (cond === false) q.whereRaw('1 = 0');
          else if (cond) q.whereRaw(cond[0], cond[1] as Knex.RawBinding[]);
        })
        .pluck('t.id')) as number[],
    );
    const unknown = ids.filter((id) => !readable.has(id));
    if (unknown.length) throw new AppError(400, 'errors.validation', undefined, { [key]: `${key}.errors.notFound` });
  }
  if (names.length) {
    const resolved = await resolveNames(knex, ability, kind, names);
    const missing = [...resolved].filter(([, r]) => !r.match);
    if (missing.length) {
      const nearest = Object.fromEntries(missing.map(([name, r]) => [name, r.nearest]));
      throw new AppError(400, 'errors.validation', undefined, { [key]: `${key}.errors.notFound` }, { nearest: { [key]: nearest } });
    }
    for (const [, r] of resolved) ids.push(r.match!.id);
  }
  return [...new Set(ids)];
}

export interface Filters {
  predicates: Predicate[];
  /** Resolved ids of the multi-value keys, for facets (selected options) and explanations. */
  selected: Partial<Record<DimensionKey | 'ad', number[]>>;
  text?: TextQuery & { query: string };
  names?: { prefix: string | null; raw: string };
  company?: string;
  /** The statuses this caller's search returns. */
  statuses: number[];
}

/**
 * Expected share of documents a name search keeps: each typed word's share from the counts of the
 * names starting with it (search_terms, so any name is known, not only the commonest), or from the
 * column's statistics before search_terms is first counted.
 */
export function nameSel(stats: TableStats, names: { words: string[]; counts: number[] }): number {
  return names.words.reduce((all, w, i) => {
    const count = names.counts[i] ?? 0;
    return all * (count > 0 && stats.rows > 0 ? Math.min(1, count / stats.rows) : lexeme(stats, 'name_vector', w, true));
  }, 1);
}

/** Expected share of documents a text query keeps (its groups ANDed, the words of a group ORed). */
export const textSel = (stats: TableStats, column: string, q: TextQuery) =>
  q.groups.reduce(
    (all, group) =>
      all *
      Math.min(
        1,
        group.reduce((any, w) => any + lexeme(stats, column, w.word, w.prefix), 0),
      ),
    1,
  );

const PART_STATUSES = SEARCH_INDEX_STATUSES.map((p) => p.status);
/** Every status, as the index's parts declare theirs (each part's own condition, ORed). */
const ANY_STATUS = `(${PART_STATUSES.map((s) => `d.status = ${s}`).join(' or ')} or d.status <> all('{${PART_STATUSES.join(',')}}'::smallint[]))`;

/**
 * The status condition (`statuses`, or any status when not given), written as the GIN index's
 * parts declare theirs so that the planner reads the parts of these statuses alone: one status is
 * `d.status = 1`, several are each one's condition ORed (a part apiece). Statuses are integers,
 * written into the text: a partial index serves only a condition whose value the planner knows.
 */
export function statusPredicate(stats: TableStats, statuses?: number[]): Predicate {
  if (!statuses) return { key: 'status', sql: ANY_STATUS, bindings: [], sel: 1, parts: true };
  const values = [...new Set(statuses)];
  if (values.some((s) => !Number.isSafeInteger(s))) throw new Error('A status is an integer');
  const sql = values.length ? values.map((s) => `d.status = ${s}`).join(' or ') : 'false';
  return { key: 'status', sql: values.length > 1 ? `(${sql})` : sql, bindings: [], sel: anyValue(stats, 'status', values), parts: true };
}

/** The date `years` before `day` (a UTC date), the 29th of February giving the 28th as PostgreSQL does. */
function yearsBefore(day: Date, years: number): string {
  const year = day.getUTCFullYear() - years;
  const last = new Date(Date.UTC(year, day.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, day.getUTCMonth(), Math.min(day.getUTCDate(), last))).toISOString().slice(0, 10);
}

/**
 * Years of experience from `from` to `to` (open without), counted from the start of the first job
 * up to today; no experience counts as 0 years. The index form reads the career-start years the
 * range can hold and checks the exact dates on those documents.
 */
function experiencePredicate(stats: TableStats, from: number, to: number | undefined): Predicate {
  const today = new Date();
  const parts: string[] = [];
  const bindings: unknown[] = [];
  const latest = from > 0 ? yearsBefore(today, from) : undefined;
  const earliest = to === undefined ? undefined : yearsBefore(today, to + 1);
  if (latest) {
    parts.push('d.career_start <= ?::date');
    bindings.push(latest);
  }
  if (earliest) {
    parts.push('(d.career_start is null or d.career_start > ?::date)');
    bindings.push(earliest);
  }
  const sql = parts.join(' and ');
  const predicate: Predicate = { key: 'experience', sql, bindings, sel: between(stats, 'career_start', earliest, latest) };
  if (!earliest) return predicate;
  const last = Number((latest ?? today.toISOString()).slice(0, 4));
  const tokens: number[] = [];
  for (let year = Number(earliest.slice(0, 4)); year <= last; year += 1) tokens.push(CAREER_YEAR_CODE * FACET_STEP + year);
  if (!latest) tokens.push(CAREER_YEAR_CODE * FACET_STEP);
  if (tokens.length > MAX_YEAR_TOKENS) return predicate;
  return { ...predicate, index: { sql: `d.facet_values && ?::int[] and ${sql}`, bindings: [tokens, ...bindings] } };
}

/**
 * `purpose` 'search': the caller's search finds only the statuses visibility.ts allows, under the
 * declared search permission. 'list': the console's list, limited by the caller's read permission
 * elsewhere, shows every status unless filtered.
 */
export async function buildFilters(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  params: SearchParams,
  stats: TableStats,
  rates: Map<string, number>,
  purpose: 'search' | 'list' = 'search',
): Promise<Filters> {
  const statuses = purpose === 'search' ? searchStatuses(actor) : [];
  const predicates: Predicate[] = purpose === 'search' ? [statusPredicate(stats, statuses)] : [];
  // The caller's declared search permission (companies: active candidates) applies as well.
  const scope = purpose === 'search' ? permissionSql(ability, 'search', 'Candidate', 'd') : null;
  if (scope === false) predicates.push({ key: 'scope', sql: '1 = 0', bindings: [], sel: 0 });
  else if (scope) predicates.push({ key: 'scope', sql: scope[0], bindings: scope[1], sel: 1 });

  const selected: Filters['selected'] = {};
  const listKeys = Object.keys(KINDS) as (keyof typeof KINDS)[];
  await Promise.all(
    listKeys.map(async (key) => {
      const items = params.values[key];
      if (items?.length) selected[key] = await resolveItems(knex, ability, key, items);
    }),
  );
  const arrayDim = (key: DimensionKey, column: string) => {
    const ids = selected[key];
    if (ids?.length) predicates.push(facetPredicate(key, key, ids, anyElement(stats, column, ids)));
  };
  arrayDim('jt', 'job_title_ids');
  arrayDim('s', 'skill_ids');
  arrayDim('l', 'preferred_location_ids');
  arrayDim('lang', 'language_ids');
  arrayDim('i', 'industry_ids');
  arrayDim('bd', 'tag_ids');
  if (selected.cl?.length) predicates.push(facetPredicate('cl', 'cl', selected.cl, anyValue(stats, 'current_location_id', selected.cl)));
  if (params.enums.te?.length) {
    selected.te = params.enums.te;
    predicates.push(facetPredicate('te', 'te', params.enums.te, anyElement(stats, 'type_of_employment', params.enums.te)));
  }
  if (params.enums.np?.length) {
    selected.np = params.enums.np;
    predicates.push({
      key: 'np',
      dim: 'np',
      sql: `${NOTICE_BUCKET_SQL} = any(?::int[])`,
      bindings: [params.enums.np],
      sel: (params.enums.np.length / 4) * 0.85,
    });
  }
  if (params.enums.cs?.length) {
    predicates.push({
      key: 'cs',
      sql: 'd.candidate_status && ?::smallint[]',
      bindings: [params.enums.cs],
      sel: anyElement(stats, 'candidate_status', params.enums.cs),
    });
  }
  if (selected.ad?.length)
    predicates.push({ key: 'ad', sql: 'd.owner_id = any(?::int[])', bindings: [selected.ad], sel: anyValue(stats, 'owner_id', selected.ad) });

  const filters: Filters = { predicates, selected, statuses };
  if (params.ts) {
    const q = await textQuery(knex, params.ts);
    if (q.query) {
      filters.text = { ...q, query: q.query };
      const skips = !q.query.includes(':*');
      predicates.push({ key: 'ts', sql: 'd.vector @@ ?::tsquery', bindings: [q.query], sel: textSel(stats, 'vector', q), skips });
    }
  }
  if (params.cn) {
    const q = await textQuery(knex, params.cn, []);
    if (q.query) {
      filters.company = restrictTo(q.query, 'C');
      predicates.push({ key: 'cn', sql: 'd.vector @@ ?::tsquery', bindings: [filters.company], sel: textSel(stats, 'vector', q) });
    }
  }
  if (params.ns) {
    const names = await nameQuery(knex, params.ns);
    filters.names = { prefix: names.query, raw: params.ns };
    // Every typed word starts a word of the name, or is a close spelling of a name (pg_trgm over search_terms).
    if (names.query) {
      const sel = nameSel(stats, names);
      predicates.push({ key: 'ns', sql: "d.name_vector @@ to_tsquery('simple', ?)", bindings: [names.query], sel });
    }
  }
  if (params.salary) {
    const rate = rates.get(params.salary.currency) ?? 1;
    const low = Math.floor(params.salary.from * rate);
    const high = params.salary.to === undefined ? undefined : Math.ceil(params.salary.to * rate);
    predicates.push({
      key: 'salary',
      sql: high === undefined ? 'd.salary_sgd >= ?' : 'd.salary_sgd between ? and ?',
      bindings: high === undefined ? [low] : [low, high],
      sel: between(stats, 'salary_sgd', low, high),
    });
  }
  if (params.experience) predicates.push(experiencePredicate(stats, params.experience.from, params.experience.to));
  if (params.remote) predicates.push({ key: 'r', sql: 'd.working_remotely is true', bindings: [], sel: anyValue(stats, 'working_remotely', ['true']) });
  if (params.popular) predicates.push({ key: 'isp', sql: 'd.popularity >= ?', bindings: [POPULAR_VIEWS], sel: 0.05 });
  if (params.shortlisted) {
    // In one of the caller's company's projects at shortlist or beyond, not rejected (admins: in any project).
    const mine = actor.role === 'admin' ? '' : ' and g.company_id = ?';
    predicates.push({
      key: 'ias',
      sql: `exists (select 1 from project_candidates g where g.candidate_id = d.id and g.stage = any('{2,3,7,4,5}'::smallint[])${mine})`,
      bindings: actor.role === 'admin' ? [] : [actor.companyId ?? -1],
      sel: 0.01,
    });
  }
  return filters;
}

/** Profile views in the last 30 days that make a profile popular (the "popular profiles" option). */
export const POPULAR_VIEWS = 5;

/** The WHERE clause of a set of conditions. */
export function whereOf(predicates: Predicate[]): Condition {
  if (!predicates.length) return { sql: 'true', bindings: [] };
  const conditions = conditionsSql(predicates);
  return { sql: conditions.map((c) => c.sql).join(' and '), bindings: conditions.flatMap((c) => c.bindings) };
}
