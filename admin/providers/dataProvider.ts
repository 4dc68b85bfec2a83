/** ra-data-simple-rest against /api/v1, through the console's authenticated, envelope-aware client. */
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { API_URL, httpClient } from './http';

const base = simpleRestProvider(API_URL, httpClient);

/** The spec names the bulk-status list differently per resource; company users take `users`. */
const bulkKey = (resource: string) => (resource === 'company-users' ? 'users' : 'ids');

export const dataProvider: DataProvider = {
  ...base,
  /**
   * A bulk status change goes in one request the server applies in one transaction (all rows or
   * none), instead of one request per row that could half succeed.
   */
  updateMany: async (resource, params) => {
    const keys = Object.keys(params.data ?? {});
    if (keys.length !== 1 || keys[0] !== 'status') return base.updateMany(resource, params);
    await httpClient(`${API_URL}/${resource}/status`, {
      method: 'PUT',
      body: JSON.stringify({ [bulkKey(resource)]: params.ids, status: params.data.status }),
    });
    return { data: params.ids };
  },
};
