/**
 * What each analytics event may carry: ids and counts, never a person. Every property is declared
 * by name with its kind (a whole number, a flag, or names from a declared list); anything else is
 * dropped when the event is stored and again when it is forwarded, so a key or value a caller let
 * through (a query string's keys, say) never reaches the analytics service.
 */

export type AnalyticsEventName = 'search' | 'project_created' | 'candidates_moved';
export type AnalyticsProperties = Record<string, number | boolean | string | string[] | null>;

type Kind = 'count' | 'flag' | { names: readonly string[] };

/** The keys a search names as its filters (backend/features/search/params.ts); paging is not a filter. */
export const SEARCH_FILTER_KEYS = [
  'ts',
  'jt',
  's',
  'l',
  'cl',
  'lang',
  'i',
  'te',
  'bd',
  'np',
  'ns',
  'cn',
  'ad',
  'cs',
  'cur',
  'sf',
  'st',
  'ef',
  'et',
  'r',
  'isp',
  'ias',
  'sort',
] as const;

export const EVENT_PROPERTIES: Record<AnalyticsEventName, Record<string, Kind>> = {
  search: { resultCount: 'count', filters: { names: SEARCH_FILTER_KEYS } },
  project_created: { plan: 'count' },
  candidates_moved: { fromStage: 'count', toStage: 'count', count: 'count' },
};

/** The declared properties of `event` in `properties`, each of its kind; an undeclared event carries none. */
export function declaredProperties(event: string, properties: Record<string, unknown> | null): AnalyticsProperties {
  const declared = Object.hasOwn(EVENT_PROPERTIES, event) ? EVENT_PROPERTIES[event as AnalyticsEventName] : {};
  const out: AnalyticsProperties = {};
  for (const [key, kind] of Object.entries(declared)) {
    const value = properties?.[key];
    if (value === undefined) continue;
    if (value === null) out[key] = null;
    else if (kind === 'count') {
      if (typeof value === 'number' && Number.isSafeInteger(value)) out[key] = value;
    } else if (kind === 'flag') {
      if (typeof value === 'boolean') out[key] = value;
    } else if (Array.isArray(value)) {
      out[key] = [...new Set(value.filter((v): v is string => typeof v === 'string' && kind.names.includes(v)))];
    }
  }
  return out;
}
