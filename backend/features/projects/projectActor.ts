/**
 * Who is changing a project, for the trigger that writes project_logs (migration
 * `log_project_changes`): a transaction-local setting, so it ends with the transaction and never
 * leaks to the next user of the pooled connection.
 */
import type { Knex } from 'knex';
import { ACTOR_KINDS, actorRefs, type Actor } from '../../../schema/roles';

export async function setProjectActor(trx: Knex.Transaction | Knex, actor: Actor): Promise<void> {
  // Admins and company users change projects; nobody else is recorded.
  const { kind } = actorRefs(actor);
  if ((kind !== ACTOR_KINDS.admin && kind !== ACTOR_KINDS.companyUser) || !actor.id) return;
  await trx.raw(`select set_config('app.actor', ?, true)`, [`${kind}:${actor.id}`]);
}
