/**
 * Contact details in a CV's text: email addresses and links found token by token (a token is
 * text between spaces and separators), so finding them costs one pass over the text however it
 * is shaped; phone numbers by a pattern of bounded length. Shared by the parser and the blind CV.
 */
import { PHONE_PATTERN } from '../../../schema';

/** Characters that end a link or an address in running text. */
const SEPARATORS = /[\s|,;<>()[\]{}"“”]+/;
const SEPARATING = /([\s|,;<>()[\]{}"“”]+)/;
/** Longer tokens are not contact details (and would only cost time). */
const MAX_TOKEN = 300;

export const EMAIL_IN_TOKEN = /[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,6}\.[A-Za-z]{2,24}/;
const URL_IN_TOKEN =
  /(?:https?:\/\/|www\.)\S+|(?:[a-z]{2,3}\.)?(?:linkedin\.com|github\.com|stackoverflow\.com|dribbble\.com|behance\.net|gitlab\.com|medium\.com)\/\S*/i;
/** Digits with the usual separators: a phone number candidate (checked further by normalisePhone). */
export const PHONE_RUN = /\+?\(?\d[\d\s().-]{7,18}\d/g;

export function tokensOf(text: string): string[] {
  return text.split(SEPARATORS).filter((t) => t && t.length <= MAX_TOKEN);
}

export function emailsOf(text: string): string[] {
  const found: string[] = [];
  for (const token of tokensOf(text)) {
    if (!token.includes('@')) continue;
    const hit = EMAIL_IN_TOKEN.exec(token);
    if (hit) found.push(hit[0]);
  }
  return found;
}

/** Links as written, trailing punctuation dropped. */
export function urlsOf(text: string): string[] {
  const found: string[] = [];
  for (const token of tokensOf(text)) {
    if (!token.includes('.') || token.includes('@')) continue;
    const hit = URL_IN_TOKEN.exec(token);
    if (hit) found.push(hit[0].replace(/[.,:!?'’]+$/, ''));
  }
  return found;
}

/** Calls `replace` on every token of the text and keeps the separators: one pass, whatever the shape. */
export function mapTokens(text: string, replace: (token: string) => string): string {
  const pieces = text.split(SEPARATING);
  for (let i = 0; i < pieces.length; i += 2)
    if (pieces[i] && pieces[i].length <= MAX_TOKEN) pieces[i] = replace(pieces[i]);
  return pieces.join('');
}

export const isEmailToken = (token: string) => token.includes('@') && EMAIL_IN_TOKEN.test(token);
export const isLinkToken = (token: string) => !token.includes('@') && token.includes('.') && URL_IN_TOKEN.test(token);

/** The text with links and email addresses blanked out; everything else stays where it was. */
export function withoutLinks(text: string): string {
  return mapTokens(text, (token) => (isEmailToken(token) || isLinkToken(token) ? ' ' : token));
}

/** A phone number in the product's shape (three, three and four to nine digits), or null. */
export function normalisePhone(raw: string): string | null {
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 10 || digits.length > 15) return null;
  const phone = `${raw.trim().startsWith('+') ? '+' : ''}${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
  return PHONE_PATTERN.test(phone) ? phone : null;
}

/** The social and portfolio links a profile has fields for. */
export function profileLinks(text: string) {
  const found = urlsOf(text).map((u) => (/^https?:\/\//i.test(u) ? u : `https://${u}`).replace(/^http:/i, 'https:'));
  const pick = (re: RegExp) => found.find((u) => re.test(u)) ?? null;
  const linkedInUrl = pick(/linkedin\.com\/(in|pub|profile)\//i);
  const githubUrl = pick(/github\.com\/[A-Za-z0-9-]+/i);
  const stackoverflowUrl = pick(/stackoverflow\.com\/(users|story)\//i);
  const dribbbleUrl = pick(/dribbble\.com\/[A-Za-z0-9_-]+/i);
  const portfolioUrl = found.find((u) => !/linkedin|github|stackoverflow|dribbble/i.test(u)) ?? null;
  return { linkedInUrl, githubUrl, stackoverflowUrl, dribbbleUrl, portfolioUrl };
}
