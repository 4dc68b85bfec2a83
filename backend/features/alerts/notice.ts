/**
 * The in-app side of an alert: one notification thread per subscription (`alerts:<id>`), raised
 * again by each run that brings news, titled without a count (a title stays as written while candidates are seen or
 * paused, so a number in it would go stale; the panel it opens counts them live) and linked to the
 * project's suggested tab filtered to them (`?tab=0&new=1`). Never emailed by preference: the
 * digest is the alert's email (digest.ts), which the kind's "off" stops as it stops these notices.
 *
 * The count is the news its person still reaches in the project (reached.ts `reachedCount`), the count and list
 * the notification opens: news waiting but no longer reached when the notice is raised (a candidate paused, or no
 * longer found by the saved filters, by a change that committed while the run worked) is not counted, and an alert
 * with none reached raises no notification. One statement reads the subscriptions, one more counts each one's news.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { abilityFor } from '../../../schema/ability';
import { ALERT_RECIPIENT_KIND } from '../../../schema/entities/alert';
import type { Config } from '../../config';
import { notify, adminRecipients, companyRecipients } from '../notifications';
import { pendingNewsSql } from './news';
import { PROJECT_COLUMNS, projectOfRow, reachedCount, SUBSCRIBER_COLUMNS, subscriberOfRow } from './reached';
import { subscriberJoins } from './who';

export const newLink = (projectId: number) => `/project/${projectId}?tab=0&new=1`;

/** How many new candidates subscription row `r` (the subscriptions read by `noticeNews`) reaches. */
async function reachedOf(trx: Knex.Transaction, r: Record<string, unknown>): Promise<number> {
  if (!r.waiting) return 0;
  const actor = subscriberOfRow(r);
  return reachedCount(trx as Knex, abilityFor(actor), actor, projectOfRow(r), r.sub_id as number);
}

/** Tells each subscription's person how many new candidates they reach; returns how many were told. */
export async function noticeNews(knex: Knex, config: Config, subscriptionIds: number[]): Promise<number> {
  if (!subscriptionIds.length) return 0;
  return knex.transaction(async (trx) => {
    const { rows } = await trx.raw(
      `select s.id as sub_id, ${SUBSCRIBER_COLUMNS}, ${PROJECT_COLUMNS},
              exists (select 1 from alert_news n join candidates c on c.id = n.candidate_id
                       where n.subscription_id = s.id and ${pendingNewsSql}) as waiting
         from alert_subscriptions s join projects p on p.id = s.project_id ${subscriberJoins}
        where s.id = any(?::int[])`,
      [subscriptionIds],
    );
    let told = 0;
    for (const s of rows as Record<string, unknown>[]) {
      const count = await reachedOf(trx, s);
      if (!count) continue;
      const id = s.sub_id as number;
      const recipientId = s.recipient_id as number;
      const people =
        s.recipient_kind === ALERT_RECIPIENT_KIND.admin
          ? await adminRecipients(trx, [recipientId])
          : await companyRecipients(trx, { ids: [recipientId] });
      told += await notify(trx, config, people, {
        kind: 'savedSearchAlert',
        subjectKey: `alerts:${id}`,
        link: newLink(s.p_id as number),
        title: () => t('alerts.notice', { project: s.title as string }),
        email: false,
      });
      await trx('alert_subscriptions').where('id', id).update({ last_alerted_at: trx.fn.now() });
    }
    return told;
  });
}
