/**
 * A candidate's copy of their data and their corrections: the states and periods the product,
 * the console and the portal share. An export is prepared by the prepare_data_export job, which
 * writes its progress as it goes; its emailed link works until it expires. A correction is a
 * candidate's question about a field only admins write, answered by an admin: applied or declined
 * with a reason.
 */
import { actorRefs, type Actor } from '../roles';

/** Hours an export's emailed link keeps working once the export is ready. */
export const DATA_EXPORT_LINK_HOURS = 72;
export const DATA_EXPORT_STATUS = { queued: 0, preparing: 1, ready: 2, failed: 3, expired: 4 } as const;
/** Who asked: the candidate from their profile page, or an admin for a request received elsewhere. */
export const DATA_EXPORT_SOURCE = { candidate: 1, admin: 2 } as const;

/** Who asked, as an export records it: an admin (for a request received elsewhere) or the candidate themself. */
export function exportRequestedBy(actor: Actor): { source: number; requestedById: number | null } {
  const { adminId } = actorRefs(actor);
  return adminId !== null
    ? { source: DATA_EXPORT_SOURCE.admin, requestedById: adminId }
    : { source: DATA_EXPORT_SOURCE.candidate, requestedById: null };
}

/**
 * Who an export's emailed link serves: whoever holds it while signed out (the link is the key), and of those signed
 * in only an admin or the candidate the export is of. Another candidate or a company user is refused even with it.
 */
export function mayFollowExportLink(actor: Actor, candidateId: number): boolean {
  if (actor.role === 'guest') return true;
  const refs = actorRefs(actor);
  return refs.adminId !== null || refs.candidateId === candidateId;
}

export const CORRECTION_STATUS = { open: 0, applied: 1, declined: 2 } as const;

/**
 * The profile's fields admins curate and the candidate cannot edit themselves: what a correction
 * request may name. Everything else on the profile the candidate changes on the same page.
 */
export const CORRECTABLE_FIELDS = [
  'reasonForLeaving',
  'lookingFor',
  'source',
  'sourceOtherText',
  'status',
  'visibility',
  'tags',
  'isSpecialHkCandidate',
  'blindResumePath',
] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];
