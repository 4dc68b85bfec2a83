/**
 * Who is changing a project, for the trigger that writes project_logs (migration
 * `log_project_changes`): a transaction-local setting, so it ends with the transaction and never
 * leaks to the next user of the pooled connection.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../../schema/roles';

const ACTOR_KIND: Partial<Record<Actor['role'], number>> = { admin: 1, company: 2, raasCompany: 2 };

export async function setProjectActor(trx: Knex.Transaction | Knex, actor: Actor): Promise<void> {
  const kind = ACTOR_KIND[actor.role];
  if (!kind || !actor.id) return;
  await trx.raw(`select set_config('app.actor', ?, true)`, [`${kind}:${actor.id}`]);
}
