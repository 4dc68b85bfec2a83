/**
 * The support chat's calls. A conversation is reached through its project (the widget) or its id
 * (the inbox and its windows); both need the caller to read the conversation and open its project.
 *   GET   /conversations?q=&status=open|resolved|all&assignee=all|me|none&page=  the inbox
 *   GET   /conversations/:id?after=&before=          the conversation and a page of its messages
 *   GET   /projects/:projectId/conversation           the same for a project (data null before its first message)
 *   POST  /projects/:projectId/conversation/messages  posts (multipart `attachment` and/or `body`, optional `clientId`)
 *   POST  /conversations/:id/messages                 posts in a conversation; a post repeating the caller's
 *                                                     `clientId` answers the message it stored, storing no other
 *   POST  /conversations/:id/read {messageId}         moves the caller's read mark; with nothing left unread, the
 *                                                     caller's notification thread of the conversation is read too
 *   POST  /conversations/:id/typing                   tells the other side the caller is typing
 *   PATCH /conversations/:id {status?, assigneeId?}   resolves, reopens or assigns (admins)
 *   GET   /conversations/:id/messages/:messageId/attachment  the file, to those who may read the conversation
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { CONVERSATION_STATUS } from '../../../schema/entities/chat/conversation';
import type { AppAbility } from '../../../schema/ability';
import { actorKey, type Actor } from '../../../schema/roles';
import { id, int } from '../../../schema/validation/inputs';
import { enforceRateLimits } from '../../auth/rateLimit';
import { sniffCvType } from '../../services/documents/extractText';
import { refuseOnSight } from '../../services/documents/readLimits';
import { storageFor } from '../../adapters/storage/select';
import type { Config } from '../../config';
import { defineEndpoint } from '../../endpoints/define';
import { notFound } from '../../errors';
import { sendStream } from '../../http/sendStream';
import { raiseLive } from '../live';
import { readThreadsAbout } from '../notifications';
import { findProject, projectRef } from '../projects';
import { CV_CONTENT_TYPES, type CvType } from '../../services/documents/extractText';
import { DOCUMENT_UPLOAD } from '../../services/documents/uploadSpec';
import { conversationFor, sideOf, unreadCounts, type ConversationRow } from './access';
import { conversationSummary, inbox } from './inbox';
import { markRead, messagesOf, otherSideRead, postMessage, presentMessage, typing, MAX_BODY } from './messages';

const READ = { action: 'read', subject: 'Conversation' } as const;
const messageId = int().pipe(z.number().min(1).max(2147483647));
const idParam = z.object({ id: messageId });
const page = z.object({
  after: int().pipe(z.number().min(0).max(2147483647)).optional(),
  before: messageId.optional(),
});
/** The id the sender's screen gave the message, kept across its retries (a UUID; older clients send none). */
const clientId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .optional();
const messageBody = z.object({ body: z.string().max(MAX_BODY).optional(), clientId });
/** Messages a person may post per rate-limit window (files count against the CV uploads too). */
const MESSAGES_PER_WINDOW = 300;

/** The conversation and a page of its messages, as the caller reads them. */
async function answer(
  knex: Knex,
  actor: Actor,
  ability: AppAbility,
  conversation: ConversationRow,
  query: z.output<typeof page>,
) {
  const { rows, more } = await messagesOf(knex, conversation, query);
  return {
    success: true,
    data: await conversationSummary(knex, actor, ability, conversation.id),
    messages: rows.map((m) => presentMessage(m, actor)),
    more,
    otherSideReadId: await otherSideRead(knex, conversation.id, sideOf(actor)),
  };
}

async function projectOf(knex: Knex, ability: AppAbility, ref: z.output<typeof projectRef>) {
  const row = await findProject(knex, ability, ref);
  if (!row) throw notFound('project.notFound');
  return {
    id: row.id as number,
    companyId: (row.companyId as number | null) ?? null,
    advocateId: (row.advocateId as number | null) ?? null,
  };
}

const postLimits = (actor: Actor) => [{ key: `chat-message:${actorKey(actor)}`, max: MESSAGES_PER_WINDOW }];

async function post(
  knex: Knex,
  config: Config,
  actor: Actor,
  project: Parameters<typeof postMessage>[3],
  input: z.output<typeof messageBody>,
  file?: Express.Multer.File,
) {
  // Counted once the conversation is known to be the caller's: refusals before cost nothing and count nothing, nor
  // does an attachment refused on sight (active content, past the size: readLimits.ts), refused under the limits' lock.
  const limits = postLimits(actor);
  if (file) limits.push({ key: `chat-upload:${actorKey(actor)}`, max: config.cv.uploadsPerWindow });
  const type = file && sniffCvType(file.buffer);
  const named = type && file.originalname.toLowerCase().endsWith(`.${type}`);
  await enforceRateLimits(knex, config.rateLimit.windowMinutes, limits, () => {
    if (named) refuseOnSight(config, file.buffer, type, 'attachment');
  });
  const message = await postMessage(knex, config, actor, project, {
    body: input.body ?? null,
    clientId: input.clientId ?? null,
    file,
  });
  return { success: true, data: presentMessage(message, actor) };
}

const upload = { field: 'attachment', ...DOCUMENT_UPLOAD };

export const chatEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/conversations',
    summary: 'The support-chat conversations the caller may read, latest first, with unread counts',
    access: READ,
    input: {
      query: z
        .object({
          q: z.string().max(200).optional(),
          status: z.enum(['open', 'resolved', 'all']).optional(),
          assignee: z.enum(['all', 'me', 'none']).optional(),
          page: int().pipe(z.number().min(1).max(10000)).optional(),
        })
        .strict(),
    },
    handler: async ({ query, actor, ability, ctx }) => ({
      success: true,
      ...(await inbox(ctx.knex, actor, ability, query)),
    }),
  }),

  defineEndpoint({
    method: 'get',
    path: '/conversations/:id',
    summary: 'One conversation and a page of its messages in order',
    access: READ,
    input: { params: idParam, query: page },
    handler: async ({ params, query, actor, ability, ctx }) =>
      answer(ctx.knex, actor, ability, await conversationFor(ctx.knex, ability, params.id), query),
  }),

  defineEndpoint({
    method: 'get',
    path: '/projects/:projectId/conversation',
    summary: "A project's support conversation (null before its first message)",
    access: READ,
    input: { params: z.object({ projectId: projectRef }), query: page },
    handler: async ({ params, query, actor, ability, ctx }) => {
      const project = await projectOf(ctx.knex, ability, params.projectId);
      const row = (await ctx.knex('conversations').where('project_id', project.id).first('id'))?.id as
        number | undefined;
      if (!row)
        return { success: true, data: null, messages: [], more: false, otherSideReadId: 0, projectId: project.id };
      return {
        ...(await answer(ctx.knex, actor, ability, await conversationFor(ctx.knex, ability, row), query)),
        projectId: project.id,
      };
    },
  }),

  defineEndpoint({
    method: 'post',
    path: '/projects/:projectId/conversation/messages',
    summary: "Posts a message (text and/or a PDF or DOCX file) in a project's support conversation",
    access: READ,
    upload,
    input: { params: z.object({ projectId: projectRef }), body: messageBody },
    status: 201,
    handler: async ({ params, body, file, actor, ability, ctx }) =>
      post(ctx.knex, ctx.config, actor, await projectOf(ctx.knex, ability, params.projectId), body, file),
  }),

  defineEndpoint({
    method: 'post',
    path: '/conversations/:id/messages',
    summary: 'Posts a message (text and/or a PDF or DOCX file) in a conversation',
    access: READ,
    upload,
    input: { params: idParam, body: messageBody },
    status: 201,
    handler: async ({ params, body, file, actor, ability, ctx }) => {
      const conversation = await conversationFor(ctx.knex, ability, params.id);
      return post(ctx.knex, ctx.config, actor, await projectOf(ctx.knex, ability, conversation.project_id), body, file);
    },
  }),

  defineEndpoint({
    method: 'post',
    path: '/conversations/:id/read',
    summary: "Moves the caller's read mark to a message (never back)",
    access: READ,
    input: { params: idParam, body: z.object({ messageId }) },
    handler: async ({ params, body, actor, ability, ctx }) =>
      ctx.knex.transaction(async (trx) => {
        const conversation = await conversationFor(trx, ability, params.id);
        const upTo = Math.min(body.messageId, conversation.last_message_id ?? 0);
        if (upTo > 0 && (await markRead(trx, conversation.id, sideOf(actor), actor.id ?? -1, upTo)))
          await raiseLive(trx, 'conversation', conversation.id, 'read');
        const unread = (await unreadCounts(trx, actor, [conversation.id])).get(conversation.id) ?? 0;
        // Nothing left unread: the reader's "new message" notice of this conversation is read too (theirs only).
        if (!unread) await readThreadsAbout(trx, actor, `conversation:${conversation.id}`);
        return { success: true, unread };
      }),
  }),

  defineEndpoint({
    method: 'post',
    path: '/conversations/:id/typing',
    summary: 'Tells the other side of a conversation that the caller is typing',
    access: READ,
    input: { params: idParam },
    handler: async ({ params, actor, ability, ctx }) => {
      const conversation = await conversationFor(ctx.knex, ability, params.id);
      await typing(ctx.knex, conversation.id, sideOf(actor));
      return { success: true };
    },
  }),

  defineEndpoint({
    method: 'patch',
    path: '/conversations/:id',
    summary: 'Resolves, reopens or assigns a conversation',
    access: { action: 'update', subject: 'Conversation' },
    input: {
      params: idParam,
      body: z.object({
        status: z.enum(['open', 'resolved']).optional(),
        assigneeId: z.union([id('admin'), z.null()]).optional(),
      }),
    },
    handler: async ({ params, body, actor, ability, ctx }) => {
      await ctx.knex.transaction(async (trx) => {
        const conversation = await conversationFor(trx, ability, params.id, true);
        const values: Record<string, unknown> = { updated_at: trx.fn.now() };
        if (body.status) values.status = CONVERSATION_STATUS[body.status];
        if (body.assigneeId !== undefined) {
          if (body.assigneeId !== null && !(await trx('admins').where({ id: body.assigneeId, status: 1 }).first('id')))
            throw notFound('chat.errors.notFound');
          values.assignee_id = body.assigneeId;
        }
        await trx('conversations').where('id', conversation.id).update(values);
        await raiseLive(trx, 'conversation', conversation.id, 'changed');
      });
      return { success: true, data: await conversationSummary(ctx.knex, actor, ability, params.id) };
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/conversations/:id/messages/:messageId/attachment',
    summary: "A message's attached file",
    access: READ,
    input: { params: z.object({ id: messageId, messageId }) },
    raw: true,
    handler: async ({ params, ability, ctx, res }) => {
      const conversation = await conversationFor(ctx.knex, ability, params.id);
      const m = await ctx
        .knex('chat_messages')
        .where({ id: params.messageId, conversation_id: conversation.id })
        .first('attachment_key', 'attachment_name');
      const stream = m?.attachment_key ? await storageFor(ctx.config).get(m.attachment_key) : undefined;
      if (!stream) throw notFound('chat.errors.attachmentNotFound');
      const type = (m.attachment_key as string).slice((m.attachment_key as string).lastIndexOf('.') + 1) as CvType;
      // The name as sent (filename*=UTF-8''…), with a Latin-1 fallback for older clients.
      res.attachment(String(m.attachment_name)).set({
        'Content-Type': CV_CONTENT_TYPES[type],
        'Cache-Control': 'private, no-store',
      });
      await sendStream(res, stream);
    },
  }),
];
