/**
 * Personal data out of a CV's text, whole identifiers at a time: the person's own names and
 * contact details, email addresses, links and social handles, phone numbers, Singapore NRIC/FIN
 * and Hong Kong ID numbers, passport numbers, dates of birth (every day-precise date), labelled
 * particulars (address, age, gender...), street addresses, unit numbers and postcodes, and
 * referees (their section, and titled names such as 'Mr. Tan Ah Kow'). Each identifier becomes
 * one '[removed]', never a fragment of it: the specific shapes go first, so a phone pattern can
 * never eat the digits out of an identity number. Every pattern is bounded: linear in the text.
 */
import { isEmailToken, isLinkToken, mapTokens } from '../../../services/documents/contacts';

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

const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
/** Day-precise dates: the CVs we read give jobs and studies by month or year, so these are birthdays. */
const FULL_DATE = new RegExp(
  String.raw`\b(?:\d{1,2}(?:st|nd|rd|th)?\s{1,3}${MONTH}\.?,?\s{1,3}\d{4}|${MONTH}\.?\s{1,3}\d{1,2}(?:st|nd|rd|th)?,?\s{1,3}\d{4}|\d{1,2}[/.-]\d{1,2}[/.-](?:19|20)\d{2}|(?:19|20)\d{2}-\d{2}-\d{2})\b`,
  'gi',
);
/** 'Date of birth: …', 'NRIC: …', 'Address: …': the label stays, the value to the end of the line goes. */
const LABELLED = new RegExp(
  String.raw`\b(date\s{1,3}of\s{1,3}birth|d\.?\s?o\.?\s?b\.?|birth\s{0,3}date|birthday|place\s{1,3}of\s{1,3}birth|age|nric(?:\s{1,3}no\.?)?|fin(?:\s{1,3}no\.?)?|i\/?c(?:\s{1,3}no\.?)?|hk\s{0,3}id(?:\s{1,3}no\.?)?|id(?:\s{1,3}card)?\s{1,3}(?:no\.?|number)|identity\s{1,3}card(?:\s{1,3}no\.?)?|passport(?:\s{1,3}(?:no\.?|number))?|(?:home\s{1,3}|residential\s{1,3}|mailing\s{1,3})?address|marital\s{1,3}status|religion|race|gender|sex|(?:mobile|phone|tel|telephone|contact|email|e-mail|whatsapp|telegram|wechat|line|skype|instagram|twitter|facebook|tiktok|linkedin|github|website)(?:\s{1,3}no\.?)?)\s{0,3}:\s{0,3}[^\n]{1,160}`,
  'gi',
);
/** Born on a date, without a label's colon. */
const BORN = /\b(?:born|date\s{1,3}of\s{1,3}birth|d\.?o\.?b\.?)\s{1,3}(?:on\s{1,3}|in\s{1,3})?\[removed\]/gi;
/** A titled name: 'Mr. Tan Ah Kow', 'Dr Priya Nair'. */
const TITLED_NAME =
  /\b(?:Mr|Mrs|Ms|Mdm|Madam|Miss|Dr|Prof|Professor)\.?\s{1,3}[A-Z][\p{L}'’-]{0,30}(?:\s{1,3}[A-Z][\p{L}'’-]{0,30}){0,3}/gu;
/** Singapore NRIC/FIN (S1234567D), Hong Kong ID (A123456(7), AB987654(3)), passport-shaped numbers (K1234567A, E12345678). */
const IDENTITY = [
  /(?<![A-Za-z0-9])[STFGMstfgm]\d{7}[A-Za-z](?![A-Za-z0-9])/g,
  /(?<![A-Za-z0-9])[A-Z]{1,2}\d{6}\s?\(\s?[0-9A]\s?\)/g,
  /(?<![A-Za-z0-9])[A-Z]{1,2}\d{6}[0-9A](?![A-Za-z0-9])/g,
  /(?<![A-Za-z0-9])[A-Z]{1,2}\d{6,9}[A-Z]?(?![A-Za-z0-9])/g,
];
/** Digits with phone separators. */
const PHONE = /(?<![\w+])\+?\(?\d[\d\s().-]{6,18}\d(?![\w])/g;
/** Year ranges ('2016 - 2020') and number ranges written with spaced dashes ('10000 - 12000') are not phones. */
const NOT_PHONE = /^(?:(?:19|20)\d{2}\s*[-–.]\s*(?:19|20)\d{2}|\d{1,6}\s+[-–]\s+\d{1,6})$/;
const STREET_WORDS =
  'street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|crescent|cres|close|place|pl|walk|rise|terrace|link|jalan|jln|lorong|lor';
const ADDRESS = [
  /\b(?:blk|block)\s{0,3}\d{1,4}[A-Za-z]?\b[^\n]{0,80}/gi,
  /\b(?:flat|unit|room|rm)\s{0,3}[\w-]{1,6},?\s{0,3}\d{1,3}\/F\b[^\n]{0,80}/gi,
  new RegExp(
    String.raw`\b\d{1,5}[A-Za-z]?,?\s{1,3}(?:[A-Z][\w'.-]{0,30}\s{1,3}){1,4}(?:${STREET_WORDS})\b\.?[^\n]{0,80}`,
    'gi',
  ),
  /#\d{1,3}-\d{1,5}[A-Za-z]?\b/g,
  /\b(?:singapore|s)\s{0,2}\(?\d{6}\)?/gi,
];
const REFEREES_HEADING = /^\s*(?:references?|referees?)\s*:?\s*$/i;
const ANY_HEADING =
  /^\s*(?:summary|profile|about(?:\s+me)?|objective|(?:work\s+|professional\s+|employment\s+)?(?:experience|history|employment)(?:\s+history)?|education|skills|technical\s+skills|languages|certifications?|projects|awards|interests|hobbies|contact|personal\s+(?:details|particulars))\s*:?\s*$/i;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The referees' section, heading kept, body removed ('available on request' says nothing personal). */
function withoutReferees(text: string): string {
  const out: string[] = [];
  let inside = false;
  for (const line of text.split('\n')) {
    if (REFEREES_HEADING.test(line)) {
      inside = true;
      out.push(line);
      continue;
    }
    if (inside && ANY_HEADING.test(line)) inside = false;
    if (!inside || !line.trim() || /available\s+(?:up)?on\s+request/i.test(line)) out.push(line);
    else if (out[out.length - 1] !== REMOVED) out.push(REMOVED);
  }
  return out.join('\n');
}

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
  let out = withoutReferees(text.replace(/\r/g, ''));
  out = out.replace(LABELLED, (whole, label: string) => `${label}: ${REMOVED}`);
  out = out.replace(FULL_DATE, REMOVED).replace(BORN, REMOVED);
  out = mapTokens(out, (token) => {
    // The sentence's own punctuation after a link or a handle stays.
    const end = /[.,:;!?]+$/.exec(token)?.[0] ?? '';
    const bare = end ? token.slice(0, -end.length) : token;
    // A handle: '@chloewongsg' (not an address, which has a dot after its '@').
    if (isEmailToken(bare) || isLinkToken(bare) || /^@[A-Za-z0-9_.]{2,30}$/.test(bare)) return REMOVED + end;
    return token;
  });
  out = out.replace(TITLED_NAME, REMOVED);
  for (const re of IDENTITY) out = out.replace(re, REMOVED);
  out = out.replace(PHONE, (match) =>
    NOT_PHONE.test(match.trim()) || match.replace(/\D/g, '').length < 7 ? match : REMOVED,
  );
  for (const re of ADDRESS) out = out.replace(re, REMOVED);
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
