/**
 * A candidate as a notification names them to one recipient: the name only to whom the product's
 * visibility rule shows it (seesIdentity, backend/features/search/visibility.ts), otherwise the
 * role they hold, so an inbox never reveals more than the board does.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import type { Actor } from '../../../schema/roles';
import { seesIdentity } from '../search';

export interface CandidateFacts {
  firstName: string | null;
  lastName: string | null;
  visibility: boolean | null;
  anonymous: boolean | null;
  revealed: boolean;
}

export async function candidateFacts(
  knex: Knex | Knex.Transaction,
  candidateId: number,
  projectId?: number,
): Promise<CandidateFacts | undefined> {
  const row = await knex('candidates as c')
    .leftJoin('project_candidates as pc', (j) =>
      j.on('pc.candidate_id', 'c.id').andOn('pc.project_id', knex.raw('?', [projectId ?? -1])),
    )
    .where('c.id', candidateId)
    .first('c.first_name', 'c.last_name', 'c.visibility', 'c.anonymous', 'pc.revealed_at');
  if (!row) return undefined;
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    visibility: row.visibility,
    anonymous: row.anonymous,
    revealed: Boolean(row.revealed_at),
  };
}

export function candidateLabel(actor: Actor, c: CandidateFacts | undefined): string {
  const name = `${c?.firstName ?? ''} ${c?.lastName ?? ''}`.trim();
  if (c && name && (seesIdentity(actor, c) || c.revealed)) return name;
  return t('notifications.aCandidate');
}
