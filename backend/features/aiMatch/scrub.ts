/**
 * Free text without what identifies a person, before a language model reads it: e-mail
 * addresses, phone numbers, links with or without a scheme (`linkedin.com/in/…`, `wa.me/…`),
 * handles (`@someone`), the person's own names in any script, and every other identifier the blind
 * CV removes (services/documents/identifiers.ts): NRIC/FIN, Hong Kong ID and passport numbers,
 * day-precise dates (dates of birth), labelled particulars, titled names ('ref Mr. Tan Ah Kow'),
 * referees' sections, street addresses, unit numbers and postcodes. Each becomes the placeholder of
 * its kind ('[id]', '[date]', '[address]', '[name]'...); years ('2019–2023') and amounts stay.
 *
 * Names are matched as whole words by Unicode letters, not by `\b` (which ends a word at 'é' or
 * before 'Ł'); in scripts written without spaces between words (Chinese, Japanese, Thai, ...) a
 * name is matched wherever it stands (and in Hangul, whose particles join a name). Each name is
 * also matched in its parts ('Chloé', 'Dubois-Martin', 'Martin') and without its accents
 * ('Chloe'), whatever the case.
 */
import {
  withoutAddresses,
  withoutFullDates,
  withoutIdentityNumbers,
  withoutParticulars,
  withoutReferees,
  withoutTitledNames,
  type Mark,
} from '../../services/documents/identifiers';

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const SCHEME_URL = /\b(?:https?|ftp):\/\/\S+|\bwww\.\S+/giu;
/**
 * A host without a scheme: labels ending in a lowercase top-level domain people link with, then
 * an optional path. Lowercase only, so skills such as 'ASP.NET' or 'Node.JS' are left alone.
 */
const TLDS =
  'com|net|org|io|dev|me|co|ai|app|info|biz|xyz|site|page|link|ly|gl|gg|to|tv|cc|sh|so|so|sg|my|hk|id|ph|th|vn|in|jp|cn|kr|tw|au|nz|uk|us|ca|de|fr|nl|es|it|ch|eu';
const BARE_URL = new RegExp(
  String.raw`(?<![\p{L}\p{N}@.-])(?:[a-z0-9-]+\.)+(?:${TLDS})(?![\p{L}\p{N}-])(?:[/?#][^\s,;)"'<>]*)?`,
  'gu',
);
/** Seven or more digits with the separators phones are written with; years ('2019-2023') have too few per group to pass. */
const PHONE = /(?<![\p{L}\p{N}])\+?\(?\d[\d\s().-]{5,}\d(?![\p{L}\p{N}])/gu;
const HANDLE = /(?<![\p{L}\p{N}._-])@[\p{L}\p{N}_][\p{L}\p{N}_.]{1,29}/gu;

/**
 * Scripts written without spaces between words, and Hangul, whose particles join the name they
 * follow ('민준은'): a name in them has no word boundary to find.
 */
const UNSPACED =
  /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Letters that carry no separable accent ('Ł' is not 'L' plus a mark) and their plain letter. */
const PLAIN: Record<string, string> = { Ł: 'L', ł: 'l', Ø: 'O', ø: 'o', Đ: 'D', đ: 'd', ı: 'i', Ħ: 'H', ħ: 'h' };
/** Each character without its accents, one for one, so that offsets stay those of the text as written. */
const unaccented = (s: string) =>
  [...s]
    .map((c) => {
      const base = c.normalize('NFD').replace(/\p{M}+/gu, '');
      return PLAIN[c] ?? (base.length === c.length ? base : c);
    })
    .join('');
/** Spellings of letters in Latin transliteration that take two ('Þórsson' as 'Thorsson'). */
const spelled = (s: string) =>
  unaccented(s)
    .replace(/Þ/g, 'Th')
    .replace(/þ/g, 'th')
    .replace(/ß/g, 'ss')
    .replace(/Æ/g, 'Ae')
    .replace(/æ/g, 'ae')
    .replace(/Œ/g, 'Oe')
    .replace(/œ/g, 'oe');

/** Seven digits at least: '2019-2023' and '10,000' are not phones. */
const isPhone = (s: string) => (s.match(/\d/g)?.length ?? 0) >= 7 && !/^\d{4}\s*[-–]\s*\d{4}$/.test(s.trim());

/** Every way a person's names may be written: whole, in parts, without accents; longest first. */
export function nameVariants(names: string[]): string[] {
  const out = new Set<string>();
  for (const raw of names) {
    const name = raw.normalize('NFC').replace(/\s+/g, ' ').trim();
    if (!name) continue;
    const parts = name.split(/[\s\-‐'’.·・]+/u).filter(Boolean);
    for (const v of [name, ...parts, parts.join(' ')]) {
      // One Latin letter is an initial, everywhere in prose; a one-character name in Han or Thai is a name.
      if (v.length < 2 && !UNSPACED.test(v)) continue;
      out.add(v);
      out.add(unaccented(v));
      out.add(spelled(v));
    }
  }
  return [...out].sort((a, b) => b.length - a.length);
}

/** The regular expression that finds any of the names, each as a whole word where its script has words. */
function namesPattern(variants: string[]): RegExp | undefined {
  if (!variants.length) return undefined;
  const alternatives = variants.map((v) =>
    UNSPACED.test(v) ? escape(v) : String.raw`(?<![\p{L}\p{M}\p{N}])${escape(v)}(?![\p{L}\p{M}\p{N}])`,
  );
  return new RegExp(alternatives.join('|'), 'giu');
}

/** Each identifier reads as its kind: '[id]', '[date]', '[address]'. */
const kind: Mark = (k) => `[${k}]`;

/**
 * `text` with contact details, links, handles, identity numbers, dates of birth, particulars,
 * titled names, referees, addresses and the person's names replaced by the placeholder of their
 * kind ([email], [link], [phone], [handle], [id], [date], [detail], [referee], [address], [name]).
 * Line-bound shapes (a referees' section, a particular's value) end at the text's own line breaks.
 */
export function scrub(text: string, names: string[]): string {
  let out = withoutReferees(text.normalize('NFC'), kind);
  out = withoutFullDates(withoutParticulars(out, kind), kind)
    .replace(EMAIL, '[email]')
    .replace(SCHEME_URL, '[link]')
    .replace(BARE_URL, '[link]')
    .replace(HANDLE, '[handle]');
  // Identity numbers before phones, so a phone pattern never eats the digits out of one.
  out = withoutIdentityNumbers(withoutTitledNames(out, kind), kind).replace(PHONE, (m) => (isPhone(m) ? '[phone]' : m));
  out = withoutAddresses(out, kind);
  const pattern = namesPattern(nameVariants(names));
  if (!pattern) return out;
  // Found as written, then on the text without accents (so 'Jose' in the text is found for 'José'
  // and the other way round), replaced at the same places: stripping keeps every offset.
  out = out.replace(pattern, '[name]');
  const plain = unaccented(out);
  const spans = [...plain.matchAll(pattern)].map((m) => [m.index, m.index + m[0].length] as const);
  for (const [from, to] of spans.reverse()) out = `${out.slice(0, from)}[name]${out.slice(to)}`;
  return out;
}
