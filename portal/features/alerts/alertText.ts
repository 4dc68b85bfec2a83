/** The alert panel's words that depend on the data: "3 new since 30 Nov 2026". Pure. */
import { t } from '../../../i18n';
import { formatDate } from '../../../schema/rules/dates';

export function newSince(count: number, since: string | null | undefined): string | null {
  if (!count || !since) return null;
  return t('alerts.newSince', { count, day: formatDate(since) ?? '' });
}
