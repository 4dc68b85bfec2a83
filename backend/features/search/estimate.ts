/**
 * How many documents a filter is likely to match, from PostgreSQL's own statistics of the search
 * table (pg_stats: most common values and list elements, histograms), read once a minute. Search
 * uses it to choose, before running anything, which filters an index should drive (broad ones
 * only slow a bitmap down) and which counts are cheap enough to make exactly.
 */
import type { Knex } from 'knex';

const TABLE = 'candidate_search_documents';
/** tsvector columns: their element statistics carry no null-element share. */
const TEXT_VECTORS = new Set(['vector', 'name_vector']);
const TTL_MS = 60_000;
/** Used when a column has no statistics yet (a new database). */
const UNKNOWN = 0.1;

interface ColumnStats {
  nullFrac: number;
  nDistinct: number;
  mcv: Map<string, number>;
  mcvTotal: number;
  mce: Map<string, number>;
  mceMin: number;
  histogram: string[];
}

export interface TableStats {
  rows: number;
  columns: Map<string, ColumnStats>;
}

const caches = new WeakMap<Knex, { at: number; stats: Promise<TableStats> }>();

async function load(knex: Knex): Promise<TableStats> {
  const { rows: rel } = await knex.raw(
    `select greatest(reltuples, 0)::float8 as rows from pg_class where oid = '${TABLE}'::regclass`,
  );
  const { rows } = await knex.raw(
    `select attname, null_frac, n_distinct, most_common_vals::text::text[] as mcv, most_common_freqs as mcf,
            most_common_elems::text::text[] as mce, most_common_elem_freqs as mcef, histogram_bounds::text::text[] as hist
       from pg_stats where schemaname = current_schema() and tablename = ?`,
    [TABLE],
  );
  const total = Number(rel[0]?.rows ?? 0);
  const columns = new Map<string, ColumnStats>();
  for (const r of rows as Record<string, unknown>[]) {
    const mcv = new Map<string, number>(((r.mcv as string[]) ?? []).map((v, i) => [v, (r.mcf as number[])[i]]));
    const elemFreqs = (r.mcef as number[] | null) ?? [];
    const mce = new Map<string, number>(((r.mce as string[]) ?? []).map((v, i) => [v, elemFreqs[i]]));
    const nDistinct = Number(r.n_distinct);
    columns.set(r.attname as string, {
      nullFrac: Number(r.null_frac),
      nDistinct: nDistinct < 0 ? -nDistinct * total : nDistinct,
      mcv,
      mcvTotal: [...mcv.values()].reduce((a, b) => a + b, 0),
      mce,
      // The element frequencies end with their minimum and maximum, and for arrays the share of null elements.
      mceMin: elemFreqs.length >= 3 ? elemFreqs[elemFreqs.length - (TEXT_VECTORS.has(r.attname as string) ? 2 : 3)] : 0,
      histogram: (r.hist as string[]) ?? [],
    });
  }
  return { rows: total, columns };
}

export function tableStats(knex: Knex): Promise<TableStats> {
  const hit = caches.get(knex);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.stats;
  const stats = load(knex);
  stats.catch(() => caches.delete(knex));
  caches.set(knex, { at: Date.now(), stats });
  return stats;
}

/** Share of documents whose list column holds any of `values`. */
export function anyElement(stats: TableStats, column: string, values: (string | number)[]): number {
  const c = stats.columns.get(column);
  if (!c || c.mce.size === 0) return Math.min(1, UNKNOWN * values.length);
  const fallback = c.mceMin > 0 ? c.mceMin / 2 : 0.0005;
  return 1 - values.reduce<number>((none, v) => none * (1 - (c.mce.get(String(v)) ?? fallback)), 1);
}

/** Share of documents whose scalar column is one of `values`. */
export function anyValue(stats: TableStats, column: string, values: (string | number | boolean)[]): number {
  const c = stats.columns.get(column);
  if (!c) return Math.min(1, UNKNOWN * values.length);
  const rest = Math.max(0, 1 - c.nullFrac - c.mcvTotal) / Math.max(1, c.nDistinct - c.mcv.size);
  return Math.min(
    1,
    values.reduce<number>((sum, v) => sum + (c.mcv.get(String(v)) ?? rest), 0),
  );
}

/** Share of documents whose numeric or date column lies between `low` and `high` (either open). */
export function between(stats: TableStats, column: string, low?: number | string, high?: number | string): number {
  const c = stats.columns.get(column);
  if (!c) return 0.3;
  const bounds = c.histogram;
  const numeric = (v: string | number) =>
    typeof v === 'number' ? v : /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : Date.parse(v);
  const inRange = (v: string | number) =>
    (low === undefined || numeric(v) >= numeric(low)) && (high === undefined || numeric(v) <= numeric(high));
  let share = 0;
  for (const [v, f] of c.mcv) if (inRange(v)) share += f;
  if (bounds.length > 1) {
    let inside = 0;
    for (let i = 0; i + 1 < bounds.length; i += 1) if (inRange(bounds[i]) && inRange(bounds[i + 1])) inside += 1;
    share += ((1 - c.nullFrac - c.mcvTotal) * inside) / (bounds.length - 1);
  }
  return Math.min(1, Math.max(share, 0.0001));
}

/** Share of documents holding a lexeme (or one starting with it, for a prefix). */
export function lexeme(stats: TableStats, column: string, word: string, prefix: boolean): number {
  const c = stats.columns.get(column);
  if (!c || c.mce.size === 0) return UNKNOWN;
  const fallback = c.mceMin > 0 ? c.mceMin / 2 : 0.001;
  if (!prefix) return c.mce.get(word) ?? fallback;
  let share = 0;
  for (const [lex, f] of c.mce) if (lex.startsWith(word)) share += f;
  return Math.min(1, Math.max(share, fallback));
}
