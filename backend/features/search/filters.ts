/**
 * A checked search request into SQL conditions over the search documents (conditions.ts), each
 * with the share of documents it is expected to keep. Names in multi-value keys are resolved by the
 * name matcher through the caller's permissions (an unknown one is a 400 naming the nearest).
 */
import type { Knex } from 'knex';
import { entity } from '../../../schema';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { AppError } from '../../errors';
import { permissionSql } from '../../permissions/sql';
import { resolveNames } from '../../services/lookups/sqlMatch';
import { LOOKUP_SOURCES } from '../../services/lookups/sources';
import {
  consentPredicates,
  experiencePredicate,
  facetPredicate,
  NOTICE_BUCKET_SQL,
  statusPredicate,
  type Predicate,
} from './conditions';
import { anyElement, anyValue, between, lexeme, type TableStats } from './estimate';
import {
  idOfItem,
  LIST_KINDS,
  range,
  SALARY_SLIDER_MAX,
  salarySliderMax,
  type DimensionKey,
  type ListKey,
  type SearchParams,
} from './params';
import { nameQuery, restrictTo, textQuery, type TextQuery } from './text';
import { searchStatuses, seesCuration, shortlistScope } from './visibility';

/** Items that are ids stay ids; names go through the matcher. Tags and admins are checked even as ids (what a caller may not read, it may not filter by). */
async function resolveItems(knex: Knex, ability: AppAbility, key: ListKey, items: string[]): Promise<number[]> {
  const kind = LIST_KINDS[key];
  const def = entity(LOOKUP_SOURCES[kind].entity);
  const ids: number[] = [];
  const names: string[] = [];
  for (const item of items) {
    const id = idOfItem(key, item);
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
      throw new AppError(
        400,
        'errors.validation',
        undefined,
        { [key]: `${key}.errors.notFound` },
        { nearest: { [key]: nearest } },
      );
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
  /** Best match ranks by the whole completeness (admins), not only the part companies may see (page.ts). */
  wholeCompleteness?: boolean;
  /** The project whose last moves `recentlyMoved` sorts by (a project's tab, page.ts). */
  movedIn?: number;
}

/**
 * Expected share of documents a name search keeps: each typed word's share from the counts of the
 * names starting with it (search_terms, so any name is known, not only the commonest), or from the
 * column's statistics before search_terms is first counted.
 */
export function nameSel(stats: TableStats, names: { words: string[]; counts: number[] }): number {
  return names.words.reduce((all, w, i) => {
    const count = names.counts[i] ?? 0;
    return (
      all * (count > 0 && stats.rows > 0 ? Math.min(1, count / stats.rows) : lexeme(stats, 'name_vector', w, true))
    );
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
  // Companies never find a candidate who withdrew consent to be shown to them.
  if (purpose === 'search') predicates.push(...consentPredicates(actor));

  const selected: Filters['selected'] = {};
  // One key after another: a request holds one connection for its names, and the first unknown name ends it.
  for (const key of Object.keys(LIST_KINDS) as ListKey[]) {
    const items = params.values[key];
    if (items?.length) selected[key] = await resolveItems(knex, ability, key, items);
  }
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
  if (selected.cl?.length)
    predicates.push(facetPredicate('cl', 'cl', selected.cl, anyValue(stats, 'current_location_id', selected.cl)));
  if (params.enums.te?.length) {
    selected.te = params.enums.te;
    predicates.push(
      facetPredicate('te', 'te', params.enums.te, anyElement(stats, 'type_of_employment', params.enums.te)),
    );
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
    predicates.push({
      key: 'ad',
      sql: 'd.owner_id = any(?::int[])',
      bindings: [selected.ad],
      sel: anyValue(stats, 'owner_id', selected.ad),
    });

  const filters: Filters = { predicates, selected, statuses, wholeCompleteness: seesCuration(actor) };
  if (params.ts) {
    const q = await textQuery(knex, params.ts);
    if (q.query) {
      filters.text = { ...q, query: q.query };
      const skips = !q.query.includes(':*');
      predicates.push({
        key: 'ts',
        sql: 'd.vector @@ ?::tsquery',
        bindings: [q.query],
        sel: textSel(stats, 'vector', q),
        skips,
      });
    }
  }
  if (params.cn) {
    const q = await textQuery(knex, params.cn, []);
    if (q.query) {
      filters.company = restrictTo(q.query, 'C');
      predicates.push({
        key: 'cn',
        sql: 'd.vector @@ ?::tsquery',
        bindings: [filters.company],
        sel: textSel(stats, 'vector', q),
      });
    }
  }
  if (params.ns) {
    const names = await nameQuery(knex, params.ns);
    filters.names = { prefix: names.query, raw: params.ns };
    // Every typed word starts a word of the name, or is a close spelling of a name (pg_trgm over search_terms).
    if (names.query) {
      const sel = nameSel(stats, names);
      predicates.push({
        key: 'ns',
        sql: "d.name_vector @@ to_tsquery('simple', ?)",
        bindings: [names.query],
        sel,
      });
    }
  }
  const rate = rates.get(params.salary?.currency ?? '') ?? 1;
  // The slider's ends in the asked currency: its top is 100,000 SGD at the rate salaries are compared with.
  const salary = params.salary && range(params.salary.from, params.salary.to, salarySliderMax(rate));
  if (salary) {
    const low = Math.min(Math.floor(salary.from * rate), SALARY_SLIDER_MAX);
    const high = salary.to === undefined ? undefined : Math.ceil(salary.to * rate);
    predicates.push({
      key: 'salary',
      sql: high === undefined ? 'd.salary_sgd >= ?' : 'd.salary_sgd between ? and ?',
      bindings: high === undefined ? [low] : [low, high],
      sel: between(stats, 'salary_sgd', low, high),
    });
  }
  if (params.experience) predicates.push(experiencePredicate(stats, params.experience.from, params.experience.to));
  if (params.remote)
    predicates.push({
      key: 'r',
      sql: 'd.working_remotely is true',
      bindings: [],
      sel: anyValue(stats, 'working_remotely', ['true']),
    });
  if (params.popular) predicates.push({ key: 'isp', sql: 'd.popularity >= ?', bindings: [POPULAR_VIEWS], sel: 0.05 });
  if (params.shortlisted) {
    // In one of the caller's company's projects at shortlist or beyond, not rejected (admins: in any project).
    const company = shortlistScope(actor);
    const mine = company === null ? '' : ' and g.company_id = ?';
    predicates.push({
      key: 'ias',
      sql: `exists (select 1 from project_candidates g where g.candidate_id = d.id and g.stage = any('{2,3,7,4,5}'::smallint[])${mine})`,
      bindings: company === null ? [] : [company],
      sel: 0.01,
    });
  }
  return filters;
}

/** Profile views in the last 30 days that make a profile popular (the "popular profiles" option). */
export const POPULAR_VIEWS = 5;
