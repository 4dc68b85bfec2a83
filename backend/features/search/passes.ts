/**
 * What the exact reads (counts.ts) and the sampled ones (sample.ts) of a search's sets share: a
 * set ("pass") and its result, the SQL of conditions and of one pass's facets, and reading those facets back.
 */
import { conditionsSql, DIMENSION_CODES, FACET_STEP, facetCodes, type Filters, type Predicate } from './filters';
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
  const conditions = wrap ? conditionsSql(predicates, indexForms) : predicates.map((p) => ({ sql: `(${p.sql})`, bindings: p.bindings }));
  return conditions
    .map((c) => {
      let i = 0;
      return c.sql.replace(/\?/g, () => bind(c.bindings[i++]));
    })
    .join(' and ');
}

/**
 * One pass's facets as [encoded value, count, distinct options of its dimension] rows, from `rows`
 * (a set of rows carrying `fv`, the encoded values, and `nb`, the notice bucket).
 */
export function facetSql(dims: DimensionKey[], rows: string, selected: Filters['selected'], bind: Bind): string {
  if (!dims.length) return `'[]'::json`;
  const stored = dims.filter((d) => d !== 'np').map((d) => DIMENSION_CODES[d]);
  const parts: string[] = [];
  if (stored.length) {
    parts.push(`select x.v, count(*)::int as c from (select unnest(r.fv) as v from ${rows} r) x
      where x.v / ${FACET_STEP} = any(${bind(stored)}::int[]) group by x.v`);
  }
  if (dims.includes('np')) parts.push(`select ${9 * FACET_STEP} + r.nb as v, count(*)::int as c from ${rows} r where r.nb is not null group by r.nb`);
  const pinned = dims.flatMap((d) => facetCodes(d, selected[d] ?? []));
  return `(select coalesce(json_agg(json_build_array(f.v, f.c, f.m)), '[]'::json) from (
      select g.v, g.c, count(*) over (partition by g.v / ${FACET_STEP})::int as m,
             row_number() over (partition by g.v / ${FACET_STEP} order by g.c desc, g.v) as rk
      from (${parts.join(' union all ')}) g) f
    where f.rk <= ${FACET_OPTIONS}${pinned.length ? ` or f.v = any(${bind(pinned)}::int[])` : ''})`;
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

export function readFacets(raw: [number, number, number][] | null, scale: number, estimated: boolean): RawFacet[] {
  const byDim = new Map<DimensionKey, RawFacet>();
  for (const [value, count, distinct] of raw ?? []) {
    const key = KEY_OF.get(Math.floor(value / FACET_STEP)) as DimensionKey;
    let facet = byDim.get(key);
    if (!facet) byDim.set(key, (facet = { key, values: [], distinct, estimated }));
    facet.values.push({ id: value % FACET_STEP, count: estimated ? Math.max(1, Math.round(count * scale)) : count });
  }
  for (const facet of byDim.values()) facet.values.sort((a, b) => b.count - a.count || a.id - b.id);
  return [...byDim.values()];
}

/** Keeps an even spread of a counted set's rows (by id) for its facets: all of them up to FACET_ROWS. */
export const KEEP = '(c.k = 1 or r.id % c.k = 0)';
