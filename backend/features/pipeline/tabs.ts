/**
 * A project's tabs through the search machinery (backend/features/search): which candidates a tab
 * holds, as one more search condition over the search documents, so the search page's filters,
 * ranking, counting and result documents apply unchanged.
 *   - The suggested tab (0): the candidates the project's saved filters (`current_url`, a search
 *     page query string) find, plus the ones put in it on purpose (`placedSql`: curated by the
 *     platform, added by the candidate menu, a company's own choice, or asked to an interview:
 *     requested, booked or scheduled, a candidate the company asked to interview is the company's),
 *     minus those moved to another stage. A row written only by a flag, a seen mark or a whitelist
 *     request holds nobody there: the saved filters decide, so a candidate the company looked at
 *     leaves when its filters change.
 *   - Every other tab: the candidates whose project row is in that stage.
 * `heldSql` says the same of one row (the candidate menu's "already in this project"), and the
 * counts (stats.ts) read the tab's own condition, so tab, count and dialog always agree.
 * Hidden candidates are left out unless `ih` asks for them alone; `isf` keeps the favourites. A flag
 * is the company's own choice, so the hidden view (`ih`) lists every candidate hidden in the
 * suggested tab and the favourites view (`isf`) every one favourited there, whatever the saved
 * filters find now: a candidate the changed filters no longer find can still be unhidden or
 * unfavourited. The suggested tab itself, and its count, still leave such a row to the filters.
 * A RaaS company sees interviewing2, offered and placed only once an interview was scheduled.
 */
import type { Knex } from 'knex';
import { abilityFor, type AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { STAGES, type StageId } from '../../../schema/rules/pipeline';
import { tabsFor } from '../../../schema/rules/stages';
import { searchUrlFor } from '../../../schema/rules/searchKeys';
import { stageVisibleSql } from '../../../schema/rules/visibility';
import { AppError } from '../../errors';
import {
  countAndFacet,
  tableStats,
  type TableStats,
  statusPredicate,
  consentPredicates,
  whereOf,
  type Predicate,
  buildFilters,
  type Filters,
  ParamError,
  parseSearchParams,
  type Query,
  type SearchParams,
  currencyRates,
} from '../search';
import { pipelineRole, pipelineStatuses, type ProjectRow } from './access';

/** The candidates the caller meets on a board at all (visibility.ts `statusSql`): their status, and their consent. */
const metPredicates = (stats: TableStats, actor: Actor): Predicate[] => [
  statusPredicate(stats, pipelineStatuses(actor)),
  ...consentPredicates(actor),
];

export interface TabFlags {
  /** `ih=1`: hidden candidates only. */
  hidden: boolean;
  /** `isf=1`: favourited candidates only. */
  favourite: boolean;
}

/** A saved search-page URL (`/search?jt=1&s=2`, `?jt=1` or `jt=1`) as the query object search parses. */
export function queryOfUrl(url: string | null | undefined): Query {
  if (!url) return {};
  const text = url.includes('?') ? url.slice(url.indexOf('?') + 1) : url;
  const query: Query = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const prior = query[key];
    query[key] = prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior as string, value];
  }
  return query;
}

/** Paging, sorting and flags: keys of the URL that choose no candidates. */
const NOT_FILTERS = new Set(['p', 'pp', 'sort', 'tab', 'cur', 'ih', 'isf', 'project_id', 'projectId']);

/** The project's saved search as it filters and ranks: its conditions, its text and chosen options, its sort. */
export interface SavedSearch {
  predicates: Predicate[];
  text: Filters['text'];
  selected: Filters['selected'];
  sort: SearchParams['sort'];
}

/** The saved query of the project's filters as `actor` may use it, or null when it names no filter (nobody is found). */
export function savedQuery(project: ProjectRow, actor: Actor): Query | null {
  // Keys the actor's declared search permission does not cover are dropped, as a search would refuse them.
  const ability = abilityFor(actor);
  const query = queryOfUrl(searchUrlFor(project.currentUrl, (field) => ability.can('search', 'Candidate', field)));
  return Object.keys(query).some((k) => !NOT_FILTERS.has(k)) ? query : null;
}

/**
 * The project's saved search (`current_url`), or null when it finds nobody: no saved query, one
 * with no filter at all, or one that no longer reads (a removed option). Admin-only keys count
 * only for admins.
 */
export async function savedSearch(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  project: ProjectRow,
  stats: TableStats,
  rates: Map<string, number>,
): Promise<SavedSearch | null> {
  const query = savedQuery(project, actor);
  if (!query) return null;
  try {
    const params = parseSearchParams(query);
    const filters = await buildFilters(knex, ability, actor, params, stats, rates, 'list');
    if (!filters.predicates.length) return null;
    return { predicates: filters.predicates, text: filters.text, selected: filters.selected, sort: params.sort };
  } catch (err) {
    if (err instanceof ParamError || err instanceof AppError) return null;
    throw err;
  }
}

/** The conditions of the project's saved filters, or null when they find nobody (see savedSearch). */
export async function savedPredicates(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  project: ProjectRow,
  stats: TableStats,
  rates: Map<string, number>,
): Promise<Predicate[] | null> {
  return (await savedSearch(knex, ability, actor, project, stats, rates))?.predicates ?? null;
}

/**
 * SQL: project row `pc` put its candidate in the suggested tab on purpose, whatever the saved filters find: the
 * platform curated them (`curated`), the candidate menu added them (`added`: a company's own choice, which the
 * company's search found and it may approach, curation.ts `addable`), or the company approached them (an interview
 * request writes `interview_requested_at` and a job description sent `whitelist_requested_at`, interviews/send.ts; a
 * booked interview `interview_scheduled_at`, interviews/delivery.ts): a candidate the company approached is the
 * company's. The tab, its count (stats.ts),
 * the dialog's "already in this project" and the reach (reach.ts, alerts/reached.ts, reachAnywhere.ts) all read this.
 */
export const placedSql = (pc = 'pc'): string =>
  `(${pc}.curated or ${pc}.added or ${pc}.interview_requested_at is not null or ${pc}.whitelist_requested_at is not null
    or ${pc}.interview_scheduled_at is not null)`;

/**
 * SQL: project row `pc` holds its candidate in the project by itself: moved past the suggested tab, or placed in it
 * (`placedSql`: curated, added, asked to an interview or sent the job description).
 */
export const heldSql = (pc = 'pc'): string => `(${pc}.stage <> ${STAGES.open} or ${placedSql(pc)})`;

const row = (projectId: number, extra: string) => ({
  sql: `exists (select 1 from project_candidates pc where pc.project_id = ? and pc.candidate_id = d.id and ${extra})`,
  bindings: [projectId] as unknown[],
});

/** The tab's candidates as one search condition over the documents `d`. */
export function membership(
  project: ProjectRow,
  role: ReturnType<typeof pipelineRole>,
  tab: StageId,
  flags: TabFlags,
  saved: Predicate[] | null,
): Predicate {
  const parts: { sql: string; bindings: unknown[] }[] = [];
  if (!tabsFor(role).includes(tab)) parts.push({ sql: 'false', bindings: [] });
  if (tab === STAGES.open) {
    const found = saved ? whereOf(saved) : { sql: 'false', bindings: [] };
    // The hidden and favourites views also list every candidate the company flagged so here, whatever the filters.
    const flagged = [flags.hidden && 'pc.is_hidden', flags.favourite && 'pc.is_favorited'].filter(Boolean);
    const kept = flagged.length ? ` or (${flagged.join(' or ')})` : '';
    const placed = row(project.id, `pc.stage = 0 and (${placedSql()}${kept})`);
    parts.push({ sql: `((${found.sql}) or ${placed.sql})`, bindings: [...found.bindings, ...placed.bindings] });
    const moved = row(project.id, 'pc.stage <> 0');
    parts.push({ sql: `not ${moved.sql}`, bindings: moved.bindings });
    const hidden = row(project.id, 'pc.is_hidden');
    parts.push(flags.hidden ? hidden : { sql: `not ${hidden.sql}`, bindings: hidden.bindings });
    if (flags.favourite) parts.push(row(project.id, 'pc.is_favorited'));
  } else {
    const raas = ` and ${stageVisibleSql(role)}`;
    const fav = flags.favourite ? ' and pc.is_favorited' : '';
    const q = row(project.id, `pc.stage = ? and pc.is_hidden = ?${fav}${raas}`);
    parts.push({ sql: q.sql, bindings: [...q.bindings, tab, flags.hidden] });
  }
  return {
    key: 'pipeline',
    sql: parts.map((p) => p.sql).join(' and '),
    bindings: parts.flatMap((p) => p.bindings),
    sel: 1e-6,
  };
}

export interface TabResult {
  ids: number[];
  total: number;
  filters: Filters;
  rates: Map<string, number>;
}

/**
 * The tab's page of candidate ids and its total, with the request's own search keys as further
 * filters. The suggested tab ranks as the search it was saved from: by the saved text and chosen
 * skills and job titles (unless the request brings its own), and by the saved sort unless the
 * request asks for one (`sortAsked`).
 */
export async function tabPage(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  project: ProjectRow,
  tab: StageId,
  params: SearchParams,
  flags: TabFlags,
  sortAsked = true,
): Promise<TabResult> {
  const [stats, rates] = await Promise.all([tableStats(knex), currencyRates(knex)]);
  const [requested, saved] = await Promise.all([
    buildFilters(knex, ability, actor, params, stats, rates, 'list'),
    tab === STAGES.open ? savedSearch(knex, ability, actor, project, stats, rates) : null,
  ]);
  const filters: Filters = {
    ...requested,
    text: requested.text ?? saved?.text,
    statuses: pipelineStatuses(actor),
    predicates: [
      ...metPredicates(stats, actor),
      membership(project, pipelineRole(actor), tab, flags, saved?.predicates ?? null),
      ...requested.predicates,
    ],
  };
  // Ranking counts the chosen skills and job titles: the saved ones where the request chose none.
  const ranking: Filters = {
    ...filters,
    movedIn: project.id,
    selected: {
      ...filters.selected,
      s: requested.selected.s?.length ? requested.selected.s : saved?.selected.s,
      jt: requested.selected.jt?.length ? requested.selected.jt : saved?.selected.jt,
    },
  };
  const pageParams = saved && !sortAsked ? { ...params, sort: saved.sort } : params;
  const counts = await countAndFacet(knex, filters, stats, {
    withFacets: false,
    page: { filters: ranking, params: pageParams },
  });
  return { ids: counts.pageIds, total: counts.total, filters, rates };
}

/** How many candidates the suggested tab shows the caller (no extra filters, hidden ones left out). */
export async function suggestedCount(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  project: ProjectRow,
): Promise<number> {
  if (!tabsFor(pipelineRole(actor)).includes(STAGES.open)) return 0;
  const [stats, rates] = await Promise.all([tableStats(knex), currencyRates(knex)]);
  const saved = await savedPredicates(knex, ability, actor, project, stats, rates);
  const filters: Filters = {
    predicates: [
      ...metPredicates(stats, actor),
      membership(project, pipelineRole(actor), STAGES.open, { hidden: false, favourite: false }, saved),
    ],
    selected: {},
    statuses: pipelineStatuses(actor),
  };
  const counts = await countAndFacet(knex, filters, stats, { withFacets: false });
  return counts.total;
}
