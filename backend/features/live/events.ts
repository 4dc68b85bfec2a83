/**
 * Live events as they are stored and sent: a topic, its subject's id and what happened. Raising one
 * is an insert (a trigger announces it with pg_notify once the transaction commits); who may receive
 * it is decided by the recipient's ability over the subject, read here in one query per topic.
 */
import { subject as asSubject } from '@casl/ability';
import type { Knex } from 'knex';
import type { AppAbility } from '../../../schema/ability';
import { LIVE_TOPIC } from '../../../schema/entities/live/liveEvent';
import { kindsWithheld, NOTIFICATION_KIND_NAME } from '../../../schema/entities/live/notification';
import { NOTE_VISIBILITY } from '../../../schema/rules/pipeline';

export type Topic = keyof typeof LIVE_TOPIC;
/** The end of a board event's kind whose activity only admins may read (the pipeline activity trigger adds it). */
const ADMINS_ONLY = '.admins';
const TOPIC_OF = Object.fromEntries(Object.entries(LIVE_TOPIC).map(([k, v]) => [v, k])) as Record<number, Topic>;
/** The event a thread's reader is told to reload their inbox by: it says nothing of the thread's kind. */
const CHANGED = 'changed';

/**
 * Whether an ability may hear of a thread: its own (the declared rule), and of a kind its role would receive now
 * (`kindsWithheld`, as the inbox reads it: notifications/readable.ts). A reload ('changed') reaches the thread's
 * recipient whatever its kind, so a reader demoted away from a kind is told to reload (projects/lostAccess.ts).
 */
function hearsOf(a: AppAbility, n: Record<string, unknown>, kind: string): boolean {
  if (!a.can('read', asSubject('Notification', { recipientKind: n.recipientKind, recipientId: n.recipientId })))
    return false;
  return (
    kind === CHANGED || !kindsWithheld(n.recipientKind as number, a).includes(NOTIFICATION_KIND_NAME[n.kind as number])
  );
}

export interface LiveEvent {
  id: number;
  topic: Topic;
  subjectId: number;
  kind: string;
}

/** What a socket receives: the event and nothing of its subject (the page asks the API for that). */
export const wireOf = (e: LiveEvent) => ({
  type: 'event',
  id: e.id,
  topic: e.topic,
  subjectId: e.subjectId,
  kind: e.kind,
});

/** Raises an event inside the caller's transaction: it reaches the sockets only if that commits. */
export async function raiseLive(
  knex: Knex | Knex.Transaction,
  topic: Topic,
  subjectId: number | number[],
  kind: string,
): Promise<void> {
  // Many subjects (a notice to many recipients) are one insert.
  const ids = Array.isArray(subjectId) ? subjectId : [subjectId];
  if (!ids.length) return;
  await knex('live_events').insert(
    ids.map((id) => ({ topic: LIVE_TOPIC[topic], subject_id: id, kind: kind.slice(0, 40) })),
  );
}

interface EventRow {
  id: number | string;
  topic: number;
  subject_id: number;
  kind: string;
}

export const eventOf = (r: EventRow): LiveEvent => ({
  id: Number(r.id),
  topic: TOPIC_OF[r.topic],
  subjectId: r.subject_id,
  kind: r.kind,
});

/** Whether an ability may receive an event: the read rule of the event's subject. */
export type Audience = (ability: AppAbility) => boolean;

/**
 * The audience of each event, by event id. Subjects are read in one query per topic; an event
 * whose subject is gone reaches nobody.
 */
export async function audiences(knex: Knex, events: LiveEvent[]): Promise<Map<number, Audience>> {
  const out = new Map<number, Audience>();
  const ids = (t: Topic) => [...new Set(events.filter((e) => e.topic === t).map((e) => e.subjectId))];
  const projectIds = ids('project');
  const projects = new Map<number, Record<string, unknown>>();
  if (projectIds.length) {
    const rows = await knex('projects')
      .whereIn('id', projectIds)
      .select(
        'id',
        'company_id as companyId',
        'owner_id as ownerId',
        'shared_user_ids as sharedUserIds',
        'shared_with_company as sharedWithCompany',
      );
    for (const r of rows) projects.set(r.id, { ...r, sharedUserIds: r.sharedUserIds ?? [] });
  }
  const notificationIds = ids('notification');
  const notifications = new Map<number, Record<string, unknown>>();
  if (notificationIds.length) {
    const rows = await knex('notifications')
      .whereIn('id', notificationIds)
      .select('id', 'recipient_kind as recipientKind', 'recipient_id as recipientId', 'kind');
    for (const r of rows) notifications.set(r.id, r);
  }
  const conversationIds = ids('conversation');
  const conversations = new Map<number, { conversation: Record<string, unknown>; project: Record<string, unknown> }>();
  if (conversationIds.length) {
    const rows = await knex('conversations as c')
      .join('projects as p', 'p.id', 'c.project_id')
      .whereIn('c.id', conversationIds)
      .select(
        'c.id',
        'c.company_id as companyId',
        'p.id as projectId',
        'p.company_id as projectCompanyId',
        'p.owner_id as ownerId',
        'p.shared_user_ids as sharedUserIds',
        'p.shared_with_company as sharedWithCompany',
      );
    for (const r of rows) {
      const project = {
        id: r.projectId,
        companyId: r.projectCompanyId,
        ownerId: r.ownerId,
        sharedUserIds: r.sharedUserIds ?? [],
        sharedWithCompany: r.sharedWithCompany,
      };
      conversations.set(r.id, { conversation: { id: r.id, companyId: r.companyId }, project });
    }
  }
  for (const e of events) {
    if (e.topic === 'conversation') {
      // A conversation is read by those who may read it and open its project (a Member only their projects').
      const c = conversations.get(e.subjectId);
      if (c)
        out.set(
          e.id,
          (a) =>
            a.can('read', asSubject('Conversation', { ...c.conversation })) &&
            a.can('read', asSubject('Project', { ...c.project })),
        );
    } else if (e.topic === 'project') {
      const p = projects.get(e.subjectId);
      // Activity only admins may read (a note for admins alone): those who may read such a note.
      const adminsOnly = e.kind.endsWith(ADMINS_ONLY);
      const note = { companyId: p?.companyId, visibility: NOTE_VISIBILITY.adminsOnly };
      if (p)
        out.set(
          e.id,
          (a) =>
            a.can('read', asSubject('Project', { ...p })) &&
            (!adminsOnly || a.can('read', asSubject('CandidateNote', note))),
        );
    } else if (e.topic === 'notification') {
      const n = notifications.get(e.subjectId);
      if (n) out.set(e.id, (a) => hearsOf(a, n, e.kind));
    }
  }
  return out;
}
