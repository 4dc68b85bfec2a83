import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/**
 * What an event is about: its subject's kind, whose row decides who receives it. `access` events
 * (a person's role, status or session changed: the subject is that row) are read by the web
 * processes themselves and never sent to a page.
 */
export const LIVE_TOPIC = { project: 1, notification: 2, conversation: 3, access: 4 } as const;

/**
 * One event of the live channel (backend/features/live): a topic and the id of its subject, never
 * the subject's content. Inserting a row notifies every web process (a trigger calls pg_notify with
 * the id, migration `notify_live_events`); each process loads the row and sends it to the sockets
 * whose person may read the subject. A socket that reconnects asks for the events after the last id
 * it saw. Written by capabilities and database triggers alike; kept LIVE_EVENTS_RETENTION_HOURS.
 */
export const liveEvent = defineEntity({
  name: 'liveEvent',
  table: 'live_events',
  subject: 'LiveEvent',
  fields: {
    topic: f.enum(LIVE_TOPIC, { required: true, hidden: true }),
    subjectId: f.integer({ required: true, hidden: true }),
    /** What happened, e.g. the pipeline activity ('moved', 'noteAdded') or 'message'. */
    kind: f.string({ required: true, max: 40, hidden: true }),
    createdAt: f.datetime({ required: true, readOnly: true, dbDefault: 'now', hidden: true }),
  },
  indexes: [['createdAt']],
  idType: 'bigserial',
  permissions: {},
});

export const LIVE_EVENTS_RETENTION_HOURS = 24;
