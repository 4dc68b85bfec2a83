/**
 * The total and the facets of a search. A facet shows, for one multi-select filter, the top
 * options with how many candidates each would give under the other current filters; so besides
 * the full set ("main") each active multi-select filter has its own set without itself.
 *
 * A set expected to hold at most 10,000 candidates is counted exactly here, its facets from all
 * of them up to 1,000 and from an even spread of 1,000 of them (by id) above. A larger set is
 * estimated from a sample (sample.ts), and what is estimated says so; so is a facet's own set that
 * only broad conditions describe (no index finds it without reading most of the table). Exact sets
 * run as two statements side by side; a set whose expectation was wrong is redone the other way in
 * a second round. What both kinds of read share is in passes.ts.
 */
import type { Knex } from 'knex';
import { INDEX_SELECTIVITY, visitedRows, type Predicate } from './conditions';
import type { Filters } from './filters';
import type { TableStats } from './estimate';
import { pageColumns, pageIds, pageSql, textRankColumn, window } from './page';
import { DIMENSION_KEYS, type SearchParams } from './params';
import {
  binder,
  COUNT_CAP,
  facetColumns,
  facetSql,
  facetsOf,
  FACET_ROWS,
  KEEP,
  where,
  type Bind,
  type Pass,
  type PassResult,
  type RawFacet,
} from './passes';
import { sampledPasses } from './sample';

/** Sets expected to hold more than this are estimated from the sample straight away. */
export const EXACT_LIMIT = 10_000;
/** Sets expected above this share of the exact-count limit are sampled as well, in case they overflow it. */
const HEDGE_FROM = 0.4;

export interface Counts {
  total: number;
  totalIsEstimate: boolean;
  facets: RawFacet[];
}

export function passesOf(filters: Filters, stats: TableStats, withFacets: boolean): Pass[] {
  const all = filters.predicates;
  const active = DIMENSION_KEYS.filter((k) => all.some((p) => p.dim === k));
  const estimate = (ps: Predicate[]) => stats.rows * ps.reduce((a, p) => a * p.sel, 1);
  const main: Pass = {
    without: null,
    predicates: all,
    dims: withFacets ? DIMENSION_KEYS.filter((k) => !active.includes(k)) : [],
    estimate: estimate(all),
  };
  if (!withFacets) return [main];
  return [
    main,
    ...active.map((d) => {
      const predicates = all.filter((p) => p.dim !== d);
      return { without: d, predicates, dims: [d], estimate: estimate(predicates) };
    }),
  ];
}

/** The page asked for, picked from the main set's rows when they are counted exactly. */
export interface PageRequest {
  filters: Filters;
  params: SearchParams;
}

/** Rows up to which the text relevance is read with them (see passRows). */
const RANK_READ_ROWS = 3_000;

/** Passes that share their selective conditions are read in one scan when it is expected to hold at most this many rows. */
const SHARED_LIMIT = 15_000;

const commonPredicates = (passes: Pass[]) =>
  passes[0].predicates.filter((p) => passes.every((pass) => pass.predicates.includes(p)));

/**
 * Whether the passes read their rows once, together (see passRows): when their common conditions
 * keep few rows and lead the index to no more documents than the passes' own conditions would.
 */
function readsShared(passes: Pass[], stats: TableStats): boolean {
  if (passes.length < 2) return false;
  const common = commonPredicates(passes);
  if (stats.rows * common.reduce((a, p) => a * p.sel, 1) > SHARED_LIMIT) return false;
  return visitedRows(stats.rows, common) <= passes.reduce((a, pass) => a + visitedRows(stats.rows, pass.predicates), 0);
}

/** Counts passes exactly: their results in order, and the page's ids when asked and the first set was small enough. */
type ExactRead = (
  knex: Knex,
  passes: Pass[],
  selected: Filters['selected'],
  stats: TableStats,
  page?: PageRequest,
) => Promise<{ results: PassResult[]; page?: number[] }>;

/**
 * Passes that read their own rows go to the database as two statements side by side (every other
 * pass, the first with the page), so a search with several filters uses two cores. Passes read in
 * one statement (one set, or sets read together) leave the page to a second statement that reads
 * the first set again beside them when the read runs `alone` (nothing sampled or read directly at
 * the same time): ranking and facet counting then use both cores.
 */
async function exactInParts(
  knex: Knex,
  passes: Pass[],
  selected: Filters['selected'],
  stats: TableStats,
  page?: PageRequest,
  alone = false,
): ReturnType<ExactRead> {
  if (passes.length < 2 || readsShared(passes, stats)) {
    if (!alone || !page || !window(page.params) || !passes.some((p) => p.dims.length))
      return exactPasses(knex, passes, selected, stats, page);
    const [ranked, counted] = await Promise.all([
      exactPasses(knex, [{ ...passes[0], dims: [] }], selected, stats, page),
      exactPasses(knex, passes, selected, stats),
    ]);
    return { results: counted.results, page: ranked.page };
  }
  const even = passes.filter((_, i) => i % 2 === 0);
  const odd = passes.filter((_, i) => i % 2 === 1);
  const [a, b] = await Promise.all([
    exactPasses(knex, even, selected, stats, page),
    exactPasses(knex, odd, selected, stats),
  ]);
  return { results: passes.map((_, i) => (i % 2 === 0 ? a.results[i / 2] : b.results[(i - 1) / 2])), page: a.page };
}

/**
 * The CTEs that give each pass its rows as `m<i>`. Passes sharing conditions expected to keep
 * few rows (a selective skill, say, with other filters on top) read those rows once (`u`, each
 * row flagged with the other conditions) instead of once per pass; otherwise each pass reads its
 * own. Every `m<i>` row carries the facet values and, for the first pass, what the page needs.
 */
function passRows(
  passes: Pass[],
  stats: TableStats,
  page: PageRequest | undefined,
  bind: Bind,
): { ctes: string[]; shared: boolean; rank: boolean } {
  const common = commonPredicates(passes);
  const shared = readsShared(passes, stats);
  // The text relevance is read with the rows when few are expected (cheaper than reading the vector
  // again for the ranked ones; the vector itself is too wide to carry); for many, the vector is read back.
  const rank = (shared ? stats.rows * common.reduce((a, p) => a * p.sel, 1) : passes[0].estimate) <= RANK_READ_ROWS;
  const columns = (i: number) => [
    ...facetColumns(passes[i].dims),
    ...(i === 0 && page
      ? [
          ...pageColumns(page.filters, page.params, false)
            .filter((c) => c !== 'id')
            .map((c) => `d.${c}`),
          ...(rank && page.params.sort === 'bestMatch' && page.filters.text
            ? [textRankColumn(page.filters, bind)]
            : []),
        ]
      : []),
  ];
  if (shared) {
    const others = [...new Set(passes.flatMap((pass) => pass.predicates.filter((p) => !common.includes(p))))];
    const all = [...new Set(passes.flatMap((_, i) => columns(i)))];
    const flags = others.map((p, j) => `, (${where([p], bind, false)}) as f${j}`).join('');
    return {
      shared: true,
      rank,
      ctes: [
        `u as materialized (select d.id${all.map((c) => `, ${c}`).join('')}${flags}
           from candidate_search_documents d where ${where(common, bind, true, true)} limit ${SHARED_LIMIT * 2 + 1})`,
        ...passes.map((pass, i) => {
          const cond = others.map((p, j) => (pass.predicates.includes(p) ? `f${j}` : '')).filter(Boolean);
          return `m${i} as materialized (select * from u${cond.length ? ` where ${cond.join(' and ')}` : ''} limit ${COUNT_CAP + 1})`;
        }),
        `cu as (select count(*)::int as n from u)`,
      ],
    };
  }
  return {
    shared: false,
    rank,
    ctes: passes.map(
      (pass, i) =>
        `m${i} as materialized (select d.id${columns(i)
          .map((c) => `, ${c}`)
          .join('')}
           from candidate_search_documents d where ${where(pass.predicates, bind, true, true)} limit ${COUNT_CAP + 1})`,
    ),
  };
}

/** The passes counted exactly in one statement; the first pass carries the page when one is asked. */
const exactPasses: ExactRead = async (knex, passes, selected, stats, page) => {
  // Bindings follow the order of their placeholders in the text: the CTEs first, then the columns.
  const bindings: unknown[] = [];
  const bind = binder(bindings);
  const { ctes, shared, rank } = passRows(passes, stats, page, bind);
  ctes.push(
    ...passes.map(
      (_, i) =>
        `c${i} as (select count(*)::int as n, greatest(1, ceil(count(*) / ${FACET_ROWS}.0))::int as k from m${i})`,
    ),
  );
  const columns = passes.map((pass, i) => {
    const rows = `(select r.* from m${i} r, c${i} c where ${KEEP})`;
    return `(select json_build_array(c.n, c.k, case when c.n <= ${COUNT_CAP} then (select count(*) from m${i} r where ${KEEP}) end,
       case when c.n <= ${COUNT_CAP} then ${facetSql(pass.dims, rows)} end) from c${i} c) as p${i}`;
  });
  if (page && window(page.params)) {
    columns.push(`(select case when c.n <= ${COUNT_CAP} then (select coalesce(json_agg(x.id), '[]'::json) from (${pageSql('m0 d', page.filters, page.params, bind, { vectorLater: true, rankRead: rank })}) x) end
       from c0 c) as page`);
  }
  if (shared) columns.push('(select n from cu) as shared');
  const { rows } = await knex.raw(
    `with ${ctes.join(',\n')} select ${columns.join(', ')}`,
    bindings as Knex.RawBinding[],
  );
  // A shared read that hit its limit leaves every pass unknown: each is then read on its own.
  if (shared && rows[0].shared > SHARED_LIMIT * 2) {
    return exactPasses(knex, passes, selected, { ...stats, rows: Infinity }, page);
  }
  const results = passes.map((pass, i): PassResult => {
    const [n, k, kept, facets] = rows[0][`p${i}`] as [number, number, number | null, string | null];
    if (n > COUNT_CAP) return { count: n, estimated: true, facets: [], overflow: true };
    return {
      count: n,
      estimated: false,
      facets: facetsOf(facets, pass.dims, selected, k > 1 && kept ? n / kept : 1, k > 1),
    };
  });
  const picked = page ? (window(page.params) ? (rows[0].page as number[] | null) : []) : undefined;
  return { results, page: picked ?? undefined };
};

/** Rounds an estimate to three significant figures: it is not more precise than that. */
export function roundEstimate(n: number): number {
  if (n < 1000) return Math.round(n);
  const step = 10 ** (Math.floor(Math.log10(n)) - 2);
  return Math.round(n / step) * step;
}

export interface CountOptions {
  /** Lists that show no facets skip them. */
  withFacets?: boolean;
  /** Also pick this page (from the counted rows when the matches are few, else straight from the documents). */
  page?: PageRequest;
}

/** The total, the facets and, when asked, the page's ids. */
export async function countAndFacet(
  knex: Knex,
  filters: Filters,
  stats: TableStats,
  options: CountOptions = {},
): Promise<Counts & { pageIds: number[] }> {
  const passes = passesOf(filters, stats, options.withFacets ?? true);
  // A facet's own set that no selective condition can find through an index (popular options only,
  // together narrow) would be read from the whole table to be counted: it is estimated from the sample.
  const readable = (p: Pass) => p.without === null || p.predicates.some((q) => q.sel <= INDEX_SELECTIVITY);
  const isExact = (p: Pass) => stats.rows <= EXACT_LIMIT || (p.estimate <= EXACT_LIMIT && readable(p));
  const indexed = passes.map((p, i) => [p, i] as const);
  const exact = indexed.filter(([p]) => isExact(p));
  const sampled = indexed.filter(([p]) => !isExact(p));
  const mainExact = isExact(passes[0]);
  // Sets expected near the cap may well overflow it: they are also sampled (and the page read straight
  // from the documents) right away, so an overflow needs no second round.
  const hedged = exact.filter(([p]) => stats.rows > EXACT_LIMIT && p.estimate > EXACT_LIMIT * HEDGE_FROM);
  const toSample = [...sampled, ...hedged];
  const hedgePage = hedged.some(([, i]) => i === 0);
  const results: PassResult[] = new Array(passes.length);
  const [exactRun, sampleRun, directPage] = await Promise.all([
    exact.length
      ? exactInParts(
          knex,
          exact.map(([p]) => p),
          filters.selected,
          stats,
          exact[0][1] === 0 ? options.page : undefined,
          !toSample.length && !(options.page && (!mainExact || hedgePage)),
        )
      : { results: [], page: undefined },
    toSample.length
      ? sampledPasses(
          knex,
          toSample.map(([p]) => p),
          filters,
          stats,
        )
      : [],
    options.page && (!mainExact || hedgePage) ? pageIds(knex, options.page.filters, options.page.params) : undefined,
  ]);
  exact.forEach(([, i], j) => (results[i] = exactRun.results[j]));
  sampled.forEach(([, i], j) => (results[i] = sampleRun[j]));
  const hedges = new Map(hedged.map(([, i], j) => [i, sampleRun[sampled.length + j]]));
  for (const [i, estimate] of hedges)
    if (results[i].overflow) results[i] = { ...estimate, count: Math.max(estimate.count, COUNT_CAP + 1) };
  // Second round: sets larger than expected are estimated; estimates that came out surely small are counted
  // (one near the cap would most likely be read in vain and estimated after all).
  const overflowed = indexed.filter(([, i]) => results[i].overflow);
  const small = sampled.filter(([p, i]) => readable(p) && (results[i].upper ?? results[i].count) <= COUNT_CAP);
  const needPage = options.page && !directPage && !exactRun.page;
  const pageFirst = exactRun.page ?? directPage;
  const [redoSample, redoExact, laterPage] = await Promise.all([
    overflowed.length
      ? sampledPasses(
          knex,
          overflowed.map(([p]) => p),
          filters,
          stats,
        )
      : [],
    small.length
      ? exactInParts(
          knex,
          small.map(([p]) => p),
          filters.selected,
          stats,
        ).then((r) => r.results)
      : [],
    needPage ? pageIds(knex, options.page!.filters, options.page!.params) : undefined,
  ]);
  overflowed.forEach(
    ([, i], j) => (results[i] = { ...redoSample[j], count: Math.max(redoSample[j].count, COUNT_CAP + 1) }),
  );
  small.forEach(([, i], j) => {
    if (!redoExact[j].overflow) results[i] = redoExact[j];
  });
  const [main, ...others] = results;
  return {
    total: main.estimated ? roundEstimate(main.count) : main.count,
    totalIsEstimate: main.estimated,
    facets: [...main.facets, ...others.flatMap((r) => r.facets)],
    pageIds: pageFirst ?? laterPage ?? [],
  };
}
