/**
 * The console's bulk status change of a list (`PUT /<resource>/status`, one transaction on the server) and the words of
 * its outcome, shared with the talent list's (TalentBulkStatus.tsx). The server answers per key
 * (backend/crud/bulkAnswer.ts): how many changed, how many already had the status, and the rows no longer there, which
 * it skipped; the toast tells those counts, not the size of the selection.
 */
import type { Identifier } from 'react-admin';
import { t } from '../../i18n';
import { API_URL, httpClient } from './http';

/** The server's counts of a bulk status change; `gone` the keys of rows no longer there. */
export interface StatusOutcome {
  updated: number;
  unchanged: number;
  gone: string[];
}

/** The spec names the bulk-status list differently per resource; company users take `users`. */
const bulkKey = (resource: string) => (resource === 'company-users' ? 'users' : 'ids');

/** Sets `status` on the rows `ids` of `resource`; those gone meanwhile are skipped and named. */
export async function changeStatus(resource: string, ids: Identifier[], status: unknown): Promise<StatusOutcome> {
  const { json } = await httpClient(`${API_URL}/${resource}/status`, {
    method: 'PUT',
    body: JSON.stringify({ [bulkKey(resource)]: ids, status }),
  });
  const answer = (json ?? {}) as Partial<StatusOutcome>;
  return { updated: answer.updated ?? 0, unchanged: answer.unchanged ?? 0, gone: answer.gone ?? [] };
}

/** "8 changed, 17 already Active, 1 no longer exists": the outcome in the server's counts, `label` the status's. */
export function statusOutcomeText(outcome: StatusOutcome, label: string): string {
  const parts = [t('admin.bulkStatus.changed', { count: outcome.updated })];
  if (outcome.unchanged) parts.push(t('admin.bulkStatus.already', { count: outcome.unchanged, status: label }));
  if (outcome.gone.length) parts.push(t('admin.bulkStatus.gone', { count: outcome.gone.length }));
  return parts.join(', ');
}
