import { en } from './en';

export { en };

// The catalogue does not change while the app runs: each key is walked once. A page draws thousands of texts as it
// opens (every label, chip and count), and splitting and walking each key every time showed in its blocking time.
const found = new Map<string, string | undefined>();

function lookup(key: string): string | undefined {
  if (found.has(key)) return found.get(key);
  const text = walk(key);
  found.set(key, text);
  return text;
}

function walk(key: string): string | undefined {
  let node: unknown = en;
  for (const part of key.split('.')) {
    if (node && typeof node === 'object' && part in node) node = (node as Record<string, unknown>)[part];
    else return undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

/** True when the catalogue has a text for `key`. */
export const hasText = (key: string): boolean => lookup(key) !== undefined;

const LOCALE = 'en-SG';
// Built when first needed, not as the app loads: each costs the browser a load of its locale data.
const pluralRules = new Map<string, Intl.PluralRules>();
let numbers: Intl.NumberFormat | undefined;

/**
 * The plural category of a count. English has two, 'one' for 1 and -1 and 'other' for every other number, and they are
 * read without Intl.PluralRules: building one loads the locale's data, 2 to 12 ms of the task that first writes a
 * count on a page (measured in Chromium). Another language asks Intl.
 */
export function pluralCategory(n: number, locale = LOCALE): Intl.LDMLPluralRule {
  if (/^en\b/.test(locale)) return Math.abs(n) === 1 ? 'one' : 'other';
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(n);
}

/**
 * A number as the locale writes it (12,345). Whole numbers are grouped by hand: a page writes hundreds of counts as it
 * opens, and a number format built for each (as `toLocaleString` does) cost its start a millisecond a count.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return (numbers ??= new Intl.NumberFormat(LOCALE)).format(n);
  const digits = String(Math.abs(n));
  let out = '';
  for (let i = 0; i < digits.length; i++) out += (i > 0 && (digits.length - i) % 3 === 0 ? ',' : '') + digits[i];
  return n < 0 ? `-${out}` : out;
}

// '{count, plural, one {# candidate} other {# candidates}}': the ICU plural form, one level deep.
const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
const FORM = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;

/** Picks the catalogue's plural form for the number: an exact '=N' first, then the locale's category, then 'other'. */
function plurals(text: string, values: Record<string, string | number>): string {
  return text.replace(PLURAL, (whole, name: string, body: string) => {
    const n = Number(values[name]);
    if (values[name] === undefined || Number.isNaN(n)) return whole;
    const forms = new Map([...body.matchAll(FORM)].map((m) => [m[1], m[2]]));
    const form = forms.get(`=${n}`) ?? forms.get(pluralCategory(n)) ?? forms.get('other') ?? '';
    return form.replace(/#/g, formatCount(n));
  });
}

/**
 * Text for a message key. Field keys such as 'firstName.errors.required' fall back to the
 * generic 'errors.required' so every field error reads well without a key of its own. Counts
 * read through the catalogue's plural forms ('{n, plural, one {# year} other {# years}}').
 */
export function t(key: string, values: Record<string, string | number> = {}): string {
  const generic = /\.errors\.(\w+)$/.exec(key)?.[1];
  const text = lookup(key) ?? (generic ? lookup(`errors.${generic}`) : undefined) ?? key;
  // Most texts have no placeholder: returned as they are, without the two passes below.
  if (!text.includes('{')) return text;
  return plurals(text, values).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/**
 * A page of a list as every pager and "Showing" line writes it: '1–25 of 2,000', numbers grouped by formatCount.
 * `about`: the total is an estimate; `atLeast`: the count stopped at `total` ('1–25 of 10,000+').
 */
export function formatRange(from: number, to: number, total: number, kind?: 'about' | 'atLeast'): string {
  const key = kind === 'about' ? 'rangeAbout' : kind === 'atLeast' ? 'rangeAtLeast' : 'range';
  return t(`portal.common.${key}`, { from: formatCount(from), to: formatCount(to), total: formatCount(total) });
}

let percents: Intl.NumberFormat | undefined;

/** A percentage given in percent (12.5 for 12.5%), as the locale writes it: '0%', '12.5%'. */
export function formatPercent(percent: number): string {
  return (percents ??= new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 2 })).format(
    percent / 100,
  );
}
