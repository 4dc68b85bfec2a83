/**
 * The spec's admin-list query keys (p, pp, sortBy, sortDir, search, status, e.g. /companies?status=0)
 * read as react-admin's own list parameters, so spec-style links open the right view. A value the
 * list cannot take falls back to its default (spec section 5): a sort on a field the resource does
 * not declare sortable is dropped, and a page size is held to the API's largest page.
 */
import { entityByResource } from '../../schema';
import { isSortable } from '../fields/fieldMeta';

const SORT_CODES: Record<string, string> = { ca: 'createdAt', la: 'lastActiveAt' };
const SPEC_KEYS = ['p', 'pp', 'sortBy', 'sortDir', 'search', 'status'];
/** The API's largest page (backend/crud/query.ts MAX_PAGE). */
export const MAX_PER_PAGE = 1000;

/** Whether the list at `pathname` ('/tags', '/companies/...') sorts by `field`; screens of no resource keep theirs. */
function sortsBy(pathname: string, field: string): boolean {
  const resource = pathname.split('/').filter(Boolean)[0];
  const entity = resource ? entityByResource(resource) : undefined;
  if (!entity) return true;
  return (field === 'id' || field in entity.fields || field in (entity.computed ?? {})) && isSortable(entity, field);
}

/** The react-admin query string for a spec-style one, or undefined when there is nothing to translate. */
export function fromSpecQuery(search: string, pathname = ''): string | undefined {
  const params = new URLSearchParams(search);
  if (params.has('filter') || !SPEC_KEYS.some((k) => params.has(k))) return undefined;
  const filter: Record<string, unknown> = {};
  const out = new URLSearchParams();
  let dropped = false;
  for (const [key, value] of params) {
    if (key === 'status' && /^\d+$/.test(value)) filter.status = Number(value);
    else if (key === 'search' && value.trim() !== '') filter.q = value;
    else if (key === 'p' && /^\d+$/.test(value)) out.set('page', String(Math.max(1, Number(value))));
    else if (key === 'pp' && /^\d+$/.test(value))
      out.set('perPage', String(Number(value) >= 1 ? Math.min(Number(value), MAX_PER_PAGE) : 25));
    else if (key === 'sortBy') {
      const field = SORT_CODES[value] ?? value;
      if (sortsBy(pathname, field)) out.set('sort', field);
      else dropped = true;
    } else if (key === 'sortDir') out.set('order', value.toUpperCase() === 'ASC' ? 'ASC' : 'DESC');
    else if (!SPEC_KEYS.includes(key)) out.append(key, value);
  }
  // A direction without the sort it belonged to would turn the list's default sort around.
  if (dropped && !out.has('sort')) out.delete('order');
  out.set('filter', JSON.stringify(filter));
  return `?${out.toString()}`;
}
