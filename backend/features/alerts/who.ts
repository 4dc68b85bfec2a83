/**
 * Who receives a project's alerts, in SQL: the twin of the pure rule (schema/rules/alerts.ts) for the matching run,
 * which checks it again for every subscription it serves, so a person the project stopped being shared with hears
 * nothing more.
 */
import { ALERT_RECIPIENT_KIND } from '../../../schema/entities/alert';
import { COMPANY_TYPES } from '../../../schema/roles';

/**
 * SQL twin over `alert_subscriptions s`, `projects p` and the subscriber's row (`a` for admins,
 * `u` for company users, `uc` their company, all left-joined): the subscriber may still receive
 * the project's alerts, and the project is active.
 */
export const mayReceiveSql = `p.status = 0 and (
  (s.recipient_kind = ${ALERT_RECIPIENT_KIND.admin} and a.status = 1 and p.advocate_id = s.recipient_id)
  or (s.recipient_kind = ${ALERT_RECIPIENT_KIND.companyUser} and u.status = 1 and uc.status = 1 and uc.company_type <> ${COMPANY_TYPES.raas}
      and u.company_id = p.company_id
      and (p.owner_id = s.recipient_id or s.recipient_id = any(coalesce(p.shared_user_ids, '{}')) or p.shared_with_company)))`;

/** The joins `mayReceiveSql` reads, after `alert_subscriptions s join projects p`. */
export const subscriberJoins = `left join admins a on s.recipient_kind = ${ALERT_RECIPIENT_KIND.admin} and a.id = s.recipient_id
  left join company_users u on s.recipient_kind = ${ALERT_RECIPIENT_KIND.companyUser} and u.id = s.recipient_id
  left join companies uc on uc.id = u.company_id`;

/** SQL over `alert_subscriptions s`: the platform did not turn alerts off for the project's company. */
export const companyOnSql = `not exists (select 1 from alert_company_settings cs where cs.company_id = s.company_id and cs.alerts_off)`;
