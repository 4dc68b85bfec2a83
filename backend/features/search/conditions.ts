/**
 * Search conditions over the search documents (alias `d`) and how they are read: each condition
 * with the share of documents it is expected to keep, written so that an index drives a read only
 * when it is selective, with the conditions the GIN index intersects inside itself and the parts
 * of that index by status (schema: candidateSearchDocument). filters.ts builds them from a request.
 */
import { entity } from '../../../schema';
import type { Actor } from '../../../schema/roles';
import { companiesMaySeeSql, viewerOf } from '../../../schema/rules/visibility';
import { tableShape } from '../../db/shape';
import { anyValue, between, type TableStats } from './estimate';
import type { DimensionKey } from './params';

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
export const DIMENSION_CODES: Record<DimensionKey, number> = {
  jt: 1,
  s: 2,
  l: 3,
  cl: 4,
  lang: 5,
  i: 6,
  te: 7,
  bd: 8,
  np: 9,
};
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
export function facetPredicate(
  key: string,
  dim: DimensionKey,
  ids: number[],
  sel: number,
  isDimension = true,
): Predicate {
  const codes = facetCodes(dim, ids);
  return {
    key,
    ...(isDimension ? { dim } : {}),
    sql: 'd.facet_values && ?::int[]',
    bindings: [codes],
    sel,
    skips: true,
  };
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
  if (!anchors(candidates[0]) && !(indexForms && candidates[0].skips && together <= INDEX_SELECTIVITY))
    return new Set();
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

/**
 * The notice period as one of the spec's options: 0 immediate, 1 to 3 months (longer counts as 3); unsure has none.
 * A notice date counts from today's UTC date, whatever the session's zone.
 */
export const NOTICE_BUCKET_SQL = `(case d.notice_type when 0 then 0
  when 1 then least(greatest(coalesce(d.notice_months, 0), 0), 3)
  when 2 then least(greatest(ceil((d.notice_date - (now() at time zone 'UTC')::date) / 30.44), 0), 3)::int end)`;

/**
 * Every status, as the GIN index's parts declare theirs: each part's own condition (the schema's
 * partial indexes, as the migrations wrote them), ORed.
 */
const ANY_STATUS = `(${tableShape(entity('candidateSearchDocument'))
  .indexes.flatMap((i) => (i.where ? [`d.${i.where}`] : []))
  .join(' or ')})`;

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
  return {
    key: 'status',
    sql: values.length > 1 ? `(${sql})` : sql,
    bindings: [],
    sel: anyValue(stats, 'status', values),
    parts: true,
  };
}

/**
 * The consent half of whom a company meets (visibility.ts `statusSql`), on the search documents `d`: a candidate who
 * withdrew consent to be shown to companies is met as if not active. None for admins.
 */
export const consentPredicates = (actor: Actor): Predicate[] =>
  viewerOf(actor) === 'admin' ? [] : [{ key: 'consent', sql: companiesMaySeeSql('d'), bindings: [], sel: 1 }];

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
export function experiencePredicate(stats: TableStats, from: number, to: number | undefined): Predicate {
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
  const predicate: Predicate = {
    key: 'experience',
    sql,
    bindings,
    sel: between(stats, 'career_start', earliest, latest),
  };
  if (!earliest) return predicate;
  const last = Number((latest ?? today.toISOString()).slice(0, 4));
  const tokens: number[] = [];
  for (let year = Number(earliest.slice(0, 4)); year <= last; year += 1)
    tokens.push(CAREER_YEAR_CODE * FACET_STEP + year);
  if (!latest) tokens.push(CAREER_YEAR_CODE * FACET_STEP);
  if (tokens.length > MAX_YEAR_TOKENS) return predicate;
  return { ...predicate, index: { sql: `d.facet_values && ?::int[] and ${sql}`, bindings: [tokens, ...bindings] } };
}

/** The WHERE clause of a set of conditions. */
export function whereOf(predicates: Predicate[]): Condition {
  if (!predicates.length) return { sql: 'true', bindings: [] };
  const conditions = conditionsSql(predicates);
  return { sql: conditions.map((c) => c.sql).join(' and '), bindings: conditions.flatMap((c) => c.bindings) };
}
