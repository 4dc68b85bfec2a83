/**
 * Who finds whom, and what of them (spec sections 3 and 4): companies find active candidates,
 * admins active and semi-active ones; a candidate who is not visible, or anonymous, comes back
 * without name, contact, photo or links, except to admins, who see them with the admin-anonymous
 * flag. Pure rules, table-tested.
 */
import type { Actor } from '../../../schema/roles';
import { CANDIDATE_STATUS } from '../../../schema/entities/talentOptions';

/** The candidate statuses each role's search may return; none for the others. */
export function searchStatuses(actor: Actor): number[] {
  if (actor.role === 'admin') return [CANDIDATE_STATUS.active, CANDIDATE_STATUS.semiActive];
  if (actor.role === 'company') return [CANDIDATE_STATUS.active];
  return [];
}

export interface IdentityFlags {
  visibility: boolean | null;
  anonymous: boolean | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** The candidate chose to be seen: visible and not anonymous. */
export const identityPublic = (c: IdentityFlags) => c.visibility !== false && c.anonymous !== true;

/** Whether this viewer sees the candidate's name, photo and links. */
export function seesIdentity(actor: Actor, c: IdentityFlags): boolean {
  return actor.role === 'admin' || identityPublic(c);
}

/** Admins see hidden candidates' names with this flag, so they never show them by mistake (spec: set when not visible but a name exists). */
export function adminAnonymous(actor: Actor, c: IdentityFlags): boolean {
  return actor.role === 'admin' && !identityPublic(c) && Boolean(`${c.firstName ?? ''}${c.lastName ?? ''}`.trim());
}

/** Contact details (email, phone) stay with admins in search and the profile panel. */
export function seesContact(actor: Actor): boolean {
  return actor.role === 'admin';
}
