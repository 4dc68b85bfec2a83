/**
 * Personal identifiers in free text, found by shape: Singapore NRIC/FIN and Hong Kong ID numbers,
 * passport numbers, day-precise dates (dates of birth), labelled particulars (date of birth, NRIC,
 * address, age, gender...), titled names ('Mr. Tan Ah Kow'), referees' sections, phone numbers,
 * street addresses, unit numbers and postcodes. Shared by the blind CV, which replaces each with
 * '[removed]', and the text a language model reads, which replaces each with its kind ('[id]',
 * '[date]', '[address]'...): `mark` says what an identifier of a kind becomes. Every pattern is
 * bounded: linear in the text. Callers run the specific shapes before phone numbers, so a phone
 * pattern never eats the digits out of an identity number.
 */

export type IdentifierKind =
  'id' | 'date' | 'address' | 'name' | 'referee' | 'email' | 'phone' | 'link' | 'handle' | 'detail';

/** What an identifier of a kind is replaced with. */
export type Mark = (kind: IdentifierKind) => string;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
/** Day-precise dates: CVs give jobs and studies by month or year, so these are birthdays. */
const FULL_DATE = new RegExp(
  String.raw`\b(?:\d{1,2}(?:st|nd|rd|th)?\s{1,3}${MONTH}\.?,?\s{1,3}\d{4}|${MONTH}\.?\s{1,3}\d{1,2}(?:st|nd|rd|th)?,?\s{1,3}\d{4}|\d{1,2}[/.-]\d{1,2}[/.-](?:19|20)\d{2}|(?:19|20)\d{2}-\d{2}-\d{2})\b`,
  'gi',
);
/** 'Date of birth: …', 'NRIC: …', 'Address: …': the label stays, the value to the end of the line goes. */
const LABELLED = new RegExp(
  String.raw`\b(date\s{1,3}of\s{1,3}birth|d\.?\s?o\.?\s?b\.?|birth\s{0,3}date|birthday|place\s{1,3}of\s{1,3}birth|age|nric(?:\s{1,3}no\.?)?|fin(?:\s{1,3}no\.?)?|i\/?c(?:\s{1,3}no\.?)?|hk\s{0,3}id(?:\s{1,3}no\.?)?|id(?:\s{1,3}card)?\s{1,3}(?:no\.?|number)|identity\s{1,3}card(?:\s{1,3}no\.?)?|passport(?:\s{1,3}(?:no\.?|number))?|(?:home\s{1,3}|residential\s{1,3}|mailing\s{1,3})?address|marital\s{1,3}status|religion|race|gender|sex|(?:mobile|phone|tel|telephone|contact|email|e-mail|whatsapp|telegram|wechat|line|skype|instagram|twitter|facebook|tiktok|linkedin|github|website)(?:\s{1,3}no\.?)?)\s{0,3}:\s{0,3}[^\n]{1,160}`,
  'gi',
);
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
  // A number, one to four capitalised words, a street word: '21 Orchard Road', not '3 teams to drive adoption'.
  new RegExp(
    String.raw`\b\d{1,5}[A-Za-z]?,?\s{1,3}(?:[A-Z][\w'.-]{0,30}\s{1,3}){1,4}(?:${STREET_WORDS.split('|')
      .map((w) => `[${w[0].toUpperCase()}${w[0]}]${w.slice(1)}`)
      .join('|')})\b\.?[^\n]{0,80}`,
    'g',
  ),
  /#\d{1,3}-\d{1,5}[A-Za-z]?\b/g,
  /\b(?:singapore|s)\s{0,2}\(?\d{6}\)?/gi,
];
const REFEREES_HEADING = /^\s*(?:references?|referees?)\s*:?\s*$/i;
const ANY_HEADING =
  /^\s*(?:summary|profile|about(?:\s+me)?|objective|(?:work\s+|professional\s+|employment\s+)?(?:experience|history|employment)(?:\s+history)?|education|skills|technical\s+skills|languages|certifications?|projects|awards|interests|hobbies|contact|personal\s+(?:details|particulars))\s*:?\s*$/i;

/** The kind of value a particular's label announces ('NRIC No.' an id, 'D.O.B.' a date). */
export function labelKind(label: string): IdentifierKind {
  const l = label.toLowerCase();
  if (/^place/.test(l)) return 'detail';
  if (/birth|^d\.?\s?o/.test(l)) return 'date';
  if (/^(?:nric|fin|i\/?c|hk|id|identity|passport)/.test(l)) return 'id';
  if (/address/.test(l)) return 'address';
  if (/^(?:mobile|phone|tel|whatsapp)/.test(l)) return 'phone';
  if (/^e-?mail/.test(l)) return 'email';
  if (/^(?:linkedin|website)/.test(l)) return 'link';
  if (/^(?:telegram|wechat|line|skype|instagram|twitter|facebook|tiktok|github)/.test(l)) return 'handle';
  return 'detail';
}

/** The referees' section, heading kept, body one mark ('available on request' says nothing personal). */
export function withoutReferees(text: string, mark: Mark): string {
  const removed = mark('referee');
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
    else if (out[out.length - 1] !== removed) out.push(removed);
  }
  return out.join('\n');
}

/** Labelled particulars: the label stays, its value to the end of the line becomes the mark of its kind. */
export const withoutParticulars = (text: string, mark: Mark) =>
  text.replace(LABELLED, (whole, label: string) => `${label}: ${mark(labelKind(label))}`);

/** Day-precise dates, and 'born (on) <date>' with them. */
export function withoutFullDates(text: string, mark: Mark): string {
  const date = mark('date');
  const born = new RegExp(
    String.raw`\b(?:born|date\s{1,3}of\s{1,3}birth|d\.?o\.?b\.?)\s{1,3}(?:on\s{1,3}|in\s{1,3})?${escapeRe(date)}`,
    'gi',
  );
  return text.replace(FULL_DATE, () => date).replace(born, () => date);
}

export const withoutTitledNames = (text: string, mark: Mark) => text.replace(TITLED_NAME, () => mark('name'));

export function withoutIdentityNumbers(text: string, mark: Mark): string {
  let out = text;
  for (const re of IDENTITY) out = out.replace(re, () => mark('id'));
  return out;
}

/** Seven digits at least, not a range of years or of numbers. */
export const withoutPhones = (text: string, mark: Mark) =>
  text.replace(PHONE, (match) =>
    NOT_PHONE.test(match.trim()) || match.replace(/\D/g, '').length < 7 ? match : mark('phone'),
  );

/** Blocks, flats, street addresses (to the end of the line), unit numbers and postcodes. */
export function withoutAddresses(text: string, mark: Mark): string {
  let out = text;
  for (const re of ADDRESS) out = out.replace(re, () => mark('address'));
  return out;
}
