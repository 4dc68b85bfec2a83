/**
 * The project page's state in its URL: the tab (a stage id), list or board, the hidden and
 * favourited flags and the search page's filters under the same short keys (searchUrl.ts), so a
 * tab with its filters is a link. Pure. The address leaves the portal's default page size out; the API query always
 * says it, as the API's own default (25) is not the portal's (20).
 */
import { TAB_ORDER, type StageId } from '../../../schema/rules/pipeline';
import { apiSearchQuery, readState, writeState, type SearchState } from '../search/searchUrl';

export type PipelineView = 'list' | 'board';

export interface PipelineUrlState {
  /** Undefined: the first tab the viewer sees. */
  tab: StageId | undefined;
  view: PipelineView;
  hidden: boolean;
  favourited: boolean;
  search: SearchState;
}

export function readPipeline(params: URLSearchParams): PipelineUrlState {
  const tab = Number(params.get('tab'));
  return {
    tab: params.has('tab') && (TAB_ORDER as readonly number[]).includes(tab) ? (tab as StageId) : undefined,
    view: params.get('view') === 'board' ? 'board' : 'list',
    hidden: params.get('ih') === '1',
    favourited: params.get('isf') === '1',
    search: readState(params),
  };
}

function withFlags(out: URLSearchParams, state: PipelineUrlState): URLSearchParams {
  if (state.hidden) out.set('ih', '1');
  if (state.favourited) out.set('isf', '1');
  return out;
}

/** The API query of a tab: the filters, the page size and the project flags (the caller adds project and tab). */
export function apiQuery(state: PipelineUrlState, isAdmin: boolean): URLSearchParams {
  return withFlags(apiSearchQuery(state.search, isAdmin), state);
}

export function writePipeline(state: PipelineUrlState, isAdmin: boolean): URLSearchParams {
  const out = withFlags(writeState(state.search, isAdmin), state);
  if (state.tab !== undefined) out.set('tab', String(state.tab));
  if (state.view === 'board') out.set('view', 'board');
  return out;
}

/** Any filter set (beyond paging and sort), so an empty tab can say "nothing matches" rather than "nobody here yet". */
export function hasFilters(state: PipelineUrlState): boolean {
  const q = apiQuery({ ...state, search: { ...state.search, page: 1, sort: 'bestMatch' } }, true);
  q.delete('pp');
  return q.size > 0;
}
