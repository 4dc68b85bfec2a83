/**
 * What the exact reads (counts.ts) and the sampled ones (sample.ts) of a search's sets share: a
 * set ("pass") and its result, the SQL of conditions and of one pass's facet values, and counting those values.
 */
import { conditionsSql, DIMENSION_CODES, FACET_STEP, NOTICE_BUCKET_SQL, type Predicate } from './conditions';
import type { Filters } from './filters';
import type { DimensionKey } from './params';

export const COUNT_CAP = 10_000;
export const FACET_ROWS = 1_000;
export const FACET_OPTIONS = 20;

const KEY_OF = new Map(Object.entries(DIMENSION_CODES).map(([k, c]) => [c, k as DimensionKey]));

export interface RawFacet {
  key: DimensionKey;
  values: { id: number; count: number }[];
  /** Distinct options in the set (estimated with the counts). */
  distinct: number;
  estimated: boolean;
}

export interface Pass {
  /** The facet dimension left out, or null for the full set. */
  without: DimensionKey | null;
  predicates: Predicate[];
  /** Facets computed from this set. */
  dims: DimensionKey[];
  estimate: number;
}

export type Bind = (value: unknown) => string;

export function binder(bindings: unknown[]): Bind {
  return (value) => {
    bindings.push(value);
    return '?';
  };
}

/**
 * Predicates as SQL, their bindings appended in the order they appear. `indexForms`: the read is
 * an exact one through the GIN index, which conditions with index tokens can join (a sampled read
 * checks every row it takes, for which the plain conditions are cheaper).
 */
export function where(predicates: Predicate[], bind: Bind, wrap = true, indexForms = false): string {
  if (!predicates.length) return 'true';
  const conditions = wrap
    ? conditionsSql(predicates, indexForms)
    : predicates.map((p) => ({ sql: `(${p.sql})`, bindings: p.bindings }));
  return conditions
    .map((c) => {
      let i = 0;
      return c.sql.replace(/\?/g, () => bind(c.bindings[i++]));
    })
    .join(' and ');
}

/** Each dimension's own column (the notice period's bucket computed), which a set with few facets reads instead of every encoded value. */
const DIMENSION_SQL: Record<DimensionKey, { sql: string; list: boolean }> = {
  jt: { sql: 'd.job_title_ids', list: true },
  s: { sql: 'd.skill_ids', list: true },
  l: { sql: 'd.preferred_location_ids', list: true },
  cl: { sql: 'd.current_location_id', list: false },
  lang: { sql: 'd.language_ids', list: true },
  i: { sql: 'd.industry_ids', list: true },
  te: { sql: 'd.type_of_employment', list: true },
  bd: { sql: 'd.tag_ids', list: true },
  np: { sql: NOTICE_BUCKET_SQL, list: false },
};
/**
 * A set with at most this many facets reads each from its own column: writing out a document's
 * every encoded value (about 25) costs several times one dimension's few (a facet of skills
 * alone, the other filters applied, writes 9 values a document, of preferred cities 2). Five
 * filters at once read four sets together: 71 to 83 ms with one or two facets from their columns,
 * 55 to 71 ms with up to five, 97 ms with every set's encoded values.
 */
const OWN_COLUMNS_UP_TO = 5;

/** The columns the rows of a set whose facets are `dims` carry for facetSql (documents aliased `d`). */
export function facetColumns(dims: DimensionKey[]): string[] {
  if (!dims.length) return [];
  if (dims.length > OWN_COLUMNS_UP_TO) return ['d.facet_values as fv', `${NOTICE_BUCKET_SQL} as nb`];
  return dims.map((d) => `${DIMENSION_SQL[d].sql} as v_${d}`);
}

/**
 * One pass's facet values, from `rows` (a set of rows carrying facetColumns), as one text: the
 * encoded values separated by commas, or, read from the dimensions' own columns, a segment per
 * dimension, its code and a colon before its ids (`2:17,4,17;9:0,3`). Counting them is left to the
 * API (facetsOf), where it costs a fraction of grouping and ranking them in SQL.
 */
export function facetSql(dims: DimensionKey[], rows: string): string {
  if (!dims.length) return `''`;
  if (dims.length > OWN_COLUMNS_UP_TO) {
    const notice = dims.includes('np') ? ` || coalesce(',' || (${9 * FACET_STEP} + r.nb), '')` : '';
    return `(select coalesce(string_agg(array_to_string(r.fv, ',')${notice}, ','), '') from ${rows} r)`;
  }
  const segments = dims.map((d) => {
    const values = DIMENSION_SQL[d].list ? `array_to_string(r.v_${d}, ',')` : `r.v_${d}::text`;
    return `'${DIMENSION_CODES[d]}:' || coalesce(string_agg(${values}, ','), '')`;
  });
  return `(select ${segments.join(` || ';' || `)} from ${rows} r)`;
}

export interface PassResult {
  count: number;
  estimated: boolean;
  facets: RawFacet[];
  /** The set was larger than an exact count allows: estimate it instead. */
  overflow?: boolean;
  /** For a sampled set: a high bound of its size (two standard deviations of the sampled count above). */
  upper?: number;
}

/**
 * The facets of `dims` from the encoded values facetSql read: for each dimension its top options
 * by count (then by id), the selected ones always, and how many distinct options the set holds.
 * Estimated counts are scaled by `scale` (never below 1).
 */
export function facetsOf(
  raw: string | null,
  dims: DimensionKey[],
  selected: Filters['selected'],
  scale: number,
  estimated: boolean,
): RawFacet[] {
  // Per dimension code, each option id's count; the text is read digit by digit, without a string per value.
  const counts = new Map<number, Map<number, number>>(dims.map((d) => [DIMENSION_CODES[d], new Map()]));
  const text = raw ?? '';
  let value = 0;
  let digits = false;
  // The code of the segment being read (its values are plain ids), or -1 while the values are encoded.
  let segment = -1;
  for (let i = 0; i <= text.length; i += 1) {
    const c = i < text.length ? text.charCodeAt(i) : 44;
    if (c >= 48 && c <= 57) {
      value = value * 10 + c - 48;
      digits = true;
      continue;
    }
    if (c === 58) {
      segment = value;
    } else if (digits) {
      const code = segment >= 0 ? segment : Math.floor(value / FACET_STEP);
      const options = counts.get(code);
      if (options) {
        const id = segment >= 0 ? value : value - code * FACET_STEP;
        options.set(id, (options.get(id) ?? 0) + 1);
      }
    }
    value = 0;
    digits = false;
  }
  return rankFacets(counts, selected, scale, estimated);
}

/**
 * Facets from each dimension's option counts (keyed by dimension code): its top options by count
 * (then by id), the selected ones always, and how many distinct options the set holds. Estimated
 * counts are scaled by `scale` (never below 1).
 */
export function rankFacets(
  counts: Map<number, Map<number, number>>,
  selected: Filters['selected'],
  scale: number,
  estimated: boolean,
): RawFacet[] {
  const facets: RawFacet[] = [];
  for (const [code, options] of counts) {
    if (!options.size) continue;
    const key = KEY_OF.get(code) as DimensionKey;
    // The top options by count, then id, kept in order while reading (sorting thousands of options to keep 20 costs more).
    const top: [number, number][] = [];
    const before = (a: [number, number], b: [number, number]) => a[1] > b[1] || (a[1] === b[1] && a[0] < b[0]);
    for (const option of options) {
      if (top.length === FACET_OPTIONS) {
        if (!before(option, top[FACET_OPTIONS - 1])) continue;
        top.pop();
      }
      let at = top.length;
      while (at > 0 && before(option, top[at - 1])) at -= 1;
      top.splice(at, 0, option);
    }
    const shown = new Set(top.map(([id]) => id));
    for (const id of selected[key] ?? [])
      if (!shown.has(id) && options.has(id)) top.push([id, options.get(id) as number]);
    const values = top
      .map(([id, count]) => ({ id, count: estimated ? Math.max(1, Math.round(count * scale)) : count }))
      .sort((a, b) => b.count - a.count || a.id - b.id);
    facets.push({ key, values, distinct: options.size, estimated });
  }
  return facets;
}

/** Keeps an even spread of a counted set's rows (by id) for its facets: all of them up to FACET_ROWS. */
export const KEEP = '(c.k = 1 or r.id % c.k = 0)';
