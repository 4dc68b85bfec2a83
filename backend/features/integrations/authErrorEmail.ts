/**
 * The email a company's Owners and Admins get once when the ATS refuses the credentials an integration holds (the
 * sync marks it "auth error"). The same run raises syncFailed (notice.ts) to the same people, so each gets one email,
 * by their syncFailed preference: this one when they left it in the app (the default), the notice's (the same
 * reason and link) when they chose email, none when they turned it off.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { NOTIFICATION_CHANNEL, NOTIFICATION_KIND, RECIPIENT_KIND } from '../../../schema/entities/live/notification';
import { atsKind } from '../../../schema/rules/ats';
import { MANAGING_SUB_ROLES } from '../../../schema/roles';
import type { Config } from '../../config';
import { queueEmail } from '../../services/mail/outbox';
import { INTEGRATIONS_LINK } from './notice';
import type { IntegrationRow } from './store';

export async function emailAuthError(db: Knex, config: Config, row: IntegrationRow): Promise<void> {
  const company = await db('companies').where('id', row.company_id).first('company_name');
  const chosen = db('notification_preferences')
    .where({ recipient_kind: RECIPIENT_KIND.companyUser, kind: NOTIFICATION_KIND.syncFailed })
    .whereNot('channel', NOTIFICATION_CHANNEL.inApp)
    .select('recipient_id');
  const managers = (await db('company_users')
    .where({ company_id: row.company_id, status: 1 })
    .whereIn('role', MANAGING_SUB_ROLES)
    .whereNotIn('id', chosen)
    .pluck('email')) as string[];
  const ats = atsKind(row.kind)?.label ?? row.kind;
  for (const email of managers)
    await queueEmail(db, {
      to: email,
      subject: t('integrations.authErrorEmail.subject', { ats }),
      text: t('integrations.authErrorEmail.text', {
        ats,
        company: company?.company_name ?? '',
        link: `${config.publicUrl}${INTEGRATIONS_LINK}`,
      }),
    });
}
