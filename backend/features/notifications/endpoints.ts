/**
 * The notification inbox (spec section 7: admins load notifications on start), for admins and
 * company users, each reading only their own threads (the declared rule `ownNotification`):
 *   GET  /notifications?filter=unread|all|archived&page=1&limit=25
 *                                                             25 a page (limit: up to 500), latest first, with the
 *                                                             unread count; the bell reloads the pages it shows as one
 *   GET  /notifications/unread-count                          the bell's number
 *   POST /notifications/:id/read    {unread?: boolean}        read (or unread again)
 *   POST /notifications/read-all    {upTo?: ISO time}         every unread thread read; with upTo, only those
 *                                                             updated by then (the newest the reader was shown), so a
 *                                                             thread raised again after the list was drawn stays unread
 *   POST /notifications/:id/archive {archived?: boolean}      out of the inbox (or back)
 *   GET  /notification-preferences                            the channel of every kind that can reach the caller
 *   PUT  /notification-preferences  {kind, channel}           in the app, by email too, or off (400 for another kind,
 *                                                              or a channel the kind does not offer)
 * A kind whose email is its capability's own offers no "by email too" (its preference would change nothing): the
 * saved-search alert's email is each project's digest, which "off" stops with the notices. Each preference carries
 * the channels it offers and, where a choice needs it, a line saying what it does. The interview answer, the chat
 * message, the curated candidates, a company's sign-up and refused ATS credentials email only those whose channel is
 * "in the app and by email", which is where they stand until they choose (notify.ts `defaultChannel`); "in the app"
 * sends no email.
 * Another person's thread is 404, as if it did not exist; so is a company user's thread about a
 * candidate their board no longer shows, or of a kind their role no longer receives (a failed sync, once an Admin is
 * made a Member), and a title names a candidate only while the reader sees the name (readable.ts).
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { t } from '../../../i18n';
import {
  kindsReaching,
  NOTIFICATION_CHANNEL,
  NOTIFICATION_KIND,
  NOTIFICATION_KIND_NAME,
} from '../../../schema/entities/live/notification';
import { subject as asSubject } from '@casl/ability';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { int } from '../../../schema/validation/inputs';
import { defineEndpoint } from '../../endpoints/define';
import { badRequest, notFound } from '../../errors';
import { raiseLive } from '../live';
import { defaultChannel } from './notify';
import { readable, threadColumns } from './readable';
import { recipientOf } from './recipients';

export const NOTIFICATIONS_PAGE = 25;
/** The most threads one call reads: the bell's reload of twenty pages shown is one call (NotificationBell.tsx). */
export const NOTIFICATIONS_MAX_LIMIT = 500;
const KINDS = Object.keys(NOTIFICATION_KIND) as [keyof typeof NOTIFICATION_KIND, ...(keyof typeof NOTIFICATION_KIND)[]];
const CHANNELS = Object.keys(NOTIFICATION_CHANNEL) as [
  keyof typeof NOTIFICATION_CHANNEL,
  ...(keyof typeof NOTIFICATION_CHANNEL)[],
];
/**
 * The kinds that can reach the caller: those of their role (a company user's, of their company's type: credit notices
 * for RaaS companies alone), and a company user's credit and sync notices need the right to read them.
 */
const reaching = (actor: Actor, ability: AppAbility) =>
  kindsReaching(actor.role, (s) =>
    ability.can('read', asSubject(s, { companyId: 'companyId' in actor ? actor.companyId : undefined })),
  );

/** Kinds whose email is not the preference's: they offer the app or nothing, with a line saying where the email is set. */
const NO_EMAIL_CHOICE: readonly (keyof typeof NOTIFICATION_KIND)[] = ['savedSearchAlert'];
const offered = (kind: keyof typeof NOTIFICATION_KIND): (keyof typeof NOTIFICATION_CHANNEL)[] =>
  NO_EMAIL_CHOICE.includes(kind) ? ['inApp', 'off'] : ['inApp', 'email', 'off'];

/**
 * One kind's preference as the caller's settings show it: the stored choice, else the kind's default (notify.ts
 * `defaultChannel`, as the notices and emails read it); a choice no longer offered reads as the app.
 */
function preferenceOf(kind: keyof typeof NOTIFICATION_KIND, stored: number | undefined) {
  const channels = offered(kind);
  const channel = CHANNEL_NAME[stored ?? defaultChannel(kind)] as keyof typeof NOTIFICATION_CHANNEL;
  return {
    kind,
    label: t(`notifications.kinds.${kind}`),
    channel: channels.includes(channel) ? channel : 'inApp',
    channels,
    ...(NO_EMAIL_CHOICE.includes(kind) ? { help: t(`notifications.help.${kind}`) } : {}),
  };
}

const CHANNEL_NAME = Object.fromEntries(Object.entries(NOTIFICATION_CHANNEL).map(([k, v]) => [v, k])) as Record<
  number,
  string
>;

interface Row {
  id: number;
  kind: number;
  title: string;
  body: string | null;
  link: string;
  unread: boolean;
  archived: boolean;
  events: number;
  subject_key: string;
  updated_at: Date;
}

const present = (r: Row) => ({
  id: r.id,
  kind: NOTIFICATION_KIND_NAME[r.kind],
  title: r.title,
  body: r.body,
  link: r.link,
  unread: r.unread,
  archived: r.archived,
  events: r.events,
  subject: r.subject_key,
  updatedAt: r.updated_at.toISOString(),
});

const mine = readable;

export const unreadCount = async (knex: Knex, actor: Actor): Promise<number> =>
  Number((await mine(knex, actor).where({ unread: true, archived: false }).count('* as n').first())?.n ?? 0);

const ACCESS = { action: 'read', subject: 'Notification' } as const;
const CHANGE = { action: 'update', subject: 'Notification' } as const;
const idParam = z.object({ id: int().pipe(z.number().min(1).max(2147483647)) });

/** Changes one of the caller's threads; tells the caller's other pages so their bells agree. */
async function changeOne(knex: Knex, actor: Actor, id: number, values: Record<string, unknown>) {
  return knex.transaction(async (trx) => {
    const own = trx as unknown as Knex;
    const [changed] = (await mine(own, actor).where('id', id).update(values).returning('id')) as { id: number }[];
    if (!changed) throw notFound('notifications.errors.notFound');
    await raiseLive(trx, 'notification', changed.id, 'changed');
    const [row] = (await own('notifications').where('id', changed.id).select(threadColumns(own, actor))) as Row[];
    return { success: true, data: present(row), unreadCount: await unreadCount(own, actor) };
  });
}

/**
 * Marks the reader's own unread threads about `subjectKey` read (a chat's `conversation:N` once its messages are read),
 * in the caller's transaction, and tells the reader's other pages so their bells agree. Other people's threads stay.
 */
export async function readThreadsAbout(trx: Knex.Transaction, actor: Actor, subjectKey: string): Promise<number> {
  const own = trx as unknown as Knex;
  const ids = (await mine(own, actor)
    .where({ subject_key: subjectKey, unread: true })
    .update({ unread: false })
    .returning('id')) as { id: number }[];
  await raiseLive(
    trx,
    'notification',
    ids.map((r) => r.id),
    'changed',
  );
  return ids.length;
}

export const notificationEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/notifications',
    summary: "The caller's notification threads, latest first, with the unread count",
    access: ACCESS,
    input: {
      query: z
        .object({
          filter: z.enum(['unread', 'all', 'archived']).optional(),
          page: int().pipe(z.number().min(1).max(10000)).optional(),
          limit: int().pipe(z.number().min(1).max(NOTIFICATIONS_MAX_LIMIT)).optional(),
        })
        .strict(),
    },
    handler: async ({ query, actor, ctx }) => {
      const page = query.page ?? 1;
      const size = query.limit ?? NOTIFICATIONS_PAGE;
      const q = mine(ctx.knex, actor);
      if (query.filter === 'archived') q.where('archived', true);
      else q.where('archived', false);
      if (query.filter === 'unread') q.where('unread', true);
      const total = Number((await q.clone().count('* as n').first())?.n ?? 0);
      const rows = (await q
        .orderBy([
          { column: 'updated_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(size)
        .offset((page - 1) * size)
        .select(threadColumns(ctx.knex, actor))) as Row[];
      return {
        success: true,
        data: rows.map(present),
        total,
        page,
        pageSize: size,
        unreadCount: await unreadCount(ctx.knex, actor),
      };
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/notifications/unread-count',
    summary: "The number on the caller's bell",
    access: ACCESS,
    handler: async ({ actor, ctx }) => ({ success: true, unreadCount: await unreadCount(ctx.knex, actor) }),
  }),

  defineEndpoint({
    method: 'post',
    path: '/notifications/read-all',
    summary: "Marks every unread thread of the caller's inbox read (with upTo, those updated by then)",
    access: CHANGE,
    input: { body: z.object({ upTo: z.iso.datetime({ offset: true }).optional() }) },
    handler: async ({ body, actor, ctx }) =>
      ctx.knex.transaction(async (trx) => {
        const own = trx as unknown as Knex;
        const q = mine(own, actor).where({ unread: true, archived: false });
        // The list shows times to the millisecond (toISOString), the column holds microseconds.
        if (body.upTo) q.whereRaw("date_trunc('milliseconds', updated_at) <= ?", [new Date(body.upTo)]);
        const ids = (await q.update({ unread: false }).returning('id')) as { id: number }[];
        // One event is enough for the caller's other pages to reload their inbox.
        if (ids.length) await raiseLive(trx, 'notification', ids[0].id, 'changed');
        return { success: true, changed: ids.length, unreadCount: await unreadCount(own, actor) };
      }),
  }),

  defineEndpoint({
    method: 'post',
    path: '/notifications/:id/read',
    summary: 'Marks one thread read (or unread again)',
    access: CHANGE,
    input: { params: idParam, body: z.object({ unread: z.boolean().optional() }) },
    handler: async ({ params, body, actor, ctx }) =>
      changeOne(ctx.knex, actor, params.id, { unread: body.unread ?? false }),
  }),

  defineEndpoint({
    method: 'post',
    path: '/notifications/:id/archive',
    summary: 'Archives one thread (or brings it back); an archived thread counts as read',
    access: CHANGE,
    input: { params: idParam, body: z.object({ archived: z.boolean().optional() }) },
    handler: async ({ params, body, actor, ctx }) => {
      const archived = body.archived ?? true;
      return changeOne(ctx.knex, actor, params.id, archived ? { archived, unread: false } : { archived });
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/notification-preferences',
    summary: 'Where each kind of notification reaches the caller',
    access: { action: 'read', subject: 'NotificationPreference' },
    handler: async ({ actor, ability, ctx }) => {
      const me = recipientOf(actor);
      const rows = (await ctx
        .knex('notification_preferences')
        .where({ recipient_kind: me.kind, recipient_id: me.id })
        .select('kind', 'channel')) as {
        kind: number;
        channel: number;
      }[];
      const chosen = new Map(rows.map((r) => [r.kind, r.channel]));
      return {
        success: true,
        data: reaching(actor, ability).map((kind) => preferenceOf(kind, chosen.get(NOTIFICATION_KIND[kind]))),
      };
    },
  }),

  defineEndpoint({
    method: 'put',
    path: '/notification-preferences',
    summary: 'Chooses the channel of one kind of notification',
    access: { action: 'update', subject: 'NotificationPreference' },
    input: { body: z.object({ kind: z.enum(KINDS), channel: z.enum(CHANNELS) }) },
    handler: async ({ body, actor, ability, ctx }) => {
      const me = recipientOf(actor);
      if (!reaching(actor, ability).includes(body.kind)) throw badRequest({ kind: 'notifications.errors.notForYou' });
      if (!offered(body.kind).includes(body.channel))
        throw badRequest({ channel: 'notifications.errors.channelNotOffered' });
      const kind = NOTIFICATION_KIND[body.kind];
      const channel = NOTIFICATION_CHANNEL[body.channel];
      await ctx
        .knex('notification_preferences')
        .insert({ recipient_kind: me.kind, recipient_id: me.id, kind, channel })
        .onConflict(['recipient_kind', 'recipient_id', 'kind'])
        .merge({ channel });
      return { success: true, data: { kind: body.kind, channel: body.channel } };
    },
  }),
];
