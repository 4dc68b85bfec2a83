/** What the duplicate screens read from the API, and how a value, a count and a failure are put in words. */
import { HttpError } from 'react-admin';
import { t } from '../../i18n';
import { entity } from '../../schema';
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

/** What became of a pair decided since the page was opened (GET /candidate-duplicates/:id answers it with 409). */
export type Resolution =
  | { outcome: 'dismissed'; at: string | null; by: string | null }
  | {
      outcome: 'merged';
      at: string;
      by: string | null;
      mergedName: string | null;
      /** The merge, for its undo. */
      mergeId: string;
      /** Whether its undo would succeed now, as the kept profile's merges list says. */
      undoable: boolean;
      survivorId: string | null;
      survivorName: string | null;
    };

/** The resolution a refused call carries, if any. */
export const resolutionIn = (err: unknown): Resolution | undefined =>
  err instanceof HttpError ? (err.body as { resolution?: Resolution } | undefined)?.resolution : undefined;

/** Whether a refused answer means the pair is no longer open (decided or merged elsewhere): the page loads it again. */
export const pairGone = (err: unknown): boolean =>
  err instanceof HttpError &&
  ['duplicates.notOpen', 'duplicates.notFound'].includes((err.body as { code?: string } | undefined)?.code ?? '');

const candidate = entity('candidate');
/** A candidate field's label. */
export const fieldLabel = (field: string) => candidate.fields[field]?.label ?? field;

/** How one side of a pair is named: its name, what tells it from the other (`detail`), and both when the names match. */
export interface SideName {
  name: string;
  /** The profile's number ('#65'). */
  number: string;
  detail: string;
  label: string;
}

const clip = (s: string) => (s.length > 40 ? `${s.slice(0, 39)}…` : s);

/**
 * Each side's name with what tells it apart: its profile number and its email, or when both have the same email the
 * first field whose values differ ('Phone: +65 …'). Twins usually share their name, so a sentence naming both uses
 * `label`, which carries the detail when the names match.
 */
export function sideNames(pair: PairDetail): Record<Giver, SideName> {
  const profiles = { first: pair.candidate, second: pair.other };
  const textOf = (g: Giver, field: string) => pair.texts[profiles[g].id]?.[field] ?? '';
  const differs = (field: string) => textOf('first', field).toLowerCase() !== textOf('second', field).toLowerCase();
  const field = ['email', ...pair.fields.filter((f) => !['firstName', 'lastName', 'email'].includes(f))].find(differs);
  const nameOf = (g: Giver) => String(profiles[g].name ?? profiles[g].id);
  const same = nameOf('first').trim().toLowerCase() === nameOf('second').trim().toLowerCase();
  const side = (g: Giver): SideName => {
    // An address is told whole (twins' often differ at their end); another field's value, a summary, is cut short.
    const text = field ? textOf(g, field) || t('duplicates.review.empty') : '';
    const value = field === 'email' ? text : clip(text);
    const told =
      field && field !== 'email' ? t('duplicates.review.fieldValue', { field: fieldLabel(field), value }) : value;
    const number = t('duplicates.review.profileNumber', { n: String(profiles[g].id).split(':').pop() ?? '' });
    const detail = [number, told].filter(Boolean).join(', ');
    const name = nameOf(g);
    return { name, number, detail, label: same ? t('duplicates.review.sideName', { name, detail }) : name };
  };
  return { first: side('first'), second: side('second') };
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
