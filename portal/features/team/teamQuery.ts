/**
 * The team list's state in the URL (page p, per page pp, search text, status), read back with the
 * spec's fallbacks (page below 1 becomes 1, per page below 1 becomes 25), and turned into a
 * simple-rest list request.
 */
import type { ListParams } from '../../../ui/api/client';

export const PER_PAGE_OPTIONS = [10, 20, 25, 50];
export const DEFAULT_PER_PAGE = 25;
export const STATUS_FILTERS = ['all', 'active', 'pending', 'inactive'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
const STATUS_VALUE: Record<Exclude<StatusFilter, 'all'>, number> = { pending: 0, active: 1, inactive: 2 };

export interface TeamQuery {
  page: number;
  perPage: number;
  search: string;
  status: StatusFilter;
}

const intOr = (raw: string | null, fallback: number) => {
  const n = raw === null ? NaN : Number.parseInt(raw, 10);
  return Number.isFinite(n) ? n : fallback;
};

export function readTeamQuery(params: URLSearchParams): TeamQuery {
  const page = intOr(params.get('p'), 1);
  const perPage = intOr(params.get('pp'), DEFAULT_PER_PAGE);
  const status = params.get('status') as StatusFilter | null;
  return {
    page: page < 1 ? 1 : page,
    perPage: perPage < 1 ? DEFAULT_PER_PAGE : Math.min(perPage, 100),
    search: params.get('search') ?? '',
    status: status && STATUS_FILTERS.includes(status) ? status : 'all',
  };
}

/** The URL query for a team query; defaults are left out so plain links stay plain. */
export function writeTeamQuery(q: TeamQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (q.page > 1) params.set('p', String(q.page));
  if (q.perPage !== DEFAULT_PER_PAGE) params.set('pp', String(q.perPage));
  if (q.search.trim()) params.set('search', q.search.trim());
  if (q.status !== 'all') params.set('status', q.status);
  return params;
}

export function listParamsOf(q: TeamQuery): ListParams {
  const start = (q.page - 1) * q.perPage;
  const filter: Record<string, unknown> = {};
  if (q.search.trim()) filter.q = q.search.trim();
  if (q.status !== 'all') filter.status = STATUS_VALUE[q.status];
  return { sort: ['createdAt', 'DESC'], range: [start, start + q.perPage - 1], filter };
}
