/**
 * Search's adapter of the one visibility rule (schema/rules/visibility.ts): the same answers, asked
 * with the request's actor, outside any project. Companies find active candidates, admins active
 * and semi-active ones, RaaS companies nobody; a candidate who is not visible, or anonymous, comes
 * back without name, contact, photo or links, except to admins, who see them with the
 * admin-anonymous flag.
 */
import type { Actor } from '../../../schema/roles';
import * as rule from '../../../schema/rules/visibility';

export { identityPublic } from '../../../schema/rules/visibility';

export interface IdentityFlags {
  status?: number;
  visibility: boolean | null;
  anonymous: boolean | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** Search meets every candidate it returns: their status was already filtered by `searchStatuses`. */
const facts = (actor: Actor, c: IdentityFlags): rule.CandidateFacts => ({
  ...c,
  status: c.status ?? rule.searchStatuses(rule.viewerOf(actor))[0] ?? -1,
});

/** The candidate statuses each role's search may return; none for the others. */
export const searchStatuses = (actor: Actor): number[] => rule.searchStatuses(rule.viewerOf(actor));

/** Whether this viewer sees the candidate's name, photo and links in search. */
export const seesIdentity = (actor: Actor, c: IdentityFlags): boolean =>
  rule.seesIdentity(rule.viewerOf(actor), facts(actor, c));

/** Admins see hidden candidates' names with this flag, so they never show them by mistake. */
export const adminAnonymous = (actor: Actor, c: IdentityFlags): boolean =>
  rule.adminAnonymous(rule.viewerOf(actor), facts(actor, c));

/** Contact details (email, phone) stay with admins in search. */
export const seesContact = (actor: Actor): boolean =>
  rule.seesContact(rule.viewerOf(actor), {
    status: rule.searchStatuses(rule.viewerOf(actor))[0] ?? -1,
    visibility: true,
    anonymous: false,
  });

/** Whether the actor sees the platform's curation fields (status, visibility, internal fields). */
export const seesCuration = (actor: Actor): boolean => rule.seesCuration(rule.viewerOf(actor));

/** The company whose projects "already shortlisted" looks in, or null for every project. */
export const shortlistScope = (actor: Actor): number | null =>
  rule.shortlistScope(rule.viewerOf(actor), actor.companyId);
