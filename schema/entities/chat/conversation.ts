import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/** Which side of the support chat a person is on: the product's admins or a company's users. */
export const CHAT_SIDE = { admin: 1, companyUser: 2 } as const;
export const CONVERSATION_STATUS = { open: 1, resolved: 2 } as const;

/**
 * The support chat of one project (Chatwoot's model: a conversation, its messages, and its
 * participants with the last message each has read): the project's company users on one side, its
 * talent advocate (the assignee) or the admins on the other. Created with its first message and
 * written only through backend/features/chat, which also requires the caller to open the project
 * (so a Member reads only the conversations of projects they may open).
 */
export const conversation = defineEntity({
  name: 'conversation',
  table: 'conversations',
  subject: 'Conversation',
  fields: {
    projectId: f.ref('project', { required: true, unique: true, onDelete: 'cascade' }),
    companyId: f.ref('company', { required: true, onDelete: 'cascade' }),
    /** The admin who answers: the project's advocate when it has one. */
    assigneeId: f.ref('admin', { onDelete: 'set null' }),
    status: f.enum(CONVERSATION_STATUS, {
      required: true,
      default: 1,
      index: true,
      labels: { open: 'Open', resolved: 'Resolved' },
    }),
    lastMessageId: f.integer(),
    lastMessageAt: f.datetime({ index: true }),
    ...f.timestamps(),
  },
  permissions: {
    admin: { read: true, update: true },
    company: { read: { when: 'ownCompany' } },
    raasCompany: { read: { when: 'ownCompany' } },
  },
});

/**
 * One message of a conversation: text, an attachment (a PDF or DOCX, as CVs), or both. Never edited. `clientId` is
 * the id the sender's screen gave the message it composed, the same on every retry of it: a retry whose first try was
 * stored (its answer lost) finds that message instead of storing a second one. Older clients send none.
 */
export const chatMessage = defineEntity({
  name: 'chatMessage',
  table: 'chat_messages',
  subject: 'ChatMessage',
  fields: {
    conversationId: f.ref('conversation', { required: true, onDelete: 'cascade', index: false }),
    authorSide: f.enum(CHAT_SIDE, { required: true }),
    authorId: f.integer({ required: true }),
    authorName: f.string({ required: true, max: 200 }),
    body: f.text({ max: 5000 }),
    attachmentKey: f.string({ max: 120, hidden: true }),
    attachmentName: f.string({ max: 255 }),
    attachmentSize: f.integer(),
    clientId: f.string({ max: 64 }),
    createdAt: f.datetime({ required: true, readOnly: true, dbDefault: 'now' }),
  },
  indexes: [
    ['conversationId', 'id'],
    { fields: ['conversationId', 'authorSide', 'authorId', 'clientId'], unique: true },
  ],
  permissions: {},
});

/** A person of a conversation and the last message they have read (their unread count is what follows it). */
export const conversationParticipant = defineEntity({
  name: 'conversationParticipant',
  table: 'conversation_participants',
  subject: 'ConversationParticipant',
  fields: {
    conversationId: f.ref('conversation', { required: true, onDelete: 'cascade', index: false }),
    side: f.enum(CHAT_SIDE, { required: true }),
    personId: f.integer({ required: true }),
    lastReadMessageId: f.integer({ required: true, default: 0 }),
    lastReadAt: f.datetime(),
    /** The newest message this person was emailed about (the 10-minute reminder is sent once). */
    emailedMessageId: f.integer({ required: true, default: 0 }),
  },
  indexes: [{ fields: ['conversationId', 'side', 'personId'], unique: true }, ['side', 'personId']],
  permissions: {},
});
