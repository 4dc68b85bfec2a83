/** What the duplicate screens read from the API, and how a value is shown in a cell. */
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
  /** The stamp of both profiles' protective fields as the defaults read them, sent back with the merge. */
  reviewed: string;
}

/** One line naming a profile in the queue. */
export function profileLine(p: Profile): string {
  return [p.name, p.email, [p.latestJobTitle, p.latestCompanyName].filter(Boolean).join(' at ')]
    .filter(Boolean)
    .join(' · ');
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** A field's value as text: lists and objects as compact JSON, empty as empty. */
export function shown(v: unknown): string {
  if (isEmpty(v)) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

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
