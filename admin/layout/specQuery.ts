/**
 * The spec's admin-list query keys (p, pp, sortBy, sortDir, search, status, e.g. /companies?status=0)
 * read as react-admin's own list parameters, so spec-style links open the right view.
 */
const SORT_CODES: Record<string, string> = { ca: 'createdAt', la: 'lastActiveAt' };
const SPEC_KEYS = ['p', 'pp', 'sortBy', 'sortDir', 'search', 'status'];

/** The react-admin query string for a spec-style one, or undefined when there is nothing to translate. */
export function fromSpecQuery(search: string): string | undefined {
  const params = new URLSearchParams(search);
  if (params.has('filter') || !SPEC_KEYS.some((k) => params.has(k))) return undefined;
  const filter: Record<string, unknown> = {};
  const out = new URLSearchParams();
  for (const [key, value] of params) {
    if (key === 'status' && /^\d+$/.test(value)) filter.status = Number(value);
    else if (key === 'search' && value.trim() !== '') filter.q = value;
    else if (key === 'p' && /^\d+$/.test(value)) out.set('page', String(Math.max(1, Number(value))));
    else if (key === 'pp' && /^\d+$/.test(value)) out.set('perPage', String(Number(value) >= 1 ? Number(value) : 25));
    else if (key === 'sortBy') out.set('sort', SORT_CODES[value] ?? value);
    else if (key === 'sortDir') out.set('order', value.toUpperCase() === 'ASC' ? 'ASC' : 'DESC');
    else if (!SPEC_KEYS.includes(key)) out.append(key, value);
  }
  out.set('filter', JSON.stringify(filter));
  return `?${out.toString()}`;
}
