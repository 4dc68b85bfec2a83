/** Lookup lists the forms need. */
import { api, apiList } from '../../ui/api/client';

export interface Country {
  id: string;
  name: string;
  code: string;
  dialCode: string;
}

/** An autocomplete's option (backend/features/lookups): a country's `src` is its code. */
export interface CountryMatch {
  id: string | number;
  label: string;
  src: string | null;
}

export const lookupsApi = {
  countries: async () => (await apiList<Country>('countries', { range: [0, 299], sort: ['name', 'ASC'] })).data,
  /** Countries as typed ('UK', 'USA', 'Turkey'), through the one name matcher; signed out too. */
  searchCountries: (q: string, signal?: AbortSignal) =>
    api<CountryMatch[]>('countries/search', { query: { q: q.trim().slice(0, 100) }, signal }),
};
