/**
 * Retention: how long the product keeps what no longer serves its purpose. The periods are
 * configuration (backend/config.ts, README); the daily apply_retention job carries them out and
 * records a report per run (retention_runs) the console lists. The kinds it reports:
 */
export const RETENTION_KINDS = [
  /** Candidates inactive past the period, emailed that their profile will be archived. */
  'inactiveReminded',
  /** Reminded candidates still inactive after the notice: archived and put on the erasure path. */
  'inactiveArchived',
  /** Uploaded CVs no profile took within their period, deleted with their files. */
  'cvDrafts',
  /** Analytics events past the log period, deleted. */
  'analyticsEvents',
  /** ATS sync runs past the log period: their per-candidate entries removed, the counts kept. */
  'integrationRunEntries',
  /** Sent emails past the outbox period: their bodies and attachments removed, who and when kept. */
  'outboxBodies',
  /** Copies of candidates' data whose link expired: their ZIP deleted from storage, the row kept as expired. */
  'expiredExports',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];
