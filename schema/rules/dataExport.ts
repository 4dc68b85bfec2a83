/**
 * A candidate's copy of their data and their corrections: the states and periods the product,
 * the console and the portal share. An export is prepared by the prepare_data_export job, which
 * writes its progress as it goes; its emailed link works until it expires. A correction is a
 * candidate's question about a field only admins write, answered by an admin: applied or declined
 * with a reason.
 */

/** Hours an export's emailed link keeps working once the export is ready. */
export const DATA_EXPORT_LINK_HOURS = 72;
export const DATA_EXPORT_STATUS = { queued: 0, preparing: 1, ready: 2, failed: 3, expired: 4 } as const;
/** Who asked: the candidate from their profile page, or an admin for a request received elsewhere. */
export const DATA_EXPORT_SOURCE = { candidate: 1, admin: 2 } as const;

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
