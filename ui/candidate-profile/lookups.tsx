/**
 * Where the profile form's pickers find their options (cities, job titles, skills, ...): each app
 * hands in its own signed-in client; names of chosen ids are cached for the page's lifetime.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { entityByResource } from '../../schema';

export type LookupId = string | number;

export interface LookupOption {
  id: LookupId;
  name: string;
  /** A short qualifier shown beside the name, e.g. a city's country code. */
  hint?: string;
}

/** Rows of a resource as the generic API lists them. */
export interface LookupClient {
  list(
    resource: string,
    params: { filter: Record<string, unknown>; perPage: number; sort: [string, 'ASC' | 'DESC'] },
  ): Promise<Record<string, unknown>[]>;
}

export interface LookupSource {
  search(resource: string, q: string): Promise<LookupOption[]>;
  byIds(resource: string, ids: LookupId[]): Promise<LookupOption[]>;
  /** A name already loaded, if any. */
  cached(resource: string, id: LookupId): LookupOption | undefined;
}

const PAGE = 25;

function optionOf(resource: string, row: Record<string, unknown>): LookupOption {
  const titleField = entityByResource(resource)?.admin?.titleField ?? 'name';
  const name = String(row.name ?? row[titleField] ?? row.id);
  const hint = resource === 'cities' && typeof row.code === 'string' ? row.code : undefined;
  return { id: row.id as LookupId, name, hint };
}

export function lookupSource(client: LookupClient): LookupSource {
  const cache = new Map<string, LookupOption>();
  const key = (resource: string, id: LookupId) => `${resource}#${id}`;
  const remember = (resource: string, rows: Record<string, unknown>[]) =>
    rows.map((row) => {
      const option = optionOf(resource, row);
      cache.set(key(resource, option.id), option);
      return option;
    });
  const sortOf = (resource: string): [string, 'ASC' | 'DESC'] => {
    const def = entityByResource(resource);
    return [def?.fields.name ? 'name' : 'id', 'ASC'];
  };
  return {
    search: async (resource, q) =>
      remember(
        resource,
        await client.list(resource, { filter: q.trim() ? { q: q.trim() } : {}, perPage: PAGE, sort: sortOf(resource) }),
      ),
    byIds: async (resource, ids) => {
      const missing = ids.filter((id) => !cache.has(key(resource, id)));
      if (missing.length)
        remember(
          resource,
          await client.list(resource, { filter: { id: missing }, perPage: missing.length, sort: sortOf(resource) }),
        );
      return ids.map((id) => cache.get(key(resource, id))).filter((o): o is LookupOption => o !== undefined);
    },
    cached: (resource, id) => cache.get(key(resource, id)),
  };
}

const LookupContext = createContext<LookupSource | undefined>(undefined);

export function LookupProvider({ client, children }: { client: LookupClient; children: ReactNode }) {
  const source = useMemo(() => lookupSource(client), [client]);
  return <LookupContext.Provider value={source}>{children}</LookupContext.Provider>;
}

export function useLookups(): LookupSource {
  const source = useContext(LookupContext);
  if (!source) throw new Error('useLookups needs a LookupProvider');
  return source;
}
