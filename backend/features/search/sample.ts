/**
 * Estimates: a search's sets read from a fixed sample of the documents' pages (TABLESAMPLE SYSTEM
 * ... REPEATABLE, so the same search gives the same figures), all of them in one statement, whose
 * answer is kept 30 seconds.
 */
import type { Knex } from 'knex';
import type { TableStats } from './estimate';
import type { Filters } from './filters';
import type { DimensionKey } from './params';
import {
  binder,
  facetColumns,
  facetSql,
  facetsOf,
  FACET_ROWS,
  KEEP,
  where,
  type Pass,
  type PassResult,
} from './passes';

/** About this many documents are sampled; small tables are sampled whole. */
const SAMPLE_ROWS = 5_000;
const SAMPLE_SEED = 20_261_122;

/** Estimates are kept this long: paging through a broad search, or asking again, does not sample again. Exact counts are never kept. */
const SAMPLE_TTL_MS = 30_000;
const SAMPLE_CACHE_SIZE = 500;
const sampleCaches = new WeakMap<Knex, Map<string, { at: number; results: Promise<PassResult[]> }>>();

/**
 * The sampled sets' results, from the cache while fresh (the key is the statement, its values and
 * the facets asked of each set, so each caller's visibility is its own): a cached estimate costs
 * neither the statement nor counting its facets again.
 */
function cachedResults(knex: Knex, key: string, read: () => Promise<PassResult[]>): Promise<PassResult[]> {
  let cache = sampleCaches.get(knex);
  if (!cache) sampleCaches.set(knex, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < SAMPLE_TTL_MS) return hit.results;
  if (hit) cache.delete(key);
  const results = read();
  results.catch(() => cache.delete(key));
  cache.set(key, { at: Date.now(), results });
  if (cache.size > SAMPLE_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return results;
}

export async function sampledPasses(
  knex: Knex,
  passes: Pass[],
  filters: Filters,
  stats: TableStats,
): Promise<PassResult[]> {
  const bindings: unknown[] = [];
  const bind = binder(bindings);
  const percent = Math.min(100, Math.max(0.05, (100 * SAMPLE_ROWS) / Math.max(1, stats.rows)));
  // In the text, the flag columns come before the base conditions of the WHERE clause.
  const flags = [...new Set(filters.predicates.filter((p) => p.dim).map((p) => p.dim as DimensionKey))];
  const flagCols = flags
    .map(
      (d) =>
        `, (${where(
          filters.predicates.filter((p) => p.dim === d),
          bind,
          false,
        )}) as f_${d}`,
    )
    .join('');
  const base = where(
    filters.predicates.filter((p) => !p.dim),
    bind,
    false,
  );
  // The facet columns every pass reads (the sampled rows are few: carrying each pass's is cheap).
  const facetCols = [...new Set(passes.flatMap((pass) => facetColumns(pass.dims)))].map((c) => `, ${c}`).join('');
  const ctes = [
    `s as materialized (select d.id${flagCols}${facetCols}
       from candidate_search_documents d tablesample system (${percent.toFixed(4)}) repeatable (${SAMPLE_SEED}) where ${base})`,
    ...passes.flatMap((pass, i) => {
      const cond = flags.filter((d) => d !== pass.without).map((d) => `r.f_${d}`);
      return [
        `q${i} as (select r.* from s r${cond.length ? ` where ${cond.join(' and ')}` : ''})`,
        `c${i} as (select count(*)::int as n, greatest(1, ceil(count(*) / ${FACET_ROWS}.0))::int as k from q${i})`,
      ];
    }),
  ];
  const columns = passes.map((pass, i) => {
    const rows = `(select r.* from q${i} r, c${i} c where ${KEEP})`;
    return `(select json_build_array(c.n, c.k, (select count(*) from q${i} r where ${KEEP}), ${facetSql(pass.dims, rows)})
       from c${i} c) as p${i}`;
  });
  const sql = `with ${ctes.join(',\n')} select ${columns.join(', ')}`;
  const key = `${sql}\u0000${JSON.stringify(bindings)}\u0000${JSON.stringify([passes.map((p) => p.dims), filters.selected])}`;
  return cachedResults(knex, key, async () => {
    const { rows } = (await knex.raw(sql, bindings as Knex.RawBinding[])) as { rows: Record<string, unknown>[] };
    const fraction = percent / 100;
    return passes.map((pass, i) => {
      const [n, k, kept, facets] = rows[0][`p${i}`] as [number, number, number, string | null];
      const estimated = fraction < 1 || k > 1;
      return {
        count: Math.round(n / fraction),
        upper: fraction < 1 ? (n + 2 * Math.sqrt(Math.max(n, 1))) / fraction : n,
        estimated,
        facets: facetsOf(facets, pass.dims, filters.selected, (k > 1 && kept ? n / kept : 1) / fraction, estimated),
      };
    });
  });
}
