/**
 * The search page's state lives in the URL under the API's short keys, so a search is a link:
 * reload, back and forward give the same results. Pure: parsing, editing and the API query.
 *
 * Page size: the portal offers 10/20/50 and defaults to 20 (spec section 9), while the API's own default is 25
 * (section 5). The address leaves the default size out, but the API query always says it (apiSearchQuery), and the
 * "Showing" range and page count are read from the answer's page and perPage (pageRange).
 */
import { formatCount } from '../../../i18n';

/** Multi-select keys, in the order the filters are shown. */
export const MULTI_KEYS = ['jt', 's', 'l', 'cl', 'lang', 'i', 'te', 'np', 'bd'] as const;
export const ADMIN_MULTI_KEYS = ['ad', 'cs'] as const;
export type MultiKey = (typeof MULTI_KEYS)[number] | (typeof ADMIN_MULTI_KEYS)[number];
export const TEXT_KEYS = ['ts', 'ns', 'cn'] as const;
export type TextKey = (typeof TEXT_KEYS)[number];
export const FLAG_KEYS = ['r', 'isp', 'ias'] as const;
export type FlagKey = (typeof FLAG_KEYS)[number];
export const ADMIN_KEYS = new Set<string>(['ns', 'cn', 'ad', 'cs']);

/** The salary slider's top in SGD; other currencies' tops come with the search's answer (`salaryMax`). */
export const SALARY_MAX = 100_000;
/**
 * The salary range's open top: no upper bound (no `st` in the address). Typed amounts are kept as typed, in the
 * asked currency: the slider's top depends on the currency's rate, which the search answers (`salaryMax`).
 */
export const NO_UPPER_BOUND = Number.POSITIVE_INFINITY;
const salaryTops = new Map<string, number>([['SGD', SALARY_MAX]]);
/** Notes a currency's slider top as the search answered it. */
export const noteSalaryTop = (currency: string, top: number) => {
  if (Number.isFinite(top) && top > 0) salaryTops.set(currency, top);
};
/** The slider top last answered for a currency (100,000 until one is known). */
export const salaryTopOf = (currency: string): number => salaryTops.get(currency) ?? SALARY_MAX;
export const SALARY_STEP = 100;
export const EXPERIENCE_MAX = 99;
export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const SORTS = ['bestMatch', 'recentlyAdded'] as const;

export interface SearchState {
  text: Record<TextKey, string>;
  multi: Record<MultiKey, string[]>;
  flags: Record<FlagKey, boolean>;
  salary: [number, number];
  currency: string;
  experience: [number, number];
  sort: (typeof SORTS)[number];
  page: number;
  perPage: number;
}

const list = (params: URLSearchParams, key: string) =>
  params
    .getAll(key)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

/** Digits of a number as typed ('12,500' → 12500); anything else is 0, as the API reads it. */
export function digitsOf(text: string | null | undefined): number {
  if (!text) return 0;
  const plain = text.replace(/[,\s]/g, '');
  return /^\d{1,12}$/.test(plain) ? Number(plain) : 0;
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** Salary as typed (no clamp: the top depends on the currency); a missing `st` is no upper bound. */
function salaryRange(params: URLSearchParams): [number, number] {
  const from = digitsOf(params.get('sf'));
  const to = params.has('st') ? digitsOf(params.get('st')) : NO_UPPER_BOUND;
  return from > to ? [0, NO_UPPER_BOUND] : [from, to];
}

export function readState(params: URLSearchParams): SearchState {
  const multi = Object.fromEntries([...MULTI_KEYS, ...ADMIN_MULTI_KEYS].map((k) => [k, list(params, k)])) as Record<
    MultiKey,
    string[]
  >;
  const range = (fromKey: string, toKey: string, max: number): [number, number] => {
    const from = clamp(digitsOf(params.get(fromKey)), 0, max);
    const to = params.has(toKey) ? clamp(digitsOf(params.get(toKey)), 0, max) : max;
    return from > to ? [0, max] : [from, to];
  };
  const perPage = Number(params.get('pp'));
  const page = Number(params.get('p'));
  const sort = params.get('sort');
  return {
    text: { ts: params.get('ts') ?? '', ns: params.get('ns') ?? '', cn: params.get('cn') ?? '' },
    multi,
    flags: { r: params.get('r') === '1', isp: params.get('isp') === '1', ias: params.get('ias') === '1' },
    salary: salaryRange(params),
    currency: params.get('cur') ?? 'SGD',
    experience: range('ef', 'et', EXPERIENCE_MAX),
    sort: SORTS.includes(sort as never) ? (sort as SearchState['sort']) : 'bestMatch',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
  };
}

/** The URL (and API) query of a state: only what differs from the defaults. */
export function writeState(state: SearchState, isAdmin: boolean): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of TEXT_KEYS)
    if (state.text[key].trim() && (isAdmin || !ADMIN_KEYS.has(key))) out.set(key, state.text[key].trim());
  for (const key of [...MULTI_KEYS, ...ADMIN_MULTI_KEYS])
    if (state.multi[key].length && (isAdmin || !ADMIN_KEYS.has(key))) out.set(key, state.multi[key].join(','));
  if (state.salary[0] > 0) out.set('sf', String(state.salary[0]));
  if (Number.isFinite(state.salary[1])) out.set('st', String(state.salary[1]));
  if (state.currency !== 'SGD') out.set('cur', state.currency);
  if (state.experience[0] > 0) out.set('ef', String(state.experience[0]));
  if (state.experience[1] < EXPERIENCE_MAX) out.set('et', String(state.experience[1]));
  for (const key of FLAG_KEYS) if (state.flags[key]) out.set(key, '1');
  if (state.sort !== 'bestMatch') out.set('sort', state.sort);
  if (state.page > 1) out.set('p', String(state.page));
  if (state.perPage !== DEFAULT_PAGE_SIZE) out.set('pp', String(state.perPage));
  return out;
}

/**
 * The query the API is asked: the page size first, always said (the API's own default differs), then the address's.
 * A visit to /search at the default size asks what the server announced with the page (portal/index.html's
 * opening-request `/api/v1/search?pp=20&{query}`), so the page takes that answer rather than asking again.
 */
export function apiSearchQuery(state: SearchState, isAdmin: boolean): URLSearchParams {
  const rest = [...writeState(state, isAdmin)].filter(([key]) => key !== 'pp');
  return new URLSearchParams([['pp', String(state.perPage)], ...rest]);
}

/** Results past this many are never paged to (the search's own limit). */
export const MAX_PAGED = 10_000;

/**
 * The "Showing from - to" range and the page count of one page of `total` results; `pastEnd` when the page starts
 * after the last result (an old link, or results gone since), so the page can offer its pager, not "no matches".
 */
export function pageRange(total: number, page: number, perPage: number) {
  const from = total ? (page - 1) * perPage + 1 : 0;
  return {
    from,
    to: Math.min(total, page * perPage),
    pages: Math.max(1, Math.ceil(Math.min(total, MAX_PAGED) / perPage)),
    pastEnd: from > total,
  };
}

/** The same state with the filters changed and the page back to 1 (a new search starts at its top). */
export function withFilters(state: SearchState, change: Partial<Omit<SearchState, 'page'>>): SearchState {
  return { ...state, ...change, page: 1 };
}

/**
 * A change to the search, applied to the state the address holds when it lands. Built from the state as drawn, a
 * second pick made before the first one was drawn would drop the first.
 */
export type SearchEdit = (current: SearchState) => SearchState;

/** A filter change as an edit: the change reads the state it lands on; the page goes back to 1. */
export const editFilters =
  (change: (current: SearchState) => Partial<Omit<SearchState, 'page'>>): SearchEdit =>
  (current) =>
    withFilters(current, change(current));

/**
 * A list edited from `before` to `after`, the same additions and removals made to `now`: a list picked from while the
 * address held more (or fewer) ids than were drawn keeps them.
 */
export function rebased(before: readonly string[], after: readonly string[], now: readonly string[]): string[] {
  const removed = new Set(before.filter((id) => !after.includes(id)));
  const kept = now.filter((id) => !removed.has(id));
  return [...kept, ...after.filter((id) => !before.includes(id) && !kept.includes(id))];
}

export const EMPTY_FILTERS = (state: SearchState): SearchState =>
  readState(new URLSearchParams(state.perPage !== DEFAULT_PAGE_SIZE ? { pp: String(state.perPage) } : {}));

/** Numbers with thousands separators (12,345), as the salary inputs show them and every count reads. */
export const thousands = formatCount;
