/**
 * Which candidates fill the asked page. Recently added: newest first, read from the creation-time
 * index (as is recently moved without a project). Recently moved (a project's tabs): the last move in the
 * project first (`project_candidates.last_recruitment_updated_at`; never moved last), then the highest id.
 * Best match (the default): the newest matches up to a bound (1,000) are ranked by text
 * relevance, how many of the chosen skills and job titles they hold, profile completeness (for
 * companies, only the part they may see), recent updates and popularity; ranking every match of a
 * broad search would cost more than it tells. The matches past the bound follow the ranked ones,
 * newest first, so the pages of one search are a partition of its matches whatever page is asked
 * (a deeper page never ranks a bigger set, which would bring a page's last rows back on the next
 * and leave out newer ones ranking into the middle). The page is picked from the documents directly, or, when the
 * matches are few enough to be counted exactly, from the rows the count has read (counts.ts).
 * Picked from the documents, the newest matches are found by walking the creation-time index, so
 * the bound shrinks with the filters' expected share (at least 100 matches): the walk reads about
 * SCAN_ROWS documents whatever the filters, rather than 1,000 / share.
 */
import type { Knex } from 'knex';
import { facetCodes, whereOf } from './conditions';
import type { Filters } from './filters';
import { MAX_RESULTS, type SearchParams } from './params';
import type { Bind } from './passes';

export const RANK_BOUND = 1_000;
const MIN_RANK_BOUND = 100;
/** About this many documents are walked to find the newest matches to rank. */
const SCAN_ROWS = 20_000;

/** The page's offset and size, or undefined when the page lies beyond the results search pages through. */
export function window(params: SearchParams): { offset: number; limit: number } | undefined {
  const offset = (params.page - 1) * params.perPage;
  if (offset >= MAX_RESULTS) return undefined;
  return { offset, limit: Math.min(params.perPage, MAX_RESULTS - offset) };
}

/**
 * The columns a row source needs for the page to be picked from it. `withVector` false: the text
 * vector (the widest column) is left out and read back for the bounded set alone.
 */
export function pageColumns(filters: Filters, params: SearchParams, withVector = true): string[] {
  const columns = ['id', 'created_at'];
  if (params.sort === 'bestMatch') {
    columns.push('completeness', 'completeness_withheld', 'popularity', 'updated_at');
    if (filters.text && withVector) columns.push('vector');
    // Chosen skills and job titles are counted among the facet values, which the creation-order index carries.
    if (filters.selected.s?.length || filters.selected.jt?.length) columns.push('facet_values');
  }
  return columns;
}

/** The text relevance of the documents `d`, as the column `text_rank` (read with them, so the vector need not be carried to the ranking). */
export function textRankColumn(filters: Filters, bind: Bind): string {
  return `${textRank('d', filters.text?.query ?? '', bind)} as text_rank`;
}

/** The weights of text positions D, C, B and A in the text relevance (ts_rank_cd, normalized as rank / (rank + 1)). */
export const RANK_WEIGHTS = [0.1, 0.2, 0.4, 1.0] as const;

const textRank = (alias: string, query: string, bind: Bind) =>
  `ts_rank_cd('{${RANK_WEIGHTS.join(', ')}}', ${alias}.vector, ${bind(query)}::tsquery, 32)`;

/** The blend, over the bounded set `c` (its text relevance already read as `text_rank` when `rankRead`). Weights sum to 1 when every signal is present. */
function scoreSql(filters: Filters, bind: Bind, rankRead: boolean): string {
  const parts: string[] = [];
  if (filters.text) parts.push(`0.45::float8 * ${rankRead ? 'c.text_rank' : textRank('c', filters.text.query, bind)}`);
  const overlap = (dim: 's' | 'jt', weight: number) => {
    const ids = filters.selected[dim];
    if (ids?.length)
      parts.push(
        `${weight} * (select count(*) from unnest(c.facet_values) x where x = any(${bind(facetCodes(dim, ids))}::int[]))::float8 / ${ids.length}`,
      );
  };
  overlap('s', 0.2);
  overlap('jt', 0.15);
  // In float8 throughout: numeric arithmetic (extract's epoch is numeric) costs several times more per ranked row.
  // Companies rank by the completeness they may see: picture, links and CV count for admins alone.
  parts.push(
    `0.0012::float8 * ${filters.wholeCompleteness ? 'c.completeness' : '(c.completeness - c.completeness_withheld)'}`,
  );
  parts.push(`0.05::float8 * exp(-date_part('epoch', now() - c.updated_at) / ${86400 * 90})`);
  parts.push('0.0015::float8 * least(c.popularity, 20)');
  return parts.join(' + ');
}

/**
 * The page's ids from `source`, rows aliased `d` carrying pageColumns() (`candidate_search_documents d
 * where ...`, or a CTE of matched rows, which leaves the vector out and either carries `text_rank`,
 * `rankRead`, or has the vector read back for the bounded rows, `vectorLater`). Bindings are taken in text order.
 */
export function pageSql(
  source: string,
  filters: Filters,
  params: SearchParams,
  bind: Bind,
  {
    rankBound = RANK_BOUND,
    vectorLater = false,
    rankRead = false,
  }: { rankBound?: number; vectorLater?: boolean; rankRead?: boolean } = {},
): string {
  const { offset, limit } = window(params) ?? { offset: 0, limit: 0 };
  if (params.sort === 'recentlyMoved' && filters.movedIn !== undefined) {
    const moved = `(select pc.last_recruitment_updated_at from project_candidates pc
      where pc.project_id = ${bind(filters.movedIn)} and pc.candidate_id = d.id)`;
    return `select d.id from ${source} order by ${moved} desc nulls last, d.id desc limit ${limit} offset ${offset}`;
  }
  if (params.sort !== 'bestMatch')
    return `select d.id from ${source} order by d.created_at desc, d.id desc limit ${limit} offset ${offset}`;
  const newest = `order by d.created_at desc, d.id desc`;
  // Wholly past the ranked set: the rest of the matches, newest first.
  if (offset >= rankBound) return `select d.id from ${source} ${newest} limit ${limit} offset ${offset}`;
  // Across its end: the ranked set's last rows, then the first of the rest (their place in the creation order, `pos`, tells them apart).
  const across = offset + limit > rankBound;
  const withRank = rankRead && Boolean(filters.text);
  const withVector = !withRank && (!vectorLater || !filters.text);
  const columns = [
    ...pageColumns(filters, params, withVector).map((c) => `d.${c}`),
    ...(withRank ? ['d.text_rank'] : []),
    ...(across ? [`row_number() over (${newest}) as pos`] : []),
  ].join(', ');
  const bounded = `(select ${columns} from ${source} ${newest} limit ${across ? offset + limit : rankBound})`;
  const rows =
    withVector || withRank
      ? `${bounded} c`
      : `(select b.*, v.vector from ${bounded} b join candidate_search_documents v on v.id = b.id) c`;
  const score = scoreSql(filters, bind, withRank);
  const order = across
    ? `c.pos > ${rankBound}, case when c.pos <= ${rankBound} then ${score} end desc`
    : `${score} desc`;
  return `select c.id from ${rows}
    order by ${order}, c.created_at desc, c.id desc limit ${limit} offset ${offset}`;
}

/** The page straight from the documents. */
export async function pageIds(knex: Knex, filters: Filters, params: SearchParams): Promise<number[]> {
  if (!window(params)) return [];
  const where = whereOf(filters.predicates);
  const bindings: unknown[] = [...where.bindings];
  const share = filters.predicates.reduce((all, p) => all * p.sel, 1);
  const bound = Math.round(Math.min(RANK_BOUND, Math.max(MIN_RANK_BOUND, share * SCAN_ROWS)));
  const sql = pageSql(
    `candidate_search_documents d where ${where.sql}`,
    filters,
    params,
    (v) => {
      bindings.push(v);
      return '?';
    },
    { rankBound: bound },
  );
  const { rows } = await knex.raw(sql, bindings as Knex.RawBinding[]);
  return (rows as { id: number }[]).map((r) => r.id);
}
