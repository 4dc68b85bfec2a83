/** ra-data-simple-rest against /api/v1, through the console's authenticated, envelope-aware client. */
import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, type DataProvider, type Identifier } from 'react-admin';
import { deleteInChunks, deleteSummary } from './bulkDelete';
import { changeStatus } from './bulkStatus';
import { API_URL, httpClient } from './http';
import { movedRecord } from './movedRecord';
import { noteWritten } from './writtenVersions';

const base = simpleRestProvider(API_URL, httpClient);

const one = (resource: string, id: Identifier) => `${API_URL}/${resource}/${encodeURIComponent(String(id))}`;

/** Deletes one row; a company user's projects go to `transferTo` when one is named (the server's ?transferTo=). */
async function deleteOne(resource: string, id: Identifier, transferTo?: Identifier) {
  const query = transferTo ? `?transferTo=${encodeURIComponent(String(transferTo))}` : '';
  const { json } = await httpClient(`${one(resource, id)}${query}`, { method: 'DELETE' });
  return json;
}

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
  /**
   * A record answered under another id (a merged profile's id redirects to its survivor) is thrown as `movedRecord`
   * with the record, for the screen to open the record's own address: react-admin refuses it under the route's id.
   */
  getOne: async (resource, params) => {
    const result = await base.getOne(resource, params);
    if (result.data?.id != null && String(result.data.id) !== String(params.id))
      throw movedRecord(params.id, result.data);
    return result;
  },
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
  /** A record saved: its new version is this console's own (writtenVersions.ts), not a change made elsewhere. */
  update: async (resource, params) => {
    const result = await base.update(resource, params);
    noteWritten(resource, result.data);
    return result;
  },
  /**
   * A bulk status change goes in one request the server applies in one transaction (all rows or
   * none), instead of one request per row that could half succeed.
   */
  updateMany: async (resource, params) => {
    const keys = Object.keys(params.data ?? {});
    if (keys.length !== 1 || keys[0] !== 'status') return base.updateMany(resource, params);
    // bulkStatus.ts: the rows gone meanwhile are skipped by the server, and not answered as updated.
    const { gone } = await changeStatus(resource, params.ids, params.data.status);
    return { data: params.ids.filter((id) => !gone.includes(String(id))) };
  },
  /** A single deletion; a company user's may name who takes over their projects (`meta.transferTo`). */
  delete: async (resource, params) => {
    const transferTo = (params.meta as { transferTo?: Identifier } | undefined)?.transferTo;
    if (resource !== 'company-users' || !transferTo) return base.delete(resource, params);
    const json = await deleteOne(resource, params.id, transferTo);
    return { data: json };
  },
  /**
   * Every list deletes in chunks answered per key (bulkDelete.ts, the server's DELETE /<resource> {keys}): rows already
   * gone count as deleted, the refused ones are told (a company user's work goes to a colleague on the server).
   */
  deleteMany: async (resource, params) => {
    const report = await deleteInChunks(resource, params.ids);
    if (report.refused.length) throw new HttpError(deleteSummary(report), 400);
    return { data: [...report.deleted, ...report.gone] };
  },
};
