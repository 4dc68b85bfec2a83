/**
 * Names one person types for another (an invitee's name, typed by whoever invites them): plain names, never a link
 * or an email address, since the product shows them to the person named and an attacker would otherwise have it
 * carry 'Your account is locked, visit evil.com' under its own domain. Side-free: the API checks the invite form with
 * it and the portal may check the same before sending.
 *
 * Only what is unambiguously a link is refused: a scheme (x://, mailto:), a www. host, an email address, or a word
 * ending in a common top-level domain (evil.com, bit.ly/x). Real names written with an initial or an abbreviation and
 * no space (A.Kumar, Mohd.Ali, St.Clair, Ö.Yılmaz) pass: the invitation greets no one by a typed name and emails carry
 * names as plain text (plainName), so a rarer domain left through here never becomes a link.
 */
import { optionalLine } from './inputs';

/** Top-level domains a lure would most likely use; a name's part after a dot is rarely one of these. */
const COMMON_TLDS =
  'com|net|org|info|biz|xyz|io|co|ly|me|app|dev|ai|gg|cc|tv|tk|top|site|online|link|click|ru|cn|uk|eu';

/** A scheme (https://, ftp://, mailto:), a www. host, an email address. */
const LINK_OR_EMAIL = [/[a-z][a-z\d+.-]*:\/\//i, /\bmailto:/i, /\bwww\./i, /[^\s@]@[^\s@]+\.[^\s@]/u];

/** `word.tld` with a common top-level domain at a word end (evil.com, sub.evil.co, bit.ly/x), case-insensitively. */
const BARE_DOMAIN = new RegExp(`([\\p{L}\\p{N}-]+)\\.(${COMMON_TLDS})(?![\\p{L}\\p{N}-])`, 'giu');

/** An initial or a short abbreviation before a capitalised name (A.Dev, Mo.Ai); never the generic com, net, org. */
const INITIAL = /^\p{Lu}\p{L}{0,3}$/u;
const CAPITALISED = /^\p{Lu}\p{Ll}+$/u;
const GENERIC = /^(com|net|org)$/i;
const isInitialAndName = (before: string, after: string) =>
  INITIAL.test(before) && CAPITALISED.test(after) && !GENERIC.test(after);

const hasBareDomain = (text: string) =>
  [...text.matchAll(BARE_DOMAIN)].some(([, before, after]) => !isInitialAndName(before!, after!));

/** Whether typed text holds a link or an email address, or text a mail client would take for one. */
export const hasLinkOrEmail = (text: string) =>
  LINK_OR_EMAIL.some((pattern) => pattern.test(text)) || hasBareDomain(text);

/** An optional name someone types for another person (optionalLine), refused as '<field>.errors.noLinks' when it holds a link. */
export const typedName = (max: number) =>
  optionalLine(max).refine((name) => name === null || !hasLinkOrEmail(name), { message: 'noLinks' });
