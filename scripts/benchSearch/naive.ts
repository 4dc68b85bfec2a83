/**
 * The naive way, for comparison: the same filters, but every match counted exactly, ranked and
 * faceted (no bound, no sample, no index choice); for the console lists, the queries the generic
 * list ran before (ILIKE over names and email, exact counts, latest job per row, tag counts by
 * `= any(tags)`).
 */
import type { Knex } from 'knex';
import { abilityFor } from '../../schema/ability';
import type { Actor } from '../../schema/roles';
import { tableStats } from '../../backend/features/search';
import { NOTICE_BUCKET_SQL, type Predicate } from '../../backend/features/search';
import { buildFilters } from '../../backend/features/search';
import { DIMENSION_KEYS, parseSearchParams } from '../../backend/features/search';
import { currencyRates } from '../../backend/features/search';
import type { Shape } from './shapes';

const VALUES: Record<string, string> = {
  jt: 'd.job_title_ids',
  s: 'd.skill_ids',
  l: 'd.preferred_location_ids',
  cl: 'array[d.current_location_id]',
  lang: 'd.language_ids',
  i: 'd.industry_ids',
  te: 'd.type_of_employment::int[]',
  bd: 'd.tag_ids',
  np: `array[${NOTICE_BUCKET_SQL}]::int[]`,
};

type Raw = [string, unknown[]];

function plain(predicates: Predicate[]): Raw {
  if (!predicates.length) return ['true', []];
  return [predicates.map((p) => `(${p.sql})`).join(' and '), predicates.flatMap((p) => p.bindings)];
}

async function searchStatements(knex: Knex, actor: Actor, query: URLSearchParams): Promise<Raw[]> {
  const raw: Record<string, string[]> = {};
  for (const [k, v] of query) (raw[k] ??= []).push(v);
  const params = parseSearchParams(raw);
  const ability = abilityFor(actor);
  const stats = await tableStats(knex);
  const filters = await buildFilters(knex, ability, actor, params, stats, await currencyRates(knex));
  const [where, bindings] = plain(filters.predicates);
  const out: Raw[] = [[`select count(*) from candidate_search_documents d where ${where}`, bindings]];
  const offset = (params.page - 1) * params.perPage;
  if (params.sort === 'recentlyAdded') {
    out.push([
      `select d.id from candidate_search_documents d where ${where} order by d.created_at desc, d.id desc limit ${params.perPage} offset ${offset}`,
      bindings,
    ]);
  } else {
    const rank = filters.text ? `ts_rank_cd(d.vector, ?::tsquery, 32)` : '0';
    out.push([
      `select d.id from candidate_search_documents d where ${where}
        order by ${rank} + d.completeness / 100.0 + exp(-extract(epoch from now() - d.updated_at) / 7776000.0) desc, d.id desc limit ${params.perPage} offset ${offset}`,
      [...bindings, ...(filters.text ? [filters.text.query] : [])],
    ]);
  }
  for (const dim of DIMENSION_KEYS) {
    const [w, b] = plain(filters.predicates.filter((p) => p.dim !== dim));
    out.push([
      `select v, count(*) from candidate_search_documents d, unnest(${VALUES[dim]}) v where ${w} group by v order by 2 desc limit 20`,
      b,
    ]);
  }
  return out;
}

function listStatements(query: URLSearchParams): Raw[] {
  const filter = JSON.parse(query.get('filter') ?? '{}') as { q?: string; status?: number };
  const [field, order] = JSON.parse(query.get('sort') ?? '["createdAt","DESC"]') as [string, string];
  const [start, end] = JSON.parse(query.get('range') ?? '[0,24]') as [number, number];
  const column = field === 'expectedSalary' ? 'expected_salary' : 'created_at';
  const term = `%${filter.q ?? ''}%`;
  const where = 'status = ? and (first_name ilike ? or last_name ilike ? or email ilike ?)';
  const bindings = [filter.status ?? 1, term, term, term];
  const latest = (col: string) =>
    `(select e.${col} from candidate_experiences e where e.candidate_id = candidates.id order by e.current_position desc, e.start_date desc, e.id desc limit 1)`;
  return [
    [`select count(*) from candidates where ${where}`, bindings],
    [
      `select candidates.*, ${latest('company')} as latest_company_name, ${latest('title')} as latest_job_title
         from candidates where ${where} order by ${column} ${order}, id ${order} limit ${end - start + 1} offset ${start}`,
      bindings,
    ],
  ];
}

export async function naiveStatements(knex: Knex, shape: Shape, path: string, actor: Actor): Promise<Raw[]> {
  const url = new URL(path, 'http://bench');
  switch (shape.kind) {
    case 'search':
      return searchStatements(knex, actor, url.searchParams);
    case 'adminList':
      return listStatements(url.searchParams);
    case 'tagList':
      return [
        ['select count(*) from tags', []],
        [
          'select tags.*, (select count(*) from candidates c where tags.id = any(c.tags)) as no_of_tagged from tags order by created_at desc limit 25',
          [],
        ],
      ];
    case 'autocomplete': {
      const table = url.pathname.split('/')[1].replace('-', '_').replace('locations', 'cities');
      const q = url.searchParams.get('q') ?? '';
      return [[`select id, name, similarity(name, ?) as s from ${table} order by s desc, name limit 20`, [q]]];
    }
  }
}

/** Runs the statements one after another, returning the milliseconds. */
export async function timeStatements(knex: Knex, statements: Raw[]): Promise<number> {
  const started = performance.now();
  for (const [sql, bindings] of statements) await knex.raw(sql, bindings as Knex.RawBinding[]);
  return performance.now() - started;
}
