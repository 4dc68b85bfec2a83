/**
 * What follows a message nobody on the other side has read: after CHAT_AWAY_SECONDS each recipient
 * still away gets a `chatMessage` notification (in the app, by their preference); after
 * CHAT_UNREAD_EMAIL_MINUTES (10) each recipient who still has not read it is emailed through the
 * outbox, once, when their `chatMessage` channel includes email (this email is that kind's email: the away notice
 * never emails; "in the app" and "off" send none). Both run as the `follow_up_chat_message` job queued with the message.
 * Recipients are the other side: for a company user's message the conversation's assignee (else every admin), for
 * an admin's the project's company users who may open it. A burst of messages is followed up once,
 * by its last message's jobs; a read mark covers every message up to it.
 * The assignee a follow-up reads follows a change of the project's advocate: services/chatAssignee.ts, written there
 * because the projects capability changes the advocate and chat's face already imports projects (no import loop).
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { CHAT_SIDE } from '../../../schema/entities/chat/conversation';
import type { Config } from '../../config';
import { queueEmail } from '../../services/mail/outbox';
import { queueJob } from '../../services/queue';
import type { MessageRow } from './access';
import { adminRecipients, byEmail, notify, projectFacts, projectReaders, type Recipient } from '../notifications';

export const FOLLOW_UP_TASK = 'follow_up_chat_message' as const;
export type FollowUpStage = 'away' | 'email';

/** Where a recipient opens the conversation: admins in its own console window, company users on the project. */
export const conversationPath = (side: number, conversationId: number, projectId: number) =>
  side === CHAT_SIDE.admin ? `/admin/support-chat/${conversationId}` : `/project/${projectId}`;

export async function queueFollowUps(trx: Knex.Transaction, config: Config, messageId: number): Promise<void> {
  const stages: [FollowUpStage, number][] = [
    ['away', config.chat.awaySeconds],
    ['email', config.chat.unreadEmailMinutes * 60],
  ];
  for (const [stage, seconds] of stages) {
    await queueJob(trx, FOLLOW_UP_TASK, { messageId, stage }, { delaySeconds: seconds, maxAttempts: 10 });
  }
}

/** A message as the follow-up reads it: the stored row's own columns, with its conversation's assignee and project. */
interface Facts extends Pick<
  MessageRow,
  'id' | 'conversation_id' | 'author_side' | 'author_id' | 'author_name' | 'body' | 'attachment_name'
> {
  assignee_id: number | null;
  project_id: number;
}

/** The people of the other side, as notification recipients. */
async function recipientsOf(trx: Knex.Transaction, m: Facts): Promise<Recipient[]> {
  if (m.author_side === CHAT_SIDE.companyUser) {
    const assignee = m.assignee_id !== null ? await adminRecipients(trx, [m.assignee_id]) : [];
    return assignee.length ? assignee : adminRecipients(trx);
  }
  const project = await projectFacts(trx, m.project_id);
  return project ? projectReaders(trx, project) : [];
}

/** Runs one stage of a message's follow-up; returns how many people it reached. Safe to run twice. */
export async function followUp(knex: Knex, config: Config, messageId: number, stage: FollowUpStage): Promise<number> {
  return knex.transaction(async (trx) => {
    const m = (await trx('chat_messages as m')
      .join('conversations as c', 'c.id', 'm.conversation_id')
      .where('m.id', messageId)
      .first('m.*', 'c.assignee_id', 'c.project_id')) as Facts | undefined;
    if (!m) return 0;
    // A later message of the same side carries the burst's follow-up.
    const later = await trx('chat_messages')
      .where('conversation_id', m.conversation_id)
      .where('author_side', m.author_side)
      .where('id', '>', m.id)
      .first('id');
    if (later) return 0;
    const side = m.author_side === CHAT_SIDE.admin ? CHAT_SIDE.companyUser : CHAT_SIDE.admin;
    const everyone = await recipientsOf(trx, m);
    if (!everyone.length) return 0;
    // Each recipient's participant row is locked, so two runs of the same stage email once.
    await trx('conversation_participants')
      .insert(everyone.map((r) => ({ conversation_id: m.conversation_id, side, person_id: r.id })))
      .onConflict(['conversation_id', 'side', 'person_id'])
      .ignore();
    const marks = (await trx('conversation_participants')
      .where({ conversation_id: m.conversation_id, side })
      .whereIn(
        'person_id',
        everyone.map((r) => r.id),
      )
      .forUpdate()
      .select('person_id', 'last_read_message_id', 'emailed_message_id')) as {
      person_id: number;
      last_read_message_id: number;
      emailed_message_id: number;
    }[];
    const mark = new Map(marks.map((r) => [r.person_id, r]));
    const unread = everyone.filter((r) => (mark.get(r.id)?.last_read_message_id ?? 0) < m.id);
    const project = (await trx('projects').where('id', m.project_id).first('title')) as { title: string } | undefined;
    const values = { author: m.author_name, project: project?.title ?? '' };
    const link = conversationPath(side, m.conversation_id, m.project_id);
    if (stage === 'away') {
      return notify(trx, config, unread, {
        kind: 'chatMessage',
        subjectKey: `conversation:${m.conversation_id}`,
        link,
        title: () => t('chat.notification', values),
        body: excerpt(m),
        // The chat emails unread messages on its own schedule (the 'email' stage), to those whose channel includes email.
        email: false,
      });
    }
    const due = (await byEmail(trx, unread, 'chatMessage')).filter(
      (r) => (mark.get(r.id)?.emailed_message_id ?? 0) < m.id,
    );
    for (const r of due) {
      await queueEmail(trx, {
        to: r.email,
        subject: t('chat.email.subject', { ...values, product: config.productName }),
        text: t('chat.email.text', { ...values, excerpt: excerpt(m), url: `${config.publicUrl}${link}` }),
      });
    }
    if (due.length)
      await trx('conversation_participants')
        .where({ conversation_id: m.conversation_id, side })
        .whereIn(
          'person_id',
          due.map((r) => r.id),
        )
        .update({ emailed_message_id: m.id });
    return due.length;
  });
}

const excerpt = (m: Facts) =>
  m.body ? m.body.slice(0, 500) : t('chat.email.attachmentOnly', { name: m.attachment_name ?? '' });
