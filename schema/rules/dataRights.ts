/**
 * Candidates' data rights: the periods and states the product and the console share. A candidate's
 * erasure request is confirmed with an emailed code, then waits out a cooling-off period during
 * which the candidate may cancel it and an admin may hold it (a legal hold, an offer in progress);
 * once due and not held, the carry_out_erasures job erases the person.
 */

/** Days between a confirmed erasure request and its carrying out: the candidate's time to change their mind. */
export const ERASURE_COOLING_OFF_DAYS = 14;
/** Minutes an emailed confirmation code stays valid, and the wrong codes allowed before it is spent. */
export const DATA_RIGHTS_CODE_TTL_MINUTES = 10;
export const DATA_RIGHTS_CODE_MAX_TRIES = 5;

export const ERASURE_STATUS = { awaitingCode: 0, coolingOff: 1, held: 2, erased: 3, cancelled: 4 } as const;
/** A request still on its way: awaiting its code, cooling off, or held. */
export const ERASURE_OPEN: number[] = [ERASURE_STATUS.awaitingCode, ERASURE_STATUS.coolingOff, ERASURE_STATUS.held];
/** Who asked: the candidate from their profile page, an admin for a request received elsewhere, or retention for a profile inactive past its period. */
export const ERASURE_SOURCE = { candidate: 1, admin: 2, retention: 3 } as const;

/** What the append-only data rights log records. */
export const DATA_RIGHTS_ACTIONS = {
  erasureRequested: 1,
  erasureConfirmed: 2,
  erasureCancelled: 3,
  erasureHeld: 4,
  erasureReleased: 5,
  erased: 6,
  atsRecordsErased: 7,
  exportRequested: 20,
  exported: 21,
  exportDownloaded: 22,
  exportExpired: 26,
  correctionRequested: 23,
  correctionApplied: 24,
  correctionDeclined: 25,
  consentGiven: 40,
  consentWithdrawn: 41,
  noticeAccepted: 42,
  inactivityReminded: 43,
  archivedForInactivity: 44,
  noticeDeclined: 45,
} as const;

/** What an erased candidate is called wherever a company's history keeps their row. */
export const ERASED_FIRST_NAME = 'Erased';
export const ERASED_LAST_NAME = 'candidate';
/** Whether a candidate's address is the one an erasure gives the row it keeps (`erased-<id>@erased.invalid`, erase.ts). */
export const isErasedAddress = (email: unknown): boolean =>
  typeof email === 'string' && /^erased-\d+@erased\.invalid$/.test(email);

/** When a confirmed request falls due. */
export function erasureDueAt(confirmedAt: Date): Date {
  return new Date(confirmedAt.getTime() + ERASURE_COOLING_OFF_DAYS * 86_400_000);
}
