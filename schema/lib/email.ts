/**
 * One spelling per address and one key per mailbox, side-free so the server, the import and the
 * portal's forms all agree:
 * - `normaliseEmail`: the address as stored and looked up (accounts are unique on this exact string):
 *   trimmed, Unicode NFC, lower case, the domain in one Unicode form (`anna@xn--mnchen-3ya.de`,
 *   `anna@MÜNCHEN.de` and `anna@ｍünchen.de` are all `anna@münchen.de`); undefined for an address
 *   holding invisible, direction-changing or control characters or a fullwidth '＠', or whose domain
 *   IDNA refuses: two spellings that read alike would otherwise be two accounts.
 * - `emailKey`: the mailbox behind an address, by the duplicate finder's rules (emailKeySql in
 *   backend/features/duplicates/keys.ts): '+tag' dropped; for providers that ignore dots the dots
 *   dropped and googlemail.com written gmail.com. An erasure keeps a hash of it, so an import does
 *   not bring the person back under another spelling of the same mailbox.
 * The domain goes to ASCII through the WHATWG URL parser (UTS 46, as node:url's domainToASCII, and
 * present in browsers too) and back with punycode.js.
 */
import punycode from 'punycode/punycode.js';

/** Providers that deliver mail for 'a.b.c@' to 'abc@'; the first domain is the one written in keys. */
export const DOTLESS_DOMAINS = ['gmail.com', 'googlemail.com'];

/**
 * Characters no address may hold: controls, zero-width and joiners, bidi marks, embeddings,
 * overrides and isolates, the BOM, and the fullwidth and small '@' that read as the separator.
 */
const REFUSED = /[\p{Cc}\p{Cf}\u2028\u2029\uFF20\uFE6B]/u;
/** An ASCII domain IDNA leaves as it is (lower-cased): no conversion needed. */
const PLAIN_DOMAIN = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/;
/** A domain ending in a number, which URL parsing reads as an IPv4 address ('b.123' → 0.0.0.123): no mail domain. */
const NUMERIC_END = /(?:^|\.)(?:\d+|0x[0-9a-f]*)$/;
/** Characters that would end or change a URL's host: such a domain is left to the email pattern to refuse. */
const NOT_HOST = /[\s/\\?#%@:[\]<>^|"]/;

/** The domain's ASCII form by IDNA (UTS 46), or undefined when IDNA refuses it. */
export function domainToAscii(domain: string): string | undefined {
  if (!domain || NOT_HOST.test(domain) || NUMERIC_END.test(domain)) return undefined;
  if (PLAIN_DOMAIN.test(domain) && !domain.includes('xn--')) return domain;
  try {
    const host = new URL(`http://${domain}`).hostname;
    return NUMERIC_END.test(host) ? undefined : host;
  } catch {
    return undefined;
  }
}

/** The Unicode form of an ASCII domain (each 'xn--' label decoded), or undefined when a label is not valid Punycode. */
export function domainToUnicodeForm(ascii: string): string | undefined {
  if (!ascii.includes('xn--')) return ascii;
  try {
    const unicode = punycode.toUnicode(ascii);
    const labels = ascii.split('.');
    // A label that decodes to nothing, or back to ASCII that needed no encoding, is no valid Punycode either.
    const plain = (label: string, i: number) => labels[i].startsWith('xn--') && /^[ -~]*$/.test(label);
    return unicode.split('.').some(plain) ? undefined : unicode;
  } catch {
    return undefined;
  }
}

/** The domain in its one Unicode form (domainToUnicode(domainToASCII(domain))), or undefined when IDNA refuses it. */
export function canonicalDomain(domain: string): string | undefined {
  const ascii = domainToAscii(domain);
  return ascii === undefined ? undefined : domainToUnicodeForm(ascii);
}

/**
 * The address as stored and looked up, or undefined when it must be refused (see the file's
 * docblock). Text without one '@' comes back trimmed and lower-cased for the email pattern to refuse.
 */
export function normaliseEmail(raw: string): string | undefined {
  const s = raw.trim().normalize('NFC').toLowerCase();
  if (REFUSED.test(s)) return undefined;
  const at = s.lastIndexOf('@');
  if (at < 1 || s.indexOf('@') !== at) return s;
  const domain = s.slice(at + 1);
  if (NOT_HOST.test(domain) || domain.startsWith('.') || domain.endsWith('.')) return s;
  if (PLAIN_DOMAIN.test(domain) && !domain.includes('xn--') && !NUMERIC_END.test(domain)) return s;
  const canonical = canonicalDomain(domain);
  return canonical === undefined ? undefined : `${s.slice(0, at)}@${canonical}`;
}

/** The same address with its domain in ASCII (Punycode), as some stored rows may spell it. */
export function asciiSpelling(email: string): string {
  const at = email.lastIndexOf('@');
  const ascii = at < 0 ? undefined : domainToAscii(email.slice(at + 1));
  return ascii === undefined ? email : `${email.slice(0, at)}@${ascii}`;
}

/**
 * The mailbox key of an address: its normal form (or, when refused, trimmed, NFC and lower case),
 * '+tag' dropped, and on DOTLESS_DOMAINS the dots dropped and the domain written gmail.com.
 */
export function emailKey(raw: string): string {
  const s = normaliseEmail(raw) ?? raw.trim().normalize('NFC').toLowerCase();
  const at = s.indexOf('@');
  const local = (at < 0 ? s : s.slice(0, at)).split('+')[0];
  const domain = at < 0 ? '' : s.slice(at + 1).split('@')[0];
  return DOTLESS_DOMAINS.includes(domain) ? `${local.replaceAll('.', '')}@${DOTLESS_DOMAINS[0]}` : `${local}@${domain}`;
}
