/**
 * Who reaches a conversation: the declared read rule of Conversation (admins all, company users
 * their company's) and the read rule of its project (a Member only the projects they may open),
 * both interpreted in SQL. Out of reach is 404, as if it did not exist.
 */
import type { Knex } from 'knex';
import { CHAT_SIDE } from '../../../schema/entities/chat/conversation';
import type { AppAbility } from '../../../schema/ability';
import { ACTOR_KINDS, actorRefs, type Actor } from '../../../schema/roles';
import { notFound } from '../../errors';
import { scopeQuery } from '../../permissions/sql';

/** A message as stored (messages.ts posts and reads them; followUp.ts tells of them). */
export interface MessageRow {
  id: number;
  conversation_id: number;
  author_side: number;
  author_id: number;
  author_name: string;
  body: string | null;
  attachment_key: string | null;
  attachment_name: string | null;
  attachment_size: number | null;
  client_id: string | null;
  created_at: Date;
}

export interface ConversationRow {
  id: number;
  project_id: number;
  company_id: number;
  assignee_id: number | null;
  status: number;
  last_message_id: number | null;
  last_message_at: Date | null;
  created_at: Date;
}

export type Side = (typeof CHAT_SIDE)[keyof typeof CHAT_SIDE];
export const sideOf = (actor: Actor): Side =>
  actorRefs(actor).kind === ACTOR_KINDS.admin ? CHAT_SIDE.admin : CHAT_SIDE.companyUser;
export const otherSide = (side: Side): Side => (side === CHAT_SIDE.admin ? CHAT_SIDE.companyUser : CHAT_SIDE.admin);

/** The conversations the caller may read, joined to their projects (aliases `conversations`, `projects`). */
export function readableConversations(knex: Knex | Knex.Transaction, ability: AppAbility): Knex.QueryBuilder {
  const q = knex('conversations').join('projects', 'projects.id', 'conversations.project_id');
  scopeQuery(q, ability, 'read', 'Conversation', 'conversations');
  scopeQuery(q, ability, 'read', 'Project', 'projects');
  return q;
}

/** One conversation the caller may read, or 404 'chat.errors.notFound'. */
export async function conversationFor(
  knex: Knex | Knex.Transaction,
  ability: AppAbility,
  id: number,
  lock = false,
): Promise<ConversationRow> {
  const q = readableConversations(knex, ability).where('conversations.id', id).first('conversations.*');
  if (lock) q.forUpdate();
  const row = (await q) as ConversationRow | undefined;
  if (!row) throw notFound('chat.errors.notFound');
  return row;
}

/** How many messages of the other side this person has not read, by conversation. */
export async function unreadCounts(
  knex: Knex | Knex.Transaction,
  actor: Actor,
  conversationIds: number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!conversationIds.length) return out;
  const side = sideOf(actor);
  const rows = (await knex('chat_messages as m')
    .leftJoin('conversation_participants as p', (j) =>
      j
        .on('p.conversation_id', 'm.conversation_id')
        .andOnVal('p.side', side)
        .andOnVal('p.person_id', actor.id ?? -1),
    )
    .whereIn('m.conversation_id', conversationIds)
    .whereNot('m.author_side', side)
    .whereRaw('m.id > coalesce(p.last_read_message_id, 0)')
    .groupBy('m.conversation_id')
    .select('m.conversation_id as id')
    .count('* as n')) as { id: number; n: string | number }[];
  for (const r of rows) out.set(r.id, Number(r.n));
  return out;
}
