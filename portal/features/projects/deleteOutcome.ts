/**
 * A bulk deletion of projects in words: how many went, how many were already gone (deleted by someone else meanwhile:
 * what the user wanted, not a failure) and which were refused, with the first reason; the refused stay selected.
 */
import { t } from '../../../i18n';
import type { BulkDeleteAnswer } from '../../api/projects';

const L = 'portal.projectsPortal.list';

export function deleteOutcome(answer: BulkDeleteAnswer): { message: string; refused: string[] } {
  const parts = [t(`${L}.deleted`, { count: answer.deleted.length })];
  if (answer.gone.length) parts.push(t(`${L}.alreadyDeleted`, { count: answer.gone.length }));
  if (answer.refused.length)
    parts.push(t(`${L}.notDeleted`, { count: answer.refused.length, reason: answer.refused[0].message }));
  return { message: parts.join('. '), refused: answer.refused.map((r) => r.id) };
}
