/** The team page's small texts that depend on what is shown: empty tabs and status confirmations. */
import { t } from '../../../i18n';
import type { CompanyUserRow } from '../../api/companyUsers';

/** What an empty list says: a search that found nobody, an empty status tab, or an empty team. */
export function emptyTeamText(query: { search: string; status: string }): string {
  if (query.search) return t('portal.team.noMatches');
  if (query.status !== 'all') return t(`portal.team.emptyTab.${query.status}`);
  return t('portal.team.empty');
}

/** The confirmation of an activation or deactivation: one named person, or a count. */
export function statusConfirmTexts(
  ids: string[],
  status: 1 | 2,
  rows: CompanyUserRow[],
): { title: string; message: string } {
  const verb = status === 2 ? 'deactivate' : 'activate';
  const one = ids.length === 1 ? rows.find((row) => row.id === ids[0]) : undefined;
  if (one) {
    const name = [one.firstName, one.lastName].filter(Boolean).join(' ') || one.email;
    return { title: t(`portal.team.${verb}OneTitle`, { name }), message: t(`portal.team.${verb}OneMessage`, { name }) };
  }
  return { title: t(`portal.team.${verb}Title`), message: t(`portal.team.${verb}Message`, { count: ids.length }) };
}
