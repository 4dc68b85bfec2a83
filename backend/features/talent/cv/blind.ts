/**
 * The blind CV: the CV's text with personal data removed (names, email addresses, phone numbers,
 * links and street addresses), so companies judge the experience, not the person.
 */
export const REMOVED = '[removed]';

export interface PersonalData {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  /** Address parts on file (e.g. the Hong Kong address fields). */
  address?: (string | null | undefined)[];
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PATTERNS = [
  /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g,
  /\b(?:https?:\/\/|www\.)[^\s|,;<>()]+/gi,
  /\b(?:linkedin\.com|github\.com|stackoverflow\.com|dribbble\.com|behance\.net)\/[^\s|,;<>()]*/gi,
  /\+?\(?\d[\d\s().-]{6,18}\d/g,
  // Street addresses: a number, words, then a street word; Singapore-style blocks and postcodes.
  /\b\d{1,5}[A-Za-z]?\s+(?:[A-Z][\w'.-]*\s+){1,4}(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|crescent|close|place|jalan|jln)\b\.?(?:[^\n]*)?/gi,
  /\b(?:blk|block)\s+\d+[A-Za-z]?\b[^\n]*/gi,
  /#\d{1,3}-\d{1,4}\b/g,
  /\b(?:singapore|s)\s*\(?\d{6}\)?/gi,
];

export function redactCv(text: string, person: PersonalData): string {
  let out = text;
  for (const re of PATTERNS) out = out.replace(re, (match) => (/^\d{4}\s*[-–]\s*\d{4}$/.test(match.trim()) ? match : REMOVED));
  const words = [person.firstName, person.lastName, person.email, person.phone, ...(person.address ?? [])]
    .map((w) => w?.trim())
    .filter((w): w is string => Boolean(w && w.length >= 2));
  for (const word of words.sort((a, b) => b.length - a.length)) {
    out = out.replace(new RegExp(`(?<![\\p{L}\\d])${escapeRe(word)}(?![\\p{L}\\d])`, 'giu'), REMOVED);
  }
  return out;
}
