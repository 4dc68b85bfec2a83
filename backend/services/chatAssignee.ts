/**
 * The support chat's assignee follows the project's advocate (features/chat: one conversation per project, assigned to
 * its advocate or to nobody). The projects capability calls it in the transaction that changes the advocate
 * (features/projects/projectWrites.ts); the chat reads the assignee (followUp.ts, inbox.ts). It lives on this floor
 * rather than in chat's face because chat imports the projects capability, and projects importing chat would close
 * an import loop (`npm run cycles`).
 */
import type { Knex } from 'knex';

/**
 * A new advocate takes over the project's support chat: its conversation's assignee follows when it was the old
 * advocate (`before`) or nobody; an admin's own assignment in the inbox stays. Nothing changes when the advocate does not.
 */
export async function followAdvocate(
  trx: Knex.Transaction,
  projectId: number,
  before: number | null,
  after: number | null,
): Promise<void> {
  if (before === after) return;
  await trx('conversations')
    .where('project_id', projectId)
    .where((q) =>
      before === null ? q.whereNull('assignee_id') : q.whereNull('assignee_id').orWhere('assignee_id', before),
    )
    .update({ assignee_id: after, updated_at: trx.fn.now() });
}
