/** Writes to the append-only data rights log (PostgreSQL refuses to change or delete its rows). */
import type { Knex } from 'knex';
import { DATA_RIGHTS_ACTIONS } from '../../../schema/rules/dataRights';
import { actorRefs, type Actor } from '../../../schema/roles';

export type DataRightsAction = keyof typeof DATA_RIGHTS_ACTIONS;

/**
 * `actor` undefined: the scheduled job. `detail` never carries the person's identity nor any free
 * text (the log outlives an erasure and nothing may change it): only ids, the product's own words
 * (a purpose, a field's name, a source) and counts. An admin's note or reason stays on the row it
 * is about (the consent, the erasure request, the correction), which the erasure removes or clears;
 * the entry at most says that there was one.
 */
export async function logDataRights(
  trx: Knex | Knex.Transaction,
  candidateId: number,
  action: DataRightsAction,
  actor: Actor | undefined,
  detail?: Record<string, unknown>,
): Promise<void> {
  const refs = actor ? actorRefs(actor) : undefined;
  await trx('data_rights_logs').insert({
    candidate_id: candidateId,
    action: DATA_RIGHTS_ACTIONS[action],
    actor_kind: refs?.kind ?? null,
    actor_id: actor?.id ?? null,
    detail: detail ? JSON.stringify(detail) : null,
  });
}
