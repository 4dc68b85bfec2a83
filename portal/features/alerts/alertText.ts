/** The alert panel's words that depend on the data: "3 new since 30 Nov 2026". Pure. */
import { t } from '../../../i18n';
import { formatDate } from '../../../schema/rules/dates';
import { readState, writeState } from '../search/searchUrl';

export function newSince(count: number, since: string | null | undefined): string | null {
  if (!count || !since) return null;
  return t('alerts.newSince', { count, day: formatDate(since) ?? '' });
}

/**
 * A search's filters in one spelling, as the search page reads and writes them, without the page
 * and in key order: a project's saved search and the search on screen are the same when equal.
 */
export function searchKey(query: string | URLSearchParams, isAdmin: boolean): string {
  const written = writeState(readState(new URLSearchParams(query)), isAdmin);
  written.delete('p');
  written.sort();
  return written.toString();
}
