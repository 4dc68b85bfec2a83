/** Support-chat data for browser tests: a project's conversation with messages, written straight to the database. */
import type { Knex } from 'knex';
import { CHAT_SIDE, CONVERSATION_STATUS } from '../../schema/entities/chat/conversation';
import { LIVE_TOPIC } from '../../schema/entities/live/liveEvent';
import type { TestProject } from './interviews';

/** The project's conversation (started if it has none) with `bodies` added as the advocate's messages, in order. */
export async function seedConversation(
  knex: Knex,
  project: TestProject,
  bodies: string[],
  options: { assigneeId?: number | null; status?: keyof typeof CONVERSATION_STATUS } = {},
): Promise<number> {
  const admin = await knex('admins').where('email', 'advocate@example.com').first('id');
  return knex.transaction(async (trx) => {
    const [row] = await trx('conversations')
      .insert({
        project_id: project.id,
        company_id: project.companyId,
        assignee_id: options.assigneeId === undefined ? admin.id : options.assigneeId,
        status: CONVERSATION_STATUS[options.status ?? 'open'],
      })
      .onConflict('project_id')
      .merge(['project_id'])
      .returning('id');
    const conversation = row.id as number;
    await addMessages(trx, conversation, bodies, admin.id);
    return conversation;
  });
}

/** The advocate's messages added to a conversation, then the live event that tells the open screens. */
export async function advocateWrites(knex: Knex, conversation: number, bodies: string[]): Promise<void> {
  const admin = await knex('admins').where('email', 'advocate@example.com').first('id');
  await knex.transaction((trx) => addMessages(trx, conversation, bodies, admin.id));
}

async function addMessages(trx: Knex.Transaction, conversation: number, bodies: string[], adminId: number) {
  if (!bodies.length) return;
  const rows = await trx('chat_messages')
    .insert(
      bodies.map((body) => ({
        conversation_id: conversation,
        author_side: CHAT_SIDE.admin,
        author_id: adminId,
        author_name: 'Advocate',
        body,
      })),
    )
    .returning(['id', 'created_at']);
  const last = rows.at(-1);
  await trx('conversations')
    .where('id', conversation)
    .update({ last_message_id: last.id, last_message_at: last.created_at, updated_at: trx.fn.now() });
  await trx('live_events').insert({ topic: LIVE_TOPIC.conversation, subject_id: conversation, kind: 'message' });
}
