/**
 * The shapes of Lever's API v1 answers the adapter reads (lever.ts), and how its product stages map to Lever's
 * stages by name, both ways.
 */
import type { StageKey } from '../../../schema/rules/pipeline';

export const STAGE_NAME: Partial<Record<StageKey, RegExp>> = {
  shortlist: /screen|review/i,
  interviewing: /interview/i,
  interviewing2: /interview/i,
  offered: /offer/i,
  placed: /offer/i,
};

/** The product stage a Lever stage matches, by name, the way back (first match wins). */
export const BACK: Partial<Record<StageKey, RegExp>> = {
  offered: /offer/i,
  interviewing: /interview/i,
  shortlist: /screen|review/i,
};

export interface Opportunity {
  id: string;
  contact?: string;
  stage?: string;
  archived?: { reason?: string; archivedAt?: number } | null;
  applications?: { id: string; posting?: string }[];
  lastAdvancedAt?: number;
}

export interface Reason {
  id: string;
  text?: string;
  type?: string;
}

/** The open (not archived) opportunity on the posting, if any. */
export const onPosting = (opportunities: Opportunity[], jobId: string) =>
  opportunities.find((o) => !o.archived && o.applications?.some((a) => a.posting === jobId));

export const at = (ms: number | undefined) => (ms ? new Date(ms).toISOString() : null);

/** A Lever user, as `/users` lists them. */
export interface LeverUser {
  id: string;
  name?: string;
  email?: string;
  accessRole?: string;
  deactivatedAt?: number | null;
}

export interface Page<T> {
  data: T;
  hasNext?: boolean;
  next?: string;
}
