/**
 * A list deleted through the server's per-key bulk route (DELETE /<resource> {keys}, e.g. candidates): one request per
 * chunk of DELETE_CHUNK rows instead of one per row, each answering which keys it deleted, which were already gone
 * (deleted by someone else: what the admin wanted, not a failure) and which it refused, with the reason. A chunk that
 * fails whole (refused, or no answer) counts its rows and the ones not yet sent as refused, in the failure's words.
 */
import type { Identifier } from 'react-admin';
import { t } from '../../i18n';
import { API_URL, failureMessage, httpClient } from './http';

/** Rows per request: a chunk is one transaction on the server; progress is told between chunks. */
export const DELETE_CHUNK = 25;

export interface DeleteReport {
  deleted: Identifier[];
  gone: Identifier[];
  refused: { id: Identifier; reason: string }[];
}

interface Answer {
  deleted?: string[];
  gone?: string[];
  refused?: { id: string; message?: string }[];
}

/** Deletes `ids` chunk by chunk; `onProgress` hears how many have been answered for. Never throws for a refusal. */
export async function deleteInChunks(
  resource: string,
  ids: Identifier[],
  onProgress?: (done: number) => void,
): Promise<DeleteReport> {
  const report: DeleteReport = { deleted: [], gone: [], refused: [] };
  for (let start = 0; start < ids.length; start += DELETE_CHUNK) {
    const keys = ids.slice(start, start + DELETE_CHUNK);
    try {
      const { json } = await httpClient(`${API_URL}/${resource}`, { method: 'DELETE', body: JSON.stringify({ keys }) });
      const answer = (json ?? {}) as Answer;
      report.deleted.push(...(answer.deleted ?? []));
      report.gone.push(...(answer.gone ?? []));
      for (const { id, message } of answer.refused ?? [])
        report.refused.push({ id, reason: message ?? t('errors.forbidden') });
    } catch (err) {
      const reason = failureMessage(err);
      report.refused.push(...ids.slice(start).map((id) => ({ id, reason })));
      break;
    } finally {
      onProgress?.(Math.min(start + DELETE_CHUNK, ids.length));
    }
  }
  return report;
}

/** The outcome in words: "24 deleted, 1 was already deleted", and the rows refused by name with the first reason. */
export function deleteSummary(report: DeleteReport, nameOf: (id: Identifier) => string = String): string {
  const parts = [t('admin.bulkDelete.deleted', { count: report.deleted.length })];
  if (report.gone.length) parts.push(t('admin.bulkDelete.gone', { count: report.gone.length }));
  if (report.refused.length)
    parts.push(
      t('admin.bulkDelete.refused', {
        count: report.refused.length,
        names: report.refused.map((r) => nameOf(r.id)).join(', '),
        reason: report.refused[0].reason,
      }),
    );
  return parts.join(', ');
}
