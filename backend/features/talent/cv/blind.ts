/**
 * Personal data out of a CV's text, whole identifiers at a time: the person's own names and
 * contact details, email addresses, links and social handles, phone numbers, Singapore NRIC/FIN
 * and Hong Kong ID numbers, passport numbers, dates of birth (every day-precise date), labelled
 * particulars (address, age, gender...), street addresses, unit numbers and postcodes, and
 * referees (their section, and titled names such as 'Mr. Tan Ah Kow'). Each identifier becomes
 * one '[removed]', never a fragment of it: the specific shapes go first, so a phone pattern can
 * never eat the digits out of an identity number. Every pattern is bounded: linear in the text.
 * The shapes are found by services/documents/identifiers.ts, which the text a language model reads
 * is scrubbed with too.
 */
import { isEmailToken, isLinkToken, mapTokens } from '../../../services/documents/contacts';
import {
  withoutAddresses,
  withoutFullDates,
  withoutIdentityNumbers,
  withoutParticulars,
  withoutPhones,
  withoutReferees,
  withoutTitledNames,
} from '../../../services/documents/identifiers';

export const REMOVED = '[removed]';

export interface PersonalData {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  /** Other names the person goes by (the name on the CV may differ from the profile's). */
  names?: (string | null | undefined)[];
  /** Address parts on file (e.g. the Hong Kong address fields). */
  address?: (string | null | undefined)[];
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Every kind of identifier becomes the same '[removed]'. */
const removed = () => REMOVED;

/** The person's own words: names, email, phone, address parts; whole words only, longest first. */
function ownWords(person: PersonalData): string[] {
  const full = [person.firstName, person.lastName].filter(Boolean).join(' ');
  return [
    full,
    person.firstName,
    person.lastName,
    ...(person.names ?? []),
    person.email,
    person.phone,
    ...(person.address ?? []),
  ]
    .map((w) => w?.trim())
    .filter((w): w is string => Boolean(w && w.length >= 2))
    .sort((a, b) => b.length - a.length);
}

export function removeOwnWords(text: string, person: PersonalData, replacement = REMOVED): string {
  let out = text;
  for (const word of ownWords(person)) {
    out = out.replace(
      new RegExp(`(?<![\\p{L}\\d_@.])${escapeRe(word).replace(/\s+/g, '\\s{1,3}')}(?![\\p{L}\\d_])`, 'giu'),
      replacement,
    );
  }
  return out;
}

/** The text with every personal identifier replaced by one '[removed]'. */
export function redactCv(text: string, person: PersonalData): string {
  let out = withoutReferees(text.replace(/\r/g, ''), removed);
  out = withoutParticulars(out, removed);
  out = withoutFullDates(out, removed);
  out = mapTokens(out, (token) => {
    // The sentence's own punctuation after a link or a handle stays.
    const end = /[.,:;!?]+$/.exec(token)?.[0] ?? '';
    const bare = end ? token.slice(0, -end.length) : token;
    // A handle: '@chloewongsg' (not an address, which has a dot after its '@').
    if (isEmailToken(bare) || isLinkToken(bare) || /^@[A-Za-z0-9_.]{2,30}$/.test(bare)) return REMOVED + end;
    return token;
  });
  out = withoutTitledNames(out, removed);
  out = withoutIdentityNumbers(out, removed);
  out = withoutPhones(out, removed);
  out = withoutAddresses(out, removed);
  out = removeOwnWords(out, person);
  // Neighbouring removals read as one.
  return out.replace(/\[removed\](?:[\s,;|/–—-]{0,5}\[removed\])+/g, REMOVED);
}

const NAME_MARK = '\ue000';

/**
 * Free text for the blind CV: the person's own name reads 'the candidate', and a sentence that
 * held any other personal identifier is left out, so the text never shows a gap.
 */
export function anonymise(text: string | null | undefined, person: PersonalData): string | null {
  if (!text) return null;
  // Identifiers first, so a name inside a handle or an address goes with it.
  const identified = redactCv(text, { email: person.email, phone: person.phone, address: person.address });
  const redacted = removeOwnWords(
    identified,
    { firstName: person.firstName, lastName: person.lastName, names: person.names },
    NAME_MARK,
  );
  const paragraphs = redacted.split(/\n{2,}/).map((paragraph) =>
    paragraph
      .split(/(?<=[.!?])\s+|\n/)
      .filter((sentence) => sentence.trim() && !sentence.includes(REMOVED))
      .map((sentence) => {
        // 'Jane Tan' became one mark per name part: read as one 'the candidate'.
        const s = sentence.trim().replace(new RegExp(`${NAME_MARK}(?:\\s{1,3}${NAME_MARK})*`, 'g'), 'the candidate');
        return s.charAt(0).toUpperCase() + s.slice(1);
      })
      .join(' '),
  );
  return paragraphs.filter(Boolean).join('\n\n') || null;
}
