/** ra-data-simple-rest against /api/v1, through the console's authenticated, envelope-aware client. */
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier } from 'react-admin';
import { API_URL, httpClient } from './http';

const base = simpleRestProvider(API_URL, httpClient);

/** The spec names the bulk-status list differently per resource; company users take `users`. */
const bulkKey = (resource: string) => (resource === 'company-users' ? 'users' : 'ids');

/**
 * The last candidate of each talent-list page read, by the list's sort, filter and page size (the latest 20
 * lists). The next page names it (`after`), so the server starts just past it instead of walking every row
 * before the page; a page jumped to without the one before it goes by offset.
 */
const lastOfPage = new Map<string, Map<number, Identifier>>();

function remember(key: string, page: number, id: Identifier) {
  const pages = lastOfPage.get(key) ?? new Map<number, Identifier>();
  pages.set(page, id);
  lastOfPage.delete(key);
  lastOfPage.set(key, pages);
  if (lastOfPage.size > 20) lastOfPage.delete(lastOfPage.keys().next().value as string);
}

export const dataProvider: DataProvider = {
  ...base,
  getList: async (resource, params) => {
    if (resource !== 'candidates') return base.getList(resource, params);
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
    const key = JSON.stringify([params.sort, params.filter, perPage]);
    const after = lastOfPage.get(key)?.get(page - 1);
    const provider =
      after === undefined
        ? base
        : simpleRestProvider(API_URL, (url, options) =>
            httpClient(`${url}&after=${encodeURIComponent(String(after))}`, options),
          );
    const result = await provider.getList(resource, params);
    const last = result.data.at(-1);
    if (last && result.data.length === perPage) remember(key, page, last.id);
    return result;
  },
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
