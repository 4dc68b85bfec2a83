/**
 * The in-app side of an alert: one notification thread per subscription (`alerts:<id>`), raised
 * again by each run that brings news, titled with how many new candidates wait and linked to the
 * project's suggested tab filtered to them (`?tab=0&new=1`). Never emailed by preference: the
 * digest is the alert's email (digest.ts), which the kind's "off" stops as it stops these notices.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { ALERT_RECIPIENT_KIND } from '../../../schema/entities/alert';
import type { Config } from '../../config';
import { notify, adminRecipients, companyRecipients } from '../notifications';
import { pendingNewsSql } from './news';

export const newLink = (projectId: number) => `/project/${projectId}?tab=0&new=1`;

/** Tells each subscription's person how many new candidates wait; returns how many were told. */
export async function noticeNews(knex: Knex, config: Config, subscriptionIds: number[]): Promise<number> {
  if (!subscriptionIds.length) return 0;
  return knex.transaction(async (trx) => {
    const { rows } = await trx.raw(
      `select s.id, s.project_id, s.recipient_kind, s.recipient_id, p.title,
              (select count(*)::int from alert_news n join candidates c on c.id = n.candidate_id
                where n.subscription_id = s.id and ${pendingNewsSql}) as pending
         from alert_subscriptions s join projects p on p.id = s.project_id
        where s.id = any(?::int[])`,
      [subscriptionIds],
    );
    let told = 0;
    for (const s of rows as {
      id: number;
      project_id: number;
      recipient_kind: number;
      recipient_id: number;
      title: string;
      pending: number;
    }[]) {
      if (!s.pending) continue;
      const people =
        s.recipient_kind === ALERT_RECIPIENT_KIND.admin
          ? await adminRecipients(trx, [s.recipient_id])
          : await companyRecipients(trx, { ids: [s.recipient_id] });
      told += await notify(trx, config, people, {
        kind: 'savedSearchAlert',
        subjectKey: `alerts:${s.id}`,
        link: newLink(s.project_id),
        title: () => t('alerts.notice', { count: s.pending, project: s.title }),
        email: false,
      });
      await trx('alert_subscriptions').where('id', s.id).update({ last_alerted_at: trx.fn.now() });
    }
    return told;
  });
}
