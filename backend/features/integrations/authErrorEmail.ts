/**
 * The email a company's Owners and Admins get once when the ATS refuses the credentials an integration holds (the
 * sync marks it "auth error"): the syncFailed kind's one email (the notice, notice.ts, emails nobody). It reaches
 * those whose syncFailed channel includes email (notify.ts `byEmail`, where they stand until they choose), one each;
 * "in the app" and "off" send none.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { RECIPIENT_KIND } from '../../../schema/entities/live/notification';
import { atsKind } from '../../../schema/rules/ats';
import { MANAGING_SUB_ROLES } from '../../../schema/roles';
import type { Config } from '../../config';
import { queueEmail } from '../../services/mail/outbox';
import { byEmail } from '../notifications';
import { INTEGRATIONS_LINK } from './notice';
import type { IntegrationRow } from './store';

export async function emailAuthError(db: Knex, config: Config, row: IntegrationRow): Promise<void> {
  const company = await db('companies').where('id', row.company_id).first('company_name');
  const managers = (await db('company_users')
    .where({ company_id: row.company_id, status: 1 })
    .whereIn('role', MANAGING_SUB_ROLES)
    .select('id', 'email')) as { id: number; email: string }[];
  const emailed = await byEmail(
    db,
    managers.map((m) => ({ kind: RECIPIENT_KIND.companyUser, id: m.id, email: m.email })),
    'syncFailed',
  );
  const ats = atsKind(row.kind)?.label ?? row.kind;
  for (const { email } of emailed)
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
