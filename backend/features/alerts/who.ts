/**
 * Who receives a project's alerts: its owner, the company users it is shared with (by name or with
 * the whole company) and its talent advocate, the people who work its suggested tab. A RaaS
 * company has no suggested tab (schema/rules/stages.ts), so no alerts. The pure rule and its SQL
 * twin for the matching run, which checks it again for every subscription it serves, so a person
 * the project stopped being shared with hears nothing more.
 */
import { ALERT_RECIPIENT_KIND } from '../../../schema/entities/alert';
import { COMPANY_TYPES, type Actor } from '../../../schema/roles';
import { STAGES } from '../../../schema/rules/pipeline';
import { tabsFor } from '../../../schema/rules/stages';
import { viewerOf } from '../../../schema/rules/visibility';

export interface ProjectPeople {
  companyId: number | null;
  ownerId: number | null;
  advocateId: number | null;
  sharedUserIds: number[];
  sharedWithCompany: boolean;
}

export interface Person {
  kind: (typeof ALERT_RECIPIENT_KIND)[keyof typeof ALERT_RECIPIENT_KIND];
  id: number;
}

/** The subscriber a signed-in person is, or null for those who never receive alerts. */
export function personOf(actor: Actor): Person | null {
  if (actor.id === undefined) return null;
  if (actor.role === 'admin') return { kind: ALERT_RECIPIENT_KIND.admin, id: actor.id };
  if (actor.role === 'company') return { kind: ALERT_RECIPIENT_KIND.companyUser, id: actor.id };
  return null;
}

/** Whether `actor` may receive the alerts of a project they read. */
export function mayReceiveAlerts(actor: Actor, project: ProjectPeople): boolean {
  const viewer = viewerOf(actor);
  if (viewer === 'none' || !tabsFor(viewer).includes(STAGES.open) || actor.id === undefined) return false;
  if (viewer === 'admin') return project.advocateId === actor.id;
  if (actor.companyId === undefined || actor.companyId !== project.companyId) return false;
  return project.ownerId === actor.id || project.sharedUserIds.includes(actor.id) || project.sharedWithCompany;
}

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
