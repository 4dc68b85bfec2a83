/**
 * Who receives a project's saved-search alerts: its owner, the company users it is shared with (by name or with the
 * whole company) and its talent advocate, the people who work its suggested tab. A RaaS company has no suggested tab
 * (./stages.ts), so no alerts. Pure rules over plain facts; their SQL twin for the matching run is in
 * backend/features/alerts/who.ts.
 */
import { ALERT_RECIPIENT_KIND } from '../entities/alert';
import type { Actor } from '../roles';
import { STAGES } from './pipeline';
import { tabsFor } from './stages';
import { viewerOf } from './visibility';

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

/** The subscriber a signed-in person is, or null for those who never receive alerts (candidates, guests, RaaS). */
export function personOf(actor: Actor): Person | null {
  const viewer = viewerOf(actor);
  if (actor.id === undefined || viewer === 'none' || !tabsFor(viewer).includes(STAGES.open)) return null;
  return { kind: viewer === 'admin' ? ALERT_RECIPIENT_KIND.admin : ALERT_RECIPIENT_KIND.companyUser, id: actor.id };
}

/** Whether `actor` may receive the alerts of a project they read. */
export function mayReceiveAlerts(actor: Actor, project: ProjectPeople): boolean {
  const person = personOf(actor);
  if (!person) return false;
  if (person.kind === ALERT_RECIPIENT_KIND.admin) return project.advocateId === person.id;
  if (actor.companyId === undefined || actor.companyId !== project.companyId) return false;
  return project.ownerId === person.id || project.sharedUserIds.includes(person.id) || project.sharedWithCompany;
}
