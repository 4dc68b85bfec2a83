/**
 * The search query string (spec section 2's short keys) into a checked request, with the
 * fallbacks of spec section 5: page below 1 is 1; per page below 1 is 25 and above 50 is 50; an
 * unknown sort falls back to best match; non-digit salary or experience is 0; a missing range end
 * takes its default and a minimum above its maximum resets both (salary's, whose slider ends by the
 * currency's rate, when the rates are read: filters.ts). Lookup ids past what the facet values
 * encode are a field error. Pure: no database here.
 * Multi-value keys repeat (`s=1&s=2`) or take comma lists (`s=1,2`); their items are ids as the
 * autocompletes return them, or names (resolved later by the name matcher).
 */
import { entity } from '../../../schema';
import { DEFAULT_CURRENCY, SALARY_CURRENCIES } from '../../../schema/entities/talentOptions';
import { parseId } from '../../../schema/lib/ids';
import { ADMIN_SEARCH_KEYS } from '../../../schema/rules/searchKeys';
import { LOOKUP_SOURCES, type LookupKind } from '../../services/lookups/sources';

export const PAGE_SIZE = { default: 25, max: 50 } as const;
/**
 * The salary slider runs 0 to 100,000 SGD with a '+' top label: its top means no upper bound. In
 * another currency it runs to as much at the rate the search converts salaries with
 * (salarySliderMax; 100,000 SGD is over a billion IDR), so the range is applied once the rates
 * are read (filters.ts), not here.
 */
export const SALARY_SLIDER_MAX = 100_000;
/** The salary slider's top in a currency worth `toSgd` SGD a unit. */
export const salarySliderMax = (toSgd: number): number => Math.round(SALARY_SLIDER_MAX / (toSgd > 0 ? toSgd : 1));
/**
 * Lookup ids a dimension's filter can name: facet values are stored as dimension * 100,000,000 + id
 * (FACET_STEP, conditions.ts), so a larger id would name another dimension's option, or overflow.
 */
export const MAX_LOOKUP_ID = 99_999_999;
export const EXPERIENCE_MAX = 99;
/** Results are paged up to this many; deeper pages are empty (refine the search instead). */
export const MAX_RESULTS = 10_000;
/** Items of one multi-value key: ids, as the autocompletes and facets send them, or names. */
export const MAX_VALUES = 50;
/**
 * Names (items that are not ids) a request may type: each is compared with its lookup's rows in SQL
 * (sqlMatch.ts), so a request names about as many as a recruiter types, per key and in all.
 */
export const MAX_NAMES = { perKey: 20, total: 40 } as const;
/** The search page's sorts (spec section 2). */
export const SORTS = ['bestMatch', 'recentlyAdded'] as const;
/**
 * A project's tabs also sort by the candidate's last move in the project, most recent first (`recentlyMoved`: the
 * board's columns, page.ts). The search page has no project: there it is an unknown sort (best match).
 */
export const TAB_SORTS = [...SORTS, 'recentlyMoved'] as const;
export type Sort = (typeof TAB_SORTS)[number];

/** Multi-select keys, the facets they feed, and what their items name. */
export const DIMENSIONS = {
  jt: 'jobTitles',
  s: 'skills',
  l: 'locations',
  cl: 'currentLocations',
  lang: 'languages',
  i: 'industries',
  te: 'employmentTypes',
  bd: 'tags',
  np: 'noticePeriods',
} as const;
export type DimensionKey = keyof typeof DIMENSIONS;
export const DIMENSION_KEYS = Object.keys(DIMENSIONS) as DimensionKey[];

/** Keys whose items are ids or names of a lookup, and the lookup. */
export const LIST_KINDS: Record<Exclude<DimensionKey, 'te' | 'np'> | 'ad', LookupKind> = {
  jt: 'jobTitles',
  s: 'skills',
  l: 'locations',
  cl: 'locations',
  lang: 'languages',
  i: 'industries',
  bd: 'tags',
  ad: 'admins',
};
export type ListKey = keyof typeof LIST_KINDS;
const LIST_KEYS = Object.keys(LIST_KINDS) as ListKey[];

/** The id an item of `key` stands for, or undefined when it is a name. */
export const idOfItem = (key: ListKey, item: string): number | undefined =>
  parseId(entity(LOOKUP_SOURCES[LIST_KINDS[key]].entity), item);

/** Keys only admins may send, with the candidate field each filters (permissions name the fields). */
export const ADMIN_KEYS = ADMIN_SEARCH_KEYS;
export type AdminKey = keyof typeof ADMIN_KEYS;

/** Values given as raw items: ids or names, resolved against the lookups later. */
export type Items = string[];

export interface SearchParams {
  ts?: string;
  ns?: string;
  cn?: string;
  values: Partial<Record<DimensionKey | 'ad', Items>>;
  /** Enum-valued multi keys, checked here: employment types, notice periods, candidate statuses. */
  enums: { te?: number[]; np?: number[]; cs?: number[] };
  salary?: { from: number; to?: number; currency: string };
  /** The asked currency, for salaries shown in results (default SGD). */
  currency: string;
  experience?: { from: number; to?: number };
  remote: boolean;
  popular: boolean;
  shortlisted: boolean;
  sort: Sort;
  page: number;
  perPage: number;
  /** Admin-only keys present in the request. */
  adminKeys: AdminKey[];
}

export type Query = Record<string, unknown>;

export class ParamError extends Error {
  constructor(public readonly fields: Record<string, string>) {
    super('invalid search parameters');
  }
}

function strings(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

function one(raw: unknown): string | undefined {
  const list = strings(Array.isArray(raw) ? raw.slice(-1) : raw);
  return list.length ? list.join(',') : undefined;
}

/** Digits only, thousands separators allowed; anything else is 0 (spec section 5). */
export function digits(raw: unknown): number | undefined {
  const text =
    typeof raw === 'string' ? raw.trim() : Array.isArray(raw) ? String(raw[raw.length - 1] ?? '').trim() : undefined;
  if (text === undefined || text === '') return undefined;
  const plain = text.replace(/[,\s]/g, '');
  return /^\d{1,12}$/.test(plain) ? Number(plain) : 0;
}

/**
 * A range with defaults: a missing end takes its default, min above max resets both. The slider ends at `max`
 * ("max+"): a higher minimum is `max`, as a higher maximum is open (99,999 years has no date, a 12-digit salary
 * no integer to compare with).
 */
export function range(
  from: number | undefined,
  to: number | undefined,
  max: number,
): { from: number; to?: number } | undefined {
  let lo = Math.min(from ?? 0, max);
  let hi = to === undefined || to >= max ? undefined : to;
  if (hi !== undefined && lo > hi) {
    lo = 0;
    hi = undefined;
  }
  return lo > 0 || hi !== undefined ? { from: lo, to: hi } : undefined;
}

/** A positive whole number or the fallback; page and per page take no error (spec section 5). */
function whole(raw: unknown, fallback: number): number {
  const text = one(raw);
  if (text === undefined || !/^-?\d{1,9}$/.test(text)) return fallback;
  return Number(text);
}

/** The sort asked, of those `sorts` allows (the search page's unless a tab asks); anything else is best match. */
export function sortOf(raw: unknown, sorts: readonly Sort[] = SORTS): Sort {
  const text = (one(raw) ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (['recent', 'recentlyadded', 'newest', 'ca', 'created'].includes(text)) return 'recentlyAdded';
  if (sorts.includes('recentlyMoved') && ['recentlymoved', 'moved', 'lastmoved'].includes(text)) return 'recentlyMoved';
  return 'bestMatch';
}

function enumList(
  query: Query,
  key: string,
  allowed: readonly number[],
  errors: Record<string, string>,
): number[] | undefined {
  const items = strings(query[key]);
  if (!items.length) return undefined;
  const values = items.map(Number);
  if (items.some((v) => !/^\d{1,2}$/.test(v)) || values.some((v) => !allowed.includes(v)))
    errors[key] = `${key}.errors.invalid`;
  return [...new Set(values)];
}

/** No lone surrogate halves and no NUL: text PostgreSQL can store and compare as it is. */
export function wellFormed(value: string): boolean {
  if (value.includes(String.fromCharCode(0))) return false;
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}

function flag(raw: unknown): boolean {
  const text = (one(raw) ?? '').toLowerCase();
  return ['1', 'true', 'yes', 'on'].includes(text);
}

function text(query: Query, key: string, max: number, errors: Record<string, string>): string | undefined {
  const value = one(query[key]);
  if (value === undefined) return undefined;
  // Lone surrogates and NUL cannot be searched for; they are refused, not altered.
  if (!wellFormed(value)) errors[key] = `${key}.errors.invalid`;
  else if (value.length > max) errors[key] = `${key}.errors.tooLong`;
  return value.trim() || undefined;
}

export const EMPLOYMENT_TYPE_IDS = [1, 2, 3, 4] as const;
export const NOTICE_BUCKETS = [0, 1, 2, 3] as const;
export const CANDIDATE_SITUATION_IDS = [0, 1, 2, 3, 4] as const;

/** Reads every key; collects every problem at once (ParamError with field messages). */
export function parseSearchParams(query: Query, { sorts = SORTS }: { sorts?: readonly Sort[] } = {}): SearchParams {
  const errors: Record<string, string> = {};
  const values: SearchParams['values'] = {};
  let names = 0;
  for (const key of LIST_KEYS) {
    const items = strings(query[key]);
    if (!items.length) continue;
    const distinct = [...new Set(items)];
    values[key] = distinct;
    const typed = distinct.filter((v) => idOfItem(key, v) === undefined).length;
    names += typed;
    // Too many in the key, or the names of this key take the request past its names in all.
    if (items.length > MAX_VALUES || typed > MAX_NAMES.perKey || (typed && names > MAX_NAMES.total))
      errors[key] = `${key}.errors.tooMany`;
    else if (items.some((v) => v.length > 160 || !wellFormed(v))) errors[key] = `${key}.errors.invalid`;
    else if (key !== 'ad' && distinct.some((v) => (idOfItem(key, v) ?? 0) > MAX_LOOKUP_ID))
      errors[key] = `${key}.errors.unknownId`;
  }
  const enums = {
    te: enumList(query, 'te', EMPLOYMENT_TYPE_IDS, errors),
    np: enumList(query, 'np', NOTICE_BUCKETS, errors),
    cs: enumList(query, 'cs', CANDIDATE_SITUATION_IDS, errors),
  };
  const currencyRaw = one(query.cur)?.toUpperCase();
  if (currencyRaw !== undefined && !(SALARY_CURRENCIES as readonly string[]).includes(currencyRaw))
    errors.cur = 'cur.errors.unsupported';
  const currency = currencyRaw && !errors.cur ? currencyRaw : DEFAULT_CURRENCY;
  // In the asked currency, as typed: its slider's top depends on the rate (filters.ts applies the range).
  const [salaryFrom, salaryTo] = [digits(query.sf), digits(query.st)];
  const experience = range(digits(query.ef), digits(query.et), EXPERIENCE_MAX);
  const perPageRaw = whole(query.pp, PAGE_SIZE.default);
  const params: SearchParams = {
    ts: text(query, 'ts', 200, errors),
    ns: text(query, 'ns', 100, errors),
    cn: text(query, 'cn', 100, errors),
    values,
    enums,
    salary:
      salaryFrom !== undefined || salaryTo !== undefined
        ? { from: salaryFrom ?? 0, to: salaryTo, currency }
        : undefined,
    currency,
    experience,
    remote: flag(query.r),
    popular: flag(query.isp),
    shortlisted: flag(query.ias),
    sort: sortOf(query.sort, sorts),
    page: Math.max(1, whole(query.p, 1)),
    perPage: perPageRaw < 1 ? PAGE_SIZE.default : Math.min(PAGE_SIZE.max, perPageRaw),
    adminKeys: [],
  };
  params.adminKeys = (Object.keys(ADMIN_KEYS) as AdminKey[]).filter((key) =>
    key === 'ad' ? Boolean(values.ad) : key === 'cs' ? Boolean(enums.cs) : Boolean(params[key as 'ns' | 'cn']),
  );
  if (Object.keys(errors).length) throw new ParamError(errors);
  return params;
}
