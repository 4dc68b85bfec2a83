/** What the duplicate screens read from the API, and how a value, a count and a failure are put in words. */
import { HttpError } from 'react-admin';
import { t } from '../../i18n';
import { connectionLostText, isNoAnswer } from '../providers/http';

export interface Profile {
  id: string;
  name?: string;
  email?: string;
  latestCompanyName?: string | null;
  latestJobTitle?: string | null;
  [field: string]: unknown;
}

export interface Pair {
  id: string;
  reasons: string[];
  confidence: number;
  candidate: Profile;
  other: Profile;
}

export type Side = 'survivor' | 'merged';

export interface PairDetail extends Pair {
  fields: string[];
  defaults: Record<string, Side>;
  counts: Record<string, Record<string, number>>;
  /** Each profile's fields in words (names for ids, choices, notice period, CV), by profile id, empty fields left out. */
  texts: Record<string, Record<string, string>>;
  /** The stamp of both profiles' protective fields as the defaults read them, sent back with the merge. */
  reviewed: string;
}

/** One line naming a profile in the queue. */
export function profileLine(p: Profile): string {
  return [p.name, p.email, [p.latestJobTitle, p.latestCompanyName].filter(Boolean).join(' at ')]
    .filter(Boolean)
    .join(' · ');
}

/** What else a profile holds, in words: '3 experiences, 0 interview requests'. */
export const countsLine = (counts: Record<string, number> = {}): string =>
  Object.entries(counts)
    .map(([what, n]) => t(`duplicates.counts.${what}`, { n }))
    .join(', ');

/**
 * A failed call in words: no answer as a lost connection (the portal's words), the server's message when it answered
 * one, else the shared friendly text.
 */
export const failureText = (err: unknown): string =>
  isNoAnswer(err)
    ? connectionLostText()
    : err instanceof HttpError && (err.body as { code?: string } | undefined)?.code && err.message
      ? err.message
      : t('errors.internalServerError');

/** Which of the pair's two profiles gives a field its value. */
export type Giver = 'first' | 'second';

/** The API's defaults are written for the pair's first profile as survivor. */
export const giversOf = (defaults: Record<string, Side>): Record<string, Giver> =>
  Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, v === 'survivor' ? 'first' : 'second']));

/**
 * The merge's `keep`, relative to the profile kept: only the fields the admin changed from the defaults the review
 * loaded. The others are left to the server, which reads its defaults at the merge: a person who turned anonymity on
 * or hid their profile since the review was opened stays so (the more protective side wins).
 */
export function keepFor(
  givers: Record<string, Giver>,
  defaults: Record<string, Giver>,
  survivor: Giver,
): Record<string, Side> {
  return Object.fromEntries(
    Object.entries(givers)
      .filter(([k, g]) => g !== defaults[k])
      .map(([k, g]) => [k, g === survivor ? 'survivor' : 'merged']),
  );
}
