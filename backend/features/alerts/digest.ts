/**
 * The digest email: daily or weekly, due at 08:00 in the person's own time zone (Monday for a
 * weekly one), at most one per period. `digest_handled_at` is the subscription's cursor: set when
 * the alert begins or its frequency changes, and moved to now by every run that finds the
 * subscription due, whether it had news or not. A subscription is due when the start of its current
 * period (the last 08:00, or Monday 08:00, that passed in its zone) is later than the cursor: the
 * first run after 08:00 (the 08:xx run of the hourly job, or the first one after a run was missed),
 * never a run later that day because news arrived since, and never before the first 08:00 after the
 * alert began. The row is locked and checked again in the sending transaction, so two workers never
 * send one period's digest twice. A person who turned the kind `savedSearchAlert` off in their
 * notification preferences gets no digest (their period is handled all the same). It counts and names only the news
 * its person still reaches (reached.ts `reachSql`: on their board of the project or still found by its saved filters),
 * as the in-app notice counts it and the list its link opens shows it. It lists the first few waiting
 * candidates as their cards show them to that person, through the candidate gate (an anonymous or
 * hidden one as "Anonymous candidate", never a contact detail), links to the suggested tab
 * filtered to the new ones, and carries a signed unsubscribe link that needs no session, in its
 * text and as the List-Unsubscribe header mail programs show as a button (RFC 8058 one-click).
 * News a digest carried is marked, so no later digest repeats it. A stored zone PostgreSQL does not
 * know is read as UTC and logged, so one subscriber's zone never stops the others' digests.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { abilityFor } from '../../../schema/ability';
import { ALERT_FREQUENCY } from '../../../schema/entities/alert';
import { NOTIFICATION_CHANNEL, NOTIFICATION_KIND } from '../../../schema/entities/live/notification';
import type { Config } from '../../config';
import { logger } from '../../logger';
import { loadShown } from '../../services/candidateGate';
import { queueEmail } from '../../services/mail/outbox';
import { html, linked, plainText, type Paragraph } from '../../services/mail/templates';
import { unsentNewsSql } from './news';
import { newLink } from './notice';
import { PROJECT_COLUMNS, projectOfRow, reachSql, subscriberOfRow } from './reached';
import { oneClickHeaders, unsubscribeUrl } from './tokens';
import { companyOnSql, mayReceiveSql, subscriberJoins } from './who';
import { databaseZones } from '../../services/zones';

/** Candidates listed by name in one digest; the rest are counted. */
export const DIGEST_SHOWN = 5;
/** The local hour a digest is due. */
const DUE_HOUR = 8;

/**
 * SQL: the zone the digest of subscription `s` reads, `z.zone`, joined after it with the known zones' names bound (one
 * text[] of lower-cased names, services/zones.ts): its own when PostgreSQL knows it, else UTC. A zone stored before the check
 * (or known to the runtime only) would otherwise fail the statement, and with it every subscriber's digest.
 */
const zoneJoin = `cross join lateral (select case when lower(s.time_zone) = any(?::text[]) then s.time_zone else 'UTC' end as zone) z`;

/**
 * SQL: the start of the current digest period of subscription `s`, an instant: the last 08:00 in
 * its zone `z.zone` that passed (daily), or the last Monday 08:00 (weekly).
 */
const periodStartSql = `(case when s.frequency = ${ALERT_FREQUENCY.weekly}
    then ((date_trunc('week', (now() at time zone z.zone) - interval '${DUE_HOUR} hours') + interval '${DUE_HOUR} hours') at time zone z.zone)
    else ((date_trunc('day', (now() at time zone z.zone) - interval '${DUE_HOUR} hours') + interval '${DUE_HOUR} hours') at time zone z.zone)
  end)`;

/** SQL: subscription `s` is due, its current period not yet handled. */
const dueSql = `s.frequency in (${ALERT_FREQUENCY.daily}, ${ALERT_FREQUENCY.weekly}) and s.digest_handled_at < ${periodStartSql}`;

/** SQL: the person of subscription `s` turned the alerts' kind off (their notification preferences; the kinds share the recipient kinds). */
const kindOffSql = `exists (select 1 from notification_preferences np
    where np.recipient_kind = s.recipient_kind and np.recipient_id = s.recipient_id
      and np.kind = ${NOTIFICATION_KIND.savedSearchAlert} and np.channel = ${NOTIFICATION_CHANNEL.off})`;

/** Logs the subscriptions whose stored zone PostgreSQL does not know: their digests go out at 08:00 UTC. */
async function logUnknownZones(knex: Knex, zones: string[]): Promise<void> {
  const { rows } = await knex.raw(
    `select s.id, s.time_zone from alert_subscriptions s
      where s.frequency in (${ALERT_FREQUENCY.daily}, ${ALERT_FREQUENCY.weekly}) and not lower(s.time_zone) = any(?::text[])`,
    [zones],
  );
  for (const r of rows as { id: number; time_zone: string }[])
    logger.warn(
      { subscriptionId: r.id, timeZone: r.time_zone },
      'alerts: a time zone PostgreSQL does not know, read as UTC',
    );
}

type Due = {
  id: number;
  project_id: number;
  frequency: number;
  recipient_kind: number;
  recipient_id: number;
  email: string;
  first_name: string | null;
  sub_role: number | null;
  admin_type: number | null;
  user_company_id: number | null;
  title: string;
  kind_off: boolean;
} & Record<string, unknown>;

/** Handles one due subscription's period: sends its digest when it has news and the kind is not off; returns the news it carried. */
async function sendOne(trx: Knex.Transaction, config: Config, d: Due): Promise<number> {
  await trx('alert_subscriptions').where('id', d.id).update({ digest_handled_at: trx.fn.now() });
  if (d.kind_off) return 0;
  // Only the news its person still reaches, as the in-app notice counts it and the list its link opens shows it.
  const subscriber = subscriberOfRow(d);
  const reach = await reachSql(trx, abilityFor(subscriber), subscriber, projectOfRow(d));
  const { rows } = await trx.raw(
    `select n.id, n.candidate_id,
            coalesce(x.latest_job_title, (select jt.name from job_titles jt where jt.id = x.job_title_ids[1])) as headline,
            (select ci.name from cities ci where ci.id = x.current_location_id) as location
       from alert_news n join candidates c on c.id = n.candidate_id
       join alert_subscriptions s on s.id = n.subscription_id
       left join candidate_search_documents x on x.id = n.candidate_id
      where n.subscription_id = ? and ${unsentNewsSql} and ${reach.sql}
      order by n.first_matched_at desc, n.id desc`,
    [d.id, ...reach.bindings] as Knex.RawBinding[],
  );
  const news = rows as { id: number; candidate_id: number; headline: string | null; location: string | null }[];
  if (!news.length) return 0;
  const first = news.slice(0, DIGEST_SHOWN);
  const shown = await loadShown(
    trx,
    subscriber,
    first.map((n) => n.candidate_id),
    { projectId: d.project_id },
  );
  const values = { count: news.length, project: d.title, name: d.first_name || 'there' };
  const lines: Paragraph[] = [
    t('alerts.email.greeting', values),
    t('alerts.email.intro', values),
    ...first.map((n) => {
      const label = shown.get(n.candidate_id)?.label ?? t('search.page.anonymous');
      // As the card shows them: the headline (latest job title, else the first title looked for) · the city.
      const about = [n.headline, n.location].filter(Boolean).join(' · ');
      return `• ${label}${about ? `, ${about}` : ''}`;
    }),
  ];
  if (news.length > first.length) lines.push(t('alerts.email.more', { count: news.length - first.length }));
  const open = `${config.publicUrl}${newLink(d.project_id)}`;
  const stop = unsubscribeUrl(config, d.id);
  lines.push(
    linked(t('alerts.email.open', { url: open }), open, t('portal.mailLinks.seeNew')),
    linked(t('alerts.email.unsubscribe', { url: stop }), stop, t('portal.mailLinks.unsubscribe')),
  );
  const subject = t(
    d.frequency === ALERT_FREQUENCY.weekly ? 'alerts.email.subjectWeekly' : 'alerts.email.subjectDaily',
    values,
  );
  await queueEmail(trx, {
    to: d.email,
    subject,
    text: plainText(lines),
    html: html(config, lines),
    headers: oneClickHeaders(config, d.id),
  });
  await trx('alert_news')
    .whereIn(
      'id',
      news.map((n) => n.id),
    )
    .update({ emailed_at: trx.fn.now() });
  await trx('alert_subscriptions').where('id', d.id).update({ last_emailed_at: trx.fn.now() });
  return news.length;
}

/** Sends every digest due now; each in its own transaction, so one failure keeps the others. Returns how many were sent. */
export async function sendDueDigests(knex: Knex, config: Config): Promise<number> {
  const zones = [...(await databaseZones(knex))];
  await logUnknownZones(knex, zones);
  const { rows } = await knex.raw(
    `select s.id from alert_subscriptions s join projects p on p.id = s.project_id ${subscriberJoins} ${zoneJoin}
      where ${dueSql} and ${mayReceiveSql} and ${companyOnSql}`,
    [zones],
  );
  let sent = 0;
  for (const { id } of rows as { id: number }[]) {
    const carried = await knex.transaction(async (trx) => {
      // Locked and checked again: two workers never send one period's digest twice.
      const due = await trx.raw(
        `select s.id, s.project_id, s.frequency, s.recipient_kind, s.recipient_id, ${PROJECT_COLUMNS},
                coalesce(a.email, u.email) as email, coalesce(a.first_name, u.first_name) as first_name,
                u.role as sub_role, a.role as admin_type, u.company_id as user_company_id, ${kindOffSql} as kind_off
           from alert_subscriptions s join projects p on p.id = s.project_id ${subscriberJoins} ${zoneJoin}
          where s.id = ? and ${dueSql} and ${mayReceiveSql} and ${companyOnSql}
          for update of s skip locked`,
        [zones, id],
      );
      const d = (due.rows as Due[])[0];
      return d ? sendOne(trx, config, d) : 0;
    });
    if (carried) sent++;
  }
  return sent;
}
