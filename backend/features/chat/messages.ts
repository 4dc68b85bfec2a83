/**
 * Messages of a conversation: posting (text, a file, or both), reading them in order, and the read
 * marks. A post locks its conversation's row, so messages commit in the order of their ids and a
 * page that asks for the messages after the last id it has never skips one. Every change raises a
 * live event on the conversation ('message', 'read', 'typing:<side>'); pages then ask for the content.
 * The first message also raises 'conversationStarted' on the project, for pages that have no conversation id yet.
 * A post may carry the sender's `clientId` for the message (the same on each retry): one the author already posted in
 * the conversation (a retry after a lost answer) returns that message and stores, raises and sends nothing more.
 */
import type { Knex } from 'knex';
import { CHAT_SIDE, CONVERSATION_STATUS } from '../../../schema/entities/chat/conversation';
import { LIVE_TOPIC } from '../../../schema/entities/live/liveEvent';
import { actorKey, actorRefs, type Actor } from '../../../schema/roles';
import type { Config } from '../../config';
import { storageFor } from '../../adapters/storage/select';
import { badRequest, notFound } from '../../errors';
import { raiseLive } from '../live';
import { readThreadsAbout } from '../notifications';
import { sniffCvType } from '../../services/documents/extractText';
import { cvLookups } from '../../services/documents/lookups';
import { READ_REFUSALS, readCv } from '../../services/documents/readCv';
import { sideOf, type ConversationRow, type MessageRow, type Side } from './access';

export type { MessageRow };
import { queueFollowUps } from './followUp';

export const ATTACHMENT_FOLDER = 'chat-attachments';
export const MESSAGES_PAGE = 50;
export const MAX_BODY = 5000;
/** The project event raised when its conversation starts with its first message. */
export const CONVERSATION_STARTED = 'conversationStarted';

const SIDE_NAME = { [CHAT_SIDE.admin]: 'admin', [CHAT_SIDE.companyUser]: 'companyUser' } as Record<number, string>;

export const presentMessage = (m: MessageRow, actor: Actor) => ({
  id: m.id,
  conversationId: m.conversation_id,
  side: SIDE_NAME[m.author_side],
  mine: m.author_side === sideOf(actor) && m.author_id === actor.id,
  authorName: m.author_name,
  body: m.body,
  /** The id the author's screen gave the message: the author's screen knows it by it when the live channel brings it. */
  clientId: m.author_side === sideOf(actor) && m.author_id === actor.id ? m.client_id : null,
  attachment: m.attachment_key
    ? {
        name: m.attachment_name,
        size: m.attachment_size,
        url: `/api/v1/conversations/${m.conversation_id}/messages/${m.id}/attachment`,
      }
    : null,
  createdAt: m.created_at.toISOString(),
});

/**
 * A file checked as CVs are: PDF or DOCX by its content, named to match, and read in the document reading thread
 * within the same limits (services/documents/readCv.ts), so a file that only starts like a PDF, or a Word package
 * hiding a bomb, is refused on `attachment` rather than stored for the other side to open.
 */
export async function checkAttachment(
  knex: Knex,
  config: Config,
  actor: Actor,
  file: Express.Multer.File,
): Promise<'pdf' | 'docx'> {
  const type = sniffCvType(file.buffer);
  if (!type || !file.originalname.toLowerCase().endsWith(`.${type}`))
    throw badRequest({ attachment: 'upload.errors.unsupportedType' }, 'upload.errors.unsupportedType');
  const read = await readCv(file.buffer, type, await cvLookups(knex), config.cv, { owner: actorKey(actor) });
  if (!read.ok) {
    const key = READ_REFUSALS[read.reason];
    throw badRequest({ attachment: key }, key);
  }
  return type;
}

/** The author's name as the other side reads it. */
async function authorName(trx: Knex.Transaction, actor: Actor): Promise<string> {
  const table = actorRefs(actor).table === 'admins' ? 'admins' : 'company_users';
  const row = await trx(table)
    .where('id', actor.id ?? -1)
    .first('first_name', 'last_name', 'email');
  const name = [row?.first_name, row?.last_name].filter(Boolean).join(' ').trim();
  return (name || row?.email || '').slice(0, 200);
}

/** Moves a person's read mark forward (never back) to `messageId`; whether it moved. */
export async function markRead(
  trx: Knex | Knex.Transaction,
  conversationId: number,
  side: Side,
  personId: number,
  messageId: number,
): Promise<boolean> {
  const moved = await trx.raw(
    `insert into conversation_participants (conversation_id, side, person_id, last_read_message_id, last_read_at)
     values (?, ?, ?, ?, now())
     on conflict (conversation_id, side, person_id) do update
       set last_read_message_id = excluded.last_read_message_id, last_read_at = now()
       where conversation_participants.last_read_message_id < excluded.last_read_message_id
     returning id`,
    [conversationId, side, personId, messageId],
  );
  return moved.rows.length > 0;
}

export interface NewMessage {
  body: string | null;
  clientId?: string | null;
  file?: Express.Multer.File;
}

/**
 * Posts a message in the project's conversation (created with its first message). The file is
 * stored first and deleted again if the transaction fails, or if the post repeats a stored one.
 */
export async function postMessage(
  knex: Knex,
  config: Config,
  actor: Actor,
  project: { id: number; companyId: number | null; advocateId: number | null },
  input: NewMessage,
): Promise<MessageRow> {
  const body = input.body?.trim() ? input.body.trim() : null;
  if (!body && !input.file) throw badRequest({ body: 'chat.errors.empty' }, 'chat.errors.empty');
  if (project.companyId === null) throw notFound('chat.errors.noCompany');
  const type = input.file ? await checkAttachment(knex, config, actor, input.file) : undefined;
  const storage = storageFor(config);
  const key =
    input.file && type ? await storage.put(input.file.buffer, { folder: ATTACHMENT_FOLDER, ext: type }) : null;
  let repeated = false;
  try {
    const posted = await knex.transaction(async (trx) => {
      const started = await trx('conversations')
        .insert({ project_id: project.id, company_id: project.companyId, assignee_id: project.advocateId })
        .onConflict('project_id')
        .ignore()
        .returning('id');
      // Pages open on the project, that know no conversation yet, hear that one started (live/events.ts: its readers).
      if (started.length) await raiseLive(trx, 'project', project.id, CONVERSATION_STARTED);
      const conversation = (await trx('conversations')
        .where('project_id', project.id)
        .forUpdate()
        .first()) as ConversationRow;
      // Under the conversation's lock: a retry running beside its first try waits and then finds it.
      const stored = input.clientId ? await repeatOf(trx, conversation.id, actor, input.clientId) : undefined;
      if (stored) {
        repeated = true;
        return stored;
      }
      const [message] = (await trx('chat_messages')
        .insert({
          conversation_id: conversation.id,
          author_side: sideOf(actor),
          author_id: actor.id,
          author_name: await authorName(trx, actor),
          body,
          attachment_key: key,
          attachment_name: input.file ? input.file.originalname.slice(-255) : null,
          attachment_size: input.file ? input.file.size : null,
          client_id: input.clientId ?? null,
          // The time of the insert, after the lock: times follow the messages' order (now() is the transaction's start).
          created_at: trx.raw('clock_timestamp()'),
        })
        .returning('*')) as MessageRow[];
      // A new message reopens a resolved conversation, as in Chatwoot.
      await trx('conversations').where('id', conversation.id).update({
        last_message_id: message.id,
        last_message_at: message.created_at,
        status: CONVERSATION_STATUS.open,
        updated_at: trx.fn.now(),
      });
      await markRead(trx, conversation.id, sideOf(actor), actor.id ?? -1, message.id);
      // Who replies has read the conversation to its end: their own notice of it is read too.
      await readThreadsAbout(trx, actor, `conversation:${conversation.id}`);
      await raiseLive(trx, 'conversation', conversation.id, 'message');
      await queueFollowUps(trx, config, message.id);
      return message;
    });
    if (repeated && key) await storage.delete(key);
    return posted;
  } catch (err) {
    if (key) await storage.delete(key);
    throw err;
  }
}

/** The message the author already posted in the conversation under `clientId`, if any. */
async function repeatOf(trx: Knex.Transaction, conversationId: number, actor: Actor, clientId: string) {
  return (await trx('chat_messages')
    .where({
      conversation_id: conversationId,
      author_side: sideOf(actor),
      author_id: actor.id ?? -1,
      client_id: clientId,
    })
    .first()) as MessageRow | undefined;
}

/** Messages in id order: the page after `after`, the page before `before`, or the latest page. */
export async function messagesOf(
  knex: Knex,
  conversation: ConversationRow,
  page: { after?: number; before?: number },
): Promise<{ rows: MessageRow[]; more: boolean }> {
  const q = knex('chat_messages').where('conversation_id', conversation.id);
  if (page.after !== undefined) {
    const rows = (await q
      .where('id', '>', page.after)
      .orderBy('id')
      .limit(MESSAGES_PAGE + 1)) as MessageRow[];
    return { rows: rows.slice(0, MESSAGES_PAGE), more: rows.length > MESSAGES_PAGE };
  }
  if (page.before !== undefined) q.where('id', '<', page.before);
  const rows = (await q.orderBy('id', 'desc').limit(MESSAGES_PAGE + 1)) as MessageRow[];
  return { rows: rows.slice(0, MESSAGES_PAGE).reverse(), more: rows.length > MESSAGES_PAGE };
}

/** The last message of mine the other side has read: the "seen" mark under my messages. */
export async function otherSideRead(knex: Knex, conversationId: number, side: Side): Promise<number> {
  const row = await knex('conversation_participants')
    .where({ conversation_id: conversationId })
    .whereNot('side', side)
    .max('last_read_message_id as id')
    .first();
  return Number(row?.id ?? 0);
}

/**
 * Tells the other side this person is typing. Pages send it every few seconds while typing; one
 * event per conversation and side every two seconds is enough, the rest are dropped.
 */
export async function typing(knex: Knex, conversationId: number, side: Side): Promise<void> {
  const kind = `typing:${SIDE_NAME[side]}`;
  await knex.raw(
    `insert into live_events (topic, subject_id, kind)
     select ?, ?, ? where not exists (
       select 1 from live_events where created_at > now() - interval '2 seconds' and topic = ? and subject_id = ? and kind = ?)`,
    [LIVE_TOPIC.conversation, conversationId, kind, LIVE_TOPIC.conversation, conversationId, kind],
  );
}
