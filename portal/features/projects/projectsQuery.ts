/**
 * The projects list's state in the URL: the view flags the menus set (kept as they are), page p,
 * per page pp (10, 20, 50), text q, status (0 active, 1 paused, 3 inactive) and the sort; read
 * back with the spec's fallbacks and turned into the list call's parameters.
 */
import type { ProjectListParams } from '../../api/projects';
import type { ProjectsView } from './projectViews';

export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const STATUS_VALUES = [0, 1, 3] as const;
export const SORTS = ['createdAt:desc', 'createdAt:asc', 'title:asc', 'title:desc', 'status:asc'] as const;
export type SortChoice = (typeof SORTS)[number];
/** The status stats card's name for each status. */
export const STATUS_NAMES: Record<number, 'Active' | 'Paused' | 'Inactive'> = {
  0: 'Active',
  1: 'Paused',
  3: 'Inactive',
};

export interface ProjectsQuery {
  page: number;
  perPage: number;
  q: string;
  status: number | null;
  sort: SortChoice;
}

const VIEW_FLAGS = ['my_project', 'internal_project', 'advocate_project'];

export function readProjectsQuery(params: URLSearchParams): ProjectsQuery {
  const page = Number.parseInt(params.get('p') ?? '', 10);
  const perPage = Number.parseInt(params.get('pp') ?? '', 10);
  const status = params.get('status');
  const sort = params.get('sort') as SortChoice | null;
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
    q: params.get('q') ?? '',
    status:
      status !== null && (STATUS_VALUES as readonly number[]).includes(Number(status)) && status !== ''
        ? Number(status)
        : null,
    sort: sort && SORTS.includes(sort) ? sort : 'createdAt:desc',
  };
}

/** The URL of a query, keeping the menu's view flag (and nothing else of the old URL). */
export function writeProjectsQuery(query: ProjectsQuery, current: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const flag of VIEW_FLAGS) if (current.get(flag) === 'true') out.set(flag, 'true');
  if (query.q.trim()) out.set('q', query.q.trim());
  if (query.status !== null) out.set('status', String(query.status));
  if (query.sort !== 'createdAt:desc') out.set('sort', query.sort);
  if (query.page > 1) out.set('p', String(query.page));
  if (query.perPage !== DEFAULT_PAGE_SIZE) out.set('pp', String(query.perPage));
  return out;
}

export function listParamsOf(view: ProjectsView, query: ProjectsQuery): ProjectListParams {
  const [sortBy, sortDir] = query.sort.split(':') as [ProjectListParams['sortBy'], ProjectListParams['sortDir']];
  return {
    view,
    ...(query.status !== null ? { status: query.status } : {}),
    ...(query.q.trim() ? { q: query.q.trim() } : {}),
    page: query.page,
    perPage: query.perPage,
    sortBy,
    sortDir,
  };
}
