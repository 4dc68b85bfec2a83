/** Lookup lists the forms need. */
import { apiList } from '../../ui/api/client';

export interface Country {
  id: string;
  name: string;
  code: string;
  dialCode: string;
}

export const lookupsApi = {
  countries: async () => (await apiList<Country>('countries', { range: [0, 299], sort: ['name', 'ASC'] })).data,
};
