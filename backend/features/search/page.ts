/**
 * Which candidates fill the asked page. Recently added: newest first, read from the creation-time
 * index. Best match (the default): the newest matches up to a bound (1,000, or the page's end when
 * deeper) are ranked by text relevance, how many of the chosen skills and job titles they hold,
 * profile completeness, recent updates and popularity; ranking every match of a broad search
 * would cost more than it tells.
 */
import type { Knex } from 'knex';
import { whereOf, type Filters } from './filters';
import { MAX_RESULTS, type SearchParams } from './params';

export const RANK_BOUND = 1_000;

/** The blend, over the bounded set `c`. Weights sum to 1 when every signal is present. */
function scoreSql(filters: Filters, bindings: unknown[]): string {
  const parts: string[] = [];
  if (filters.text) {
    parts.push("0.45 * ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', c.vector, ?::tsquery, 32)");
    bindings.push(filters.text.query);
  }
  const overlap = (column: string, ids: number[] | undefined, weight: number) => {
    if (!ids?.length) return;
    parts.push(`${weight} * (select count(*) from unnest(c.${column}) x where x = any(?::int[]))::float8 / ?`);
    bindings.push(ids, ids.length);
  };
  overlap('skill_ids', filters.selected.s, 0.2);
  overlap('job_title_ids', filters.selected.jt, 0.15);
  parts.push('0.12 * c.completeness / 100.0');
  parts.push('0.05 * exp(-extract(epoch from now() - c.updated_at) / (86400 * 90.0))');
  parts.push('0.03 * least(c.popularity, 20) / 20.0');
  return parts.join(' + ');
}

export async function pageIds(knex: Knex, filters: Filters, params: SearchParams): Promise<number[]> {
  const offset = (params.page - 1) * params.perPage;
  if (offset >= MAX_RESULTS) return [];
  const limit = Math.min(params.perPage, MAX_RESULTS - offset);
  const where = whereOf(filters.predicates);
  if (params.sort === 'recentlyAdded') {
    const { rows } = await knex.raw(`select d.id from candidate_search_documents d where ${where.sql} order by d.created_at desc, d.id desc limit ? offset ?`, [
      ...where.bindings,
      limit,
      offset,
    ] as Knex.RawBinding[]);
    return (rows as { id: number }[]).map((r) => r.id);
  }
  const scoreBindings: unknown[] = [];
  const score = scoreSql(filters, scoreBindings);
  const bound = Math.max(RANK_BOUND, offset + limit);
  const { rows } = await knex.raw(
    `select c.id from (
       select d.id, d.vector, d.skill_ids, d.job_title_ids, d.completeness, d.popularity, d.created_at, d.updated_at
       from candidate_search_documents d where ${where.sql} order by d.created_at desc, d.id desc limit ?
     ) c
     order by ${score} desc, c.created_at desc, c.id desc limit ? offset ?`,
    [...where.bindings, bound, ...scoreBindings, limit, offset] as Knex.RawBinding[],
  );
  return (rows as { id: number }[]).map((r) => r.id);
}
