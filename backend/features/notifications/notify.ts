/**
 * Raising a notification: for each recipient, the thread of its subject is created or updated in
 * place (GitHub's model: one thread per subject, unread again, back from the archive, counting its
 * events), the recipient's open pages are told through the live channel, and an email is queued
 * when the recipient chose email for that kind. All in the caller's transaction, so a change that
 * rolls back notifies nobody. The person who acted is never notified of their own act, and a kind never reaches a
 * recipient outside its audience (NOTIFICATION_AUDIENCE: the kinds their settings offer), by notice or by email.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import {
  NOTIFICATION_AUDIENCE,
  NOTIFICATION_CHANNEL,
  NOTIFICATION_KIND,
  kindReachesRole,
  notification,
  RECIPIENT_KIND,
} from '../../../schema/entities/live/notification';
import { outboxEmail } from '../../../schema/entities/internal/outboxEmail';
import { fitTo, maxOf } from '../../../schema/lib/fit';
import { actorKey, type Actor } from '../../../schema/roles';
import type { Config } from '../../config';
import { raiseLive } from '../live';
import { queueEmails, type Email } from '../../services/mail/outbox';
import type { Recipient } from './recipients';

export type NotificationKind = keyof typeof NOTIFICATION_KIND;

export interface Notice {
  kind: NotificationKind;
  /** The thread's subject, e.g. `projectCandidate:12:34`: later notices about it update the same thread. */
  subjectKey: string;
  /** Path of the screen that shows the subject. */
  link: string;
  /** The title as this recipient may read it (candidate names follow the recipient's visibility). */
  title: (r: Recipient) => string;
  body?: string | null;
  /**
   * false: never emailed by preference, for a capability whose own email is the kind's email (the chat's unread
   * reminder, the interview answer's email, the batched curated-candidates email, the sign-up's and the refused ATS
   * credentials' emails).
   */
  email?: false;
}

/**
 * Kinds whose one email is their capability's own, sent beside the notice (the interview answer's, the chat's
 * unread-message email, the batched curated-candidates email, the admins' email of a company sign-up, the
 * integration managers' email of refused ATS credentials): until a person chooses, they read the kind in the app
 * and by email, as their settings show it. Any other kind is read in the app alone until the person chooses email.
 */
const EMAILED_UNTIL_CHOSEN: readonly NotificationKind[] = [
  'interviewAnswered',
  'chatMessage',
  'candidateCurated',
  'companyAwaitsApproval',
  'syncFailed',
];

/** The channel of `kind` for a person who chose none (the settings show it as their choice). */
export const defaultChannel = (kind: NotificationKind): number =>
  EMAILED_UNTIL_CHOSEN.includes(kind) ? NOTIFICATION_CHANNEL.email : NOTIFICATION_CHANNEL.inApp;

/**
 * Whether `kind` can reach a recipient of this kind at all (NOTIFICATION_AUDIENCE): an admin only a kind for admins, a
 * company user only one for company users (those of a kind for the readers of a subject are picked by its capability).
 */
const inAudience = (kind: NotificationKind, recipientKind: number): boolean =>
  recipientKind === RECIPIENT_KIND.admin
    ? NOTIFICATION_AUDIENCE[kind].admin
    : NOTIFICATION_AUDIENCE[kind].company !== false;

/** Whether `kind` concerns this recipient's role and company type (kindReachesRole): a normal company hears of no credits. */
const reaches = (kind: NotificationKind, r: Recipient): boolean => kindReachesRole(kind, r.actor.role);

/**
 * The channel of `kind` for each of `recipients`, keyed `kind:id` of the recipient: the one they chose, else the
 * kind's default; "off" for a recipient outside the kind's audience, who can neither see nor choose it in their
 * settings (an admin owning an internal project hears nothing of the candidates curated into it). The one place a
 * preference is resolved: the notices, the capabilities' own emails and the settings read it alike.
 */
export async function channels(
  trx: Knex | Knex.Transaction,
  recipients: Pick<Recipient, 'kind' | 'id'>[],
  kind: NotificationKind,
): Promise<Map<string, number>> {
  const out = new Map<string, number>(
    recipients.map((r) => [
      `${r.kind}:${r.id}`,
      inAudience(kind, r.kind) ? defaultChannel(kind) : NOTIFICATION_CHANNEL.off,
    ]),
  );
  if (!recipients.length) return out;
  const rows = (await trx('notification_preferences')
    .where('kind', NOTIFICATION_KIND[kind])
    .whereIn(
      ['recipient_kind', 'recipient_id'],
      recipients.map((r) => [r.kind, r.id]),
    )
    .select('recipient_kind', 'recipient_id', 'channel')) as {
    recipient_kind: number;
    recipient_id: number;
    channel: number;
  }[];
  for (const r of rows)
    if (inAudience(kind, r.recipient_kind)) out.set(`${r.recipient_kind}:${r.recipient_id}`, r.channel);
  return out;
}

/**
 * Of `recipients`, those whose channel for `kind` includes email (in the app and by email): whom a capability's own
 * email of that kind reaches. "In the app" and "off" send none.
 */
export async function byEmail<R extends Pick<Recipient, 'kind' | 'id'>>(
  trx: Knex | Knex.Transaction,
  recipients: R[],
  kind: NotificationKind,
): Promise<R[]> {
  const chosen = await channels(trx, recipients, kind);
  return recipients.filter((r) => chosen.get(`${r.kind}:${r.id}`) === NOTIFICATION_CHANNEL.email);
}

const TITLE_MAX = maxOf(notification.fields.title);
const SUBJECT_MAX = maxOf(outboxEmail.fields.subject);

const isActor = (r: Recipient, actor?: Actor) => actor !== undefined && actorKey(r.actor) === actorKey(actor);

export async function notify(
  trx: Knex | Knex.Transaction,
  config: Config,
  recipients: Recipient[],
  notice: Notice,
  actor?: Actor,
): Promise<number> {
  return notifyAll(trx, config, recipients, [notice], actor);
}

/**
 * Several notices of one kind to the same recipients (one per curated candidate, say), in a fixed
 * number of statements whatever their number: the channels, the threads, the live events, the
 * emails. Notices with the same subject count once. Answers the number of threads written.
 */
export async function notifyAll(
  trx: Knex | Knex.Transaction,
  config: Config,
  recipients: Recipient[],
  notices: Notice[],
  actor?: Actor,
): Promise<number> {
  const subjects = [...new Map(notices.map((n) => [n.subjectKey.slice(0, 120), n])).values()];
  if (!subjects.length) return 0;
  const kind = subjects[0].kind;
  const unique = [
    ...new Map(
      recipients.filter((r) => !isActor(r, actor) && reaches(kind, r)).map((r) => [`${r.kind}:${r.id}`, r]),
    ).values(),
  ];
  if (!unique.length) return 0;
  if (subjects.some((n) => n.kind !== kind)) throw new Error('notifyAll: notices of one kind');
  const chosen = await channels(trx, unique, kind);
  const rows: Record<string, unknown>[] = [];
  const emails: Email[] = [];
  for (const r of unique) {
    const channel = chosen.get(`${r.kind}:${r.id}`) ?? defaultChannel(kind);
    if (channel === NOTIFICATION_CHANNEL.off) continue;
    for (const notice of subjects) {
      // Fitted to the columns (a title, an email's subject around it), so a long title cannot fail the writes.
      const title = fitTo(TITLE_MAX, notice.title(r));
      rows.push({
        recipient_kind: r.kind,
        recipient_id: r.id,
        kind: NOTIFICATION_KIND[kind],
        subject_key: notice.subjectKey.slice(0, 120),
        title,
        body: notice.body ?? null,
        link: notice.link.slice(0, 500),
      });
      if (channel === NOTIFICATION_CHANNEL.email && notice.email !== false)
        emails.push({
          to: r.email,
          subject: fitTo(SUBJECT_MAX, title, (part) =>
            t('notifications.email.subject', { product: config.productName, title: part }),
          ),
          text: t('notifications.email.text', {
            title,
            url: `${config.publicUrl}${notice.link}`,
            prefs: `${config.publicUrl}/my-profile`,
          }),
        });
    }
  }
  if (!rows.length) return 0;
  const written = (await trx('notifications')
    .insert(rows)
    .onConflict(['recipient_kind', 'recipient_id', 'subject_key'])
    .merge({
      kind: trx.raw('excluded.kind'),
      title: trx.raw('excluded.title'),
      body: trx.raw('excluded.body'),
      link: trx.raw('excluded.link'),
      unread: true,
      archived: false,
      events: trx.raw('notifications.events + 1'),
      updated_at: trx.fn.now(),
    })
    .returning('id')) as { id: number }[];
  await raiseLive(
    trx,
    'notification',
    written.map((w) => w.id),
    kind,
  );
  await queueEmails(trx, emails);
  return written.length;
}
