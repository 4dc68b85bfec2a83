/**
 * Where the profile form's pickers find their options (cities, job titles, skills, ...): each app
 * hands in its own signed-in client; names of chosen ids are cached for the page's lifetime. The
 * names a form's pickers ask for as it opens (thirty or so: each experience row's title and
 * employer, the skills, languages, places) are gathered for one turn of the event loop and asked
 * for in one request a resource, and a name already on its way is not asked for again. A form can ask for all its
 * names before its first draw (useNamesLoaded), so its pickers draw once, with their names, instead of drawing again
 * as each resource's names arrive.
 *
 * A typed name resolves as it does everywhere else (docs/search.md, 'Names typed by people'): the pickers ask the
 * autocomplete the search page asks (`GET /<kind>/search?q=`: the name, an alias or key, then close matches, accents
 * and typos forgiven, so 'Zurich' finds Zürich and 'Turkey' Türkiye), for every kind that has one (SUGGEST_PATHS),
 * from one letter ('R' offers the skill R first). The generic list serves only what is not a typed name: the names
 * of chosen ids, the first page a picker shows before anything is typed, and the kinds without an autocomplete.
 */
import { createContext, startTransition, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { entity, entityByResource } from '../../schema';
import { referencedIds, type Editor, type FormValues } from './profileFields';

export type LookupId = string | number;

export interface LookupOption {
  id: LookupId;
  name: string;
  /** A short qualifier shown beside the name, e.g. a city's country code. */
  hint?: string;
}

/** An option as an autocomplete answers it (backend/features/lookups). */
export interface SuggestedOption {
  id: LookupId;
  label: string;
  /** A city's country code; another kind's picture or icon. */
  src?: string | null;
}

/** Rows of a resource as the generic API lists them, and the autocomplete of a kind of name. */
export interface LookupClient {
  list(
    resource: string,
    params: { filter: Record<string, unknown>; perPage: number; sort: [string, 'ASC' | 'DESC'] },
  ): Promise<Record<string, unknown>[]>;
  /** `GET /<path>/search?q=`, e.g. path 'locations'. */
  suggest(path: string, q: string): Promise<SuggestedOption[]>;
}

/** The autocomplete each resource's typed names resolve through (backend/features/lookups/index.ts PATHS). */
const SUGGEST_PATHS: Record<string, string> = {
  cities: 'locations',
  'job-titles': 'job-titles',
  skills: 'skills',
  languages: 'languages',
  citizenships: 'citizenships',
  industries: 'industries',
  countries: 'countries',
  admins: 'admins',
  tags: 'tags',
};
/** The shortest and longest text the autocompletes answer (SUGGEST_MIN and their input's bound). */
const SUGGEST_MIN = 1;
const SUGGEST_MAX_LENGTH = 100;

export interface LookupSource {
  search(resource: string, q: string): Promise<LookupOption[]>;
  byIds(resource: string, ids: LookupId[]): Promise<LookupOption[]>;
  /** A name already loaded, if any. */
  cached(resource: string, id: LookupId): LookupOption | undefined;
}

const PAGE = 25;
/** The most ids one request asks for (the API lists at most 1,000 rows a page). */
const BATCH = 500;

/** An admin is named as their autocomplete names them: first and last name. */
const fullName = (row: Record<string, unknown>) =>
  [row.firstName, row.lastName].filter((part) => typeof part === 'string' && part).join(' ') || undefined;

function optionOf(resource: string, row: Record<string, unknown>): LookupOption {
  const titleField = entityByResource(resource)?.admin?.titleField ?? 'name';
  const name = String(row.name ?? (resource === 'admins' ? fullName(row) : undefined) ?? row[titleField] ?? row.id);
  const hint = resource === 'cities' && typeof row.code === 'string' ? row.code : undefined;
  return { id: row.id as LookupId, name, hint };
}

export function lookupSource(client: LookupClient): LookupSource {
  const cache = new Map<string, LookupOption>();
  const key = (resource: string, id: LookupId) => `${resource}#${id}`;
  const keep = (resource: string, option: LookupOption) => {
    cache.set(key(resource, option.id), option);
    return option;
  };
  const remember = (resource: string, rows: Record<string, unknown>[]) =>
    rows.map((row) => keep(resource, optionOf(resource, row)));
  const suggested = (resource: string, found: SuggestedOption[]) =>
    found.map((o) =>
      keep(resource, {
        id: o.id,
        name: o.label,
        hint: resource === 'cities' && typeof o.src === 'string' ? o.src : undefined,
      }),
    );
  const sortOf = (resource: string): [string, 'ASC' | 'DESC'] => {
    const def = entityByResource(resource);
    return [def?.fields.name ? 'name' : 'id', 'ASC'];
  };
  // The ids waiting for this turn's request, by resource, and the request each id asked for is in.
  const waiting = new Map<string, { ids: LookupId[]; done: Promise<void> }>();
  const asked = new Map<string, Promise<void>>();
  const batchOf = (resource: string) => {
    const open = waiting.get(resource);
    if (open && open.ids.length < BATCH) return open;
    const ids: LookupId[] = [];
    const done = new Promise<void>((resolve, reject) =>
      setTimeout(() => {
        if (waiting.get(resource)?.ids === ids) waiting.delete(resource);
        client
          .list(resource, { filter: { id: ids }, perPage: ids.length, sort: sortOf(resource) })
          .then((rows) => void remember(resource, rows), reject)
          .then(resolve)
          .finally(() => ids.forEach((id) => asked.delete(key(resource, id))));
      }),
    );
    const batch = { ids, done };
    waiting.set(resource, batch);
    return batch;
  };
  return {
    search: async (resource, q) => {
      const text = q.trim().slice(0, SUGGEST_MAX_LENGTH);
      const path = SUGGEST_PATHS[resource];
      if (path && text.length >= SUGGEST_MIN) return suggested(resource, await client.suggest(path, text));
      return remember(
        resource,
        await client.list(resource, { filter: text ? { q: text } : {}, perPage: PAGE, sort: sortOf(resource) }),
      );
    },
    byIds: async (resource, ids) => {
      const requests = new Set<Promise<void>>();
      for (const id of ids) {
        const k = key(resource, id);
        if (cache.has(k)) continue;
        let request = asked.get(k);
        if (!request) {
          const batch = batchOf(resource);
          batch.ids.push(id);
          asked.set(k, (request = batch.done));
        }
        requests.add(request);
      }
      await Promise.all(requests);
      return ids.map((id) => cache.get(key(resource, id))).filter((o): o is LookupOption => o !== undefined);
    },
    cached: (resource, id) => cache.get(key(resource, id)),
  };
}

const LookupContext = createContext<LookupSource | undefined>(undefined);

const sources = new WeakMap<LookupClient, LookupSource>();

/** One source a client: the names it loaded serve every picker of the page, in any form. */
function sourceOf(client: LookupClient): LookupSource {
  let source = sources.get(client);
  if (!source) sources.set(client, (source = lookupSource(client)));
  return source;
}

/** The country code of a city whose name the page has loaded (a chosen current location): where its phone numbers are read. */
export const cityCountries =
  (client: LookupClient) =>
  (cityId: unknown): string | undefined =>
    typeof cityId === 'string' || typeof cityId === 'number'
      ? sourceOf(client).cached('cities', cityId)?.hint
      : undefined;

export function LookupProvider({ client, children }: { client: LookupClient; children: ReactNode }) {
  return <LookupContext.Provider value={sourceOf(client)}>{children}</LookupContext.Provider>;
}

/**
 * Whether the names of the lookup rows a profile form's values point at (referencedIds) are loaded, all asked for at
 * once. True once they are, and from then on: a form waits for it before its first draw only. A failed request
 * counts as loaded; the pickers then ask for their own names, as they would have.
 */
export function useNamesLoaded(client: LookupClient, values: FormValues, editor: Editor): boolean {
  const source = sourceOf(client);
  const ids = useMemo(() => referencedIds(values, editor), [values, editor]);
  const missing = [...ids].flatMap(([name, set]) => {
    const resource = entity(name).resource;
    const absent = resource ? [...set].filter((id) => !source.cached(resource, id)) : [];
    return resource && absent.length ? [[resource, absent] as const] : [];
  });
  const key = JSON.stringify(missing);
  const [none] = useState(missing.length === 0);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (none || loaded) return;
    let live = true;
    Promise.all(missing.map(([resource, absent]) => source.byIds(resource, absent)))
      .catch(() => undefined)
      // A transition: React draws the form in slices, not in one long task.
      .then(() => live && startTransition(() => setLoaded(true)));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the missing ids' text
  }, [source, key]);
  return none || loaded;
}

export function useLookups(): LookupSource {
  const source = useContext(LookupContext);
  if (!source) throw new Error('useLookups needs a LookupProvider');
  return source;
}
