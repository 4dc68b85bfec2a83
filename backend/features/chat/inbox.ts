/**
 * The conversations a person may read, as the admins' inbox lists them: latest message first, with
 * the project, the company, the assignee, open or resolved, the last message and the caller's unread
 * count, filtered by status, assignee and a search of project, company and message text. Limited in
 * SQL by the Conversation and Project read rules (access.ts).
 */
import type { Knex } from 'knex';
import { CONVERSATION_STATUS } from '../../../schema/entities/chat/conversation';
import type { AppAbility } from '../../../schema/ability';
import { actorRefs, type Actor } from '../../../schema/roles';
import { containsPattern, textContains } from '../../db/textMatch';
import { readableConversations, sideOf, unreadCounts } from './access';

export const INBOX_PAGE = 25;
const STATUS_NAME = Object.fromEntries(Object.entries(CONVERSATION_STATUS).map(([k, v]) => [v, k])) as Record<
  number,
  string
>;

export interface InboxFilters {
  q?: string;
  status?: 'open' | 'resolved' | 'all';
  assignee?: 'all' | 'me' | 'none';
  page?: number;
}

interface ListRow {
  id: number;
  project_id: number;
  project_title: string;
  company_id: number;
  company_name: string | null;
  assignee_id: number | null;
  assignee_name: string | null;
  status: number;
  last_message_at: Date | null;
  last_body: string | null;
  last_attachment: string | null;
  last_author: string | null;
}

function listQuery(knex: Knex, ability: AppAbility) {
  return readableConversations(knex, ability)
    .leftJoin('companies as co', 'co.id', 'conversations.company_id')
    .leftJoin('admins as a', 'a.id', 'conversations.assignee_id')
    .leftJoin('chat_messages as lm', 'lm.id', 'conversations.last_message_id');
}

const SELECT = [
  'conversations.id',
  'conversations.project_id',
  'projects.title as project_title',
  'conversations.company_id',
  'co.company_name',
  'conversations.assignee_id',
  'a.first_name as assignee_name',
  'conversations.status',
  'conversations.last_message_at',
  'lm.body as last_body',
  'lm.attachment_name as last_attachment',
  'lm.author_name as last_author',
];

export function presentConversation(r: ListRow & { assignee_last?: string | null }, unread: number) {
  return {
    id: r.id,
    project: { id: r.project_id, title: r.project_title },
    company: { id: r.company_id, name: r.company_name ?? '' },
    assignee: r.assignee_id
      ? { id: r.assignee_id, name: [r.assignee_name, r.assignee_last].filter(Boolean).join(' ') }
      : null,
    status: STATUS_NAME[r.status],
    lastMessage: r.last_message_at
      ? {
          authorName: r.last_author ?? '',
          text: (r.last_body ?? r.last_attachment ?? '').slice(0, 140),
          at: r.last_message_at.toISOString(),
        }
      : null,
    unread,
  };
}

/** One conversation as the inbox shows it (the caller may read it: checked before). */
export async function conversationSummary(knex: Knex, actor: Actor, ability: AppAbility, id: number) {
  const row = (await listQuery(knex, ability)
    .where('conversations.id', id)
    .first([...SELECT, 'a.last_name as assignee_last'])) as ListRow & { assignee_last: string | null };
  const unread = await unreadCounts(knex, actor, [id]);
  return presentConversation(row, unread.get(id) ?? 0);
}

export async function inbox(knex: Knex, actor: Actor, ability: AppAbility, filters: InboxFilters) {
  const page = filters.page ?? 1;
  const q = listQuery(knex, ability);
  if (filters.status !== 'all') q.where('conversations.status', CONVERSATION_STATUS[filters.status ?? 'open']);
  if (filters.assignee === 'me') q.where('conversations.assignee_id', actorRefs(actor).adminId ?? -1);
  if (filters.assignee === 'none') q.whereNull('conversations.assignee_id');
  const text = filters.q?.trim();
  if (text) {
    const like = containsPattern(text);
    q.where((w) =>
      w
        .whereRaw(textContains('projects.title'), [like])
        .orWhereRaw(textContains('co.company_name'), [like])
        .orWhereExists((s) =>
          s
            .from('chat_messages as s')
            .whereRaw('s.conversation_id = conversations.id')
            .whereRaw(textContains('s.body'), [like]),
        ),
    );
  }
  const total = Number((await q.clone().count('* as n').first())?.n ?? 0);
  const rows = (await q
    .orderByRaw('conversations.last_message_at desc nulls last, conversations.id desc')
    .limit(INBOX_PAGE)
    .offset((page - 1) * INBOX_PAGE)
    .select([...SELECT, 'a.last_name as assignee_last'])) as (ListRow & { assignee_last: string | null })[];
  const unread = await unreadCounts(
    knex,
    actor,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => presentConversation(r, unread.get(r.id) ?? 0)),
    total,
    page,
    pageSize: INBOX_PAGE,
    unreadTotal: await unreadTotal(knex, actor, ability),
  };
}

/** Every message of the other side the caller has not read, across the conversations they may read. */
export async function unreadTotal(knex: Knex, actor: Actor, ability: AppAbility): Promise<number> {
  const side = sideOf(actor);
  const q = readableConversations(knex, ability)
    .join('chat_messages as m', 'm.conversation_id', 'conversations.id')
    .leftJoin('conversation_participants as p', (j) =>
      j
        .on('p.conversation_id', 'conversations.id')
        .andOnVal('p.side', side)
        .andOnVal('p.person_id', actor.id ?? -1),
    )
    .whereNot('m.author_side', side)
    .whereRaw('m.id > coalesce(p.last_read_message_id, 0)');
  return Number((await q.count('* as n').first())?.n ?? 0);
}
