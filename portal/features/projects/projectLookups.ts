/**
 * The choices the project form offers: job titles and languages as people type (the lookups'
 * autocompletes), countries (all, loaded once), companies (admins), a company's active users
 * (owners) and the talent advocates; plus names for the ids a stored project holds.
 */
import { api, apiList } from '../../../ui/api/client';
import { lookupsApi } from '../../api/lookups';
import type { CompanyOption, Option } from './projectForm';

interface LookupOption {
  id: string | number;
  label: string;
}

const asOption = (o: LookupOption): Option => ({ id: String(o.id), label: o.label });

/** Autocompletes answer from 2 characters (spec section 5). */
export const SUGGEST_MIN = 2;

export async function suggest(path: 'job-titles' | 'languages', q: string, signal?: AbortSignal): Promise<Option[]> {
  if (q.trim().length < SUGGEST_MIN) return [];
  return (await api<LookupOption[]>(`${path}/search`, { query: { q: q.trim() }, signal })).map(asOption);
}

let countriesOnce: Promise<Option[]> | undefined;
export function allCountries(): Promise<Option[]> {
  countriesOnce ??= lookupsApi.countries().then(
    (rows) => rows.map((c) => ({ id: String(c.id), label: c.name })),
    (err: unknown) => {
      countriesOnce = undefined;
      throw err;
    },
  );
  return countriesOnce;
}

export async function findCompanies(q: string, signal?: AbortSignal): Promise<CompanyOption[]> {
  const { data } = await apiList<{ id: string; companyName: string; companyType: number }>(
    'companies',
    { sort: ['companyName', 'ASC'], range: [0, 19], filter: q.trim() ? { q: q.trim(), status: 1 } : { status: 1 } },
    signal,
  );
  return data.map((c) => ({ id: c.id, label: c.companyName, companyType: c.companyType }));
}

export async function companyOf(id: string): Promise<CompanyOption> {
  const c = await api<{ id: string; companyName: string; companyType: number }>(`companies/${encodeURIComponent(id)}`);
  return { id: c.id, label: c.companyName, companyType: c.companyType };
}

/**
 * Up to 50 active users of a company whose name or email holds `q`, searched on the server (a company user's own
 * company when no id is given: the list is scoped to it), so a company of any size finds each of its members.
 */
export async function companyUsers(companyId: string | undefined, q = '', signal?: AbortSignal): Promise<Option[]> {
  const filter: Record<string, unknown> = companyId ? { companyId, status: 1 } : { status: 1 };
  if (q.trim()) filter.q = q.trim();
  const { data } = await apiList<{ id: string; name: string | null; email: string }>(
    'company-users',
    { sort: ['firstName', 'ASC'], range: [0, 49], filter },
    signal,
  );
  return data.map((u) => ({ id: u.id, label: u.name?.trim() ? `${u.name.trim()} (${u.email})` : u.email }));
}

/**
 * Up to 50 active talent advocates (admins of type Advocate) whose name or email holds `q`, searched on the server,
 * so every advocate can be found however many there are.
 */
export async function advocates(q = '', signal?: AbortSignal): Promise<Option[]> {
  const filter: Record<string, unknown> = { role: 2, status: 1 };
  if (q.trim()) filter.q = q.trim();
  const { data } = await apiList<{ id: string; name: string | null; email: string }>(
    'admins',
    { sort: ['firstName', 'ASC'], range: [0, 49], filter },
    signal,
  );
  return data.map((a) => ({ id: a.id, label: a.name?.trim() || a.email }));
}

/** Names of stored ids of a lookup resource (job titles, languages). */
export async function namesOf(resource: 'job-titles' | 'languages', ids: string[]): Promise<Option[]> {
  if (!ids.length) return [];
  const { data } = await apiList<{ id: string | number; name: string }>(resource, {
    range: [0, ids.length - 1],
    filter: { id: ids },
  });
  return data.map((row) => ({ id: String(row.id), label: row.name }));
}
