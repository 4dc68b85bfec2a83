/**
 * Unsaved form edits kept in this tab's sessionStorage (a reload, a crashed tab brought back, a session that ends
 * mid-edit and is signed in again lose nothing), under a key per person, form and record: another account signed in
 * on the same browser, or another project's form, never reads them. A draft holds only the fields that differ from
 * the record the form was read with, as plain data: files, and fields named like secrets (passwords, codes, tokens,
 * card numbers), are never written. Signing out forgets every draft (`forgetDrafts`, through personalStorage), and a
 * person's first draft read drops any other person's drafts left in the tab (a session that expired, then someone
 * else signed in).
 */
const PREFIX = 'talentbase.draft:';
/** The key the candidate profile used before drafts were shared: `talentbase.profileDraft:<candidate id>`. */
const OLD_PREFIX = 'talentbase.profileDraft:';

/** Field names whose values are never kept, whatever the form. */
const SECRET =
  /password|passcode|passphrase|token|secret|cvc|cvv|iban|card(number|holder|expiry)?$|^(pass|pin|otp|code)$/i;

type Values = Record<string, unknown>;

/** Once signed out in this page, nothing more is written (a pending write flushed as the page is left). */
let closed = false;

const userPart = (userId: string) => `${PREFIX}${encodeURIComponent(userId)}:`;
/** The key of one person's draft of one form for one record ('new' for a record not created yet). */
export const draftKey = (userId: string, form: string, recordId: string): string =>
  `${userPart(userId)}${form}:${encodeURIComponent(recordId)}`;

/** Whether a value is plain data that reads back as it was written (no File, Blob, Date or class instance). */
function plain(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(plain);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.entries(value as Values).every(([key, v]) => !SECRET.test(key) && plain(v));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const keepable = (name: string, value: unknown, omit: readonly string[]) =>
  !omit.includes(name) && !SECRET.test(name) && plain(value);

/** The fields of `values` worth keeping: those that differ from `base`, are plain data and are not secret. */
export function draftOf(values: Values, base: Values, omit: readonly string[] = []): Values | undefined {
  const changed = Object.entries(values).filter(
    ([name, value]) => keepable(name, value, omit) && !same(value, base[name]),
  );
  return changed.length ? Object.fromEntries(changed) : undefined;
}

/** The kept fields that still mean something over `current`: fields the form has, kept ones only, and not already there. */
export function restorable(kept: Values, current: Values, omit: readonly string[] = []): Values {
  return Object.fromEntries(
    Object.entries(kept).filter(
      ([name, value]) => name in current && keepable(name, value, omit) && !same(value, current[name]),
    ),
  );
}

/** Drops the drafts of everyone but `userId` (all of them without it). */
function dropOthers(userId?: string): void {
  const own = userId === undefined ? undefined : userPart(userId);
  for (const key of Object.keys(sessionStorage))
    if ((key.startsWith(PREFIX) && (!own || !key.startsWith(own))) || key.startsWith(OLD_PREFIX))
      sessionStorage.removeItem(key);
}

export function readDraft(userId: string, key: string): Values | undefined {
  try {
    dropOthers(userId);
    const raw = sessionStorage.getItem(key);
    const kept: unknown = raw ? JSON.parse(raw) : undefined;
    return kept && typeof kept === 'object' && !Array.isArray(kept) ? (kept as Values) : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(key: string, draft: Values | undefined): void {
  try {
    if (draft && !closed) sessionStorage.setItem(key, JSON.stringify(draft));
    else sessionStorage.removeItem(key);
  } catch {
    // Blocked or full storage keeps no draft: the form still works, as before drafts were kept.
  }
}

/** Forgets every draft in this tab, and writes none again from this page (at sign-out). */
export function forgetDrafts(): void {
  closed = true;
  try {
    dropOthers();
  } catch {
    // Blocked storage holds nothing to forget.
  }
}
