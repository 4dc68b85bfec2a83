/**
 * A field declaration compiled once into a plain check: one present, non-empty value → its stored
 * form (trimmed text, numbers, plain ids, E.164 phones, https links, ...), or FAILED after pushing
 * the rule it breaks ('tooLong', 'invalid', or a declared key) at a path relative to the value.
 * Plain functions rather than a zod pipeline per field: an import checks millions of values, and
 * zod's machinery per value cost more than the rules themselves (entitySchemas.ts makes the zod
 * schemas the forms and routes compose from these). Side-free.
 */
import { entity as entityNamed } from '../index';
import { normaliseEmail } from '../lib/email';
import { EMAIL_PATTERN } from '../lib/fields';
import { parseId } from '../lib/ids';
import type { FieldDef } from '../lib/types';
import { isDate } from '../rules/candidate';
import type { Issue } from './issues';
import { isHttpUrl, normaliseUrl } from './links';
import { cleanPhone, phoneProblem } from './phone';

type Data = Record<string, unknown>;

/** A value counts as not given: absent, null, blank text or an empty list. */
export const isEmpty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

export const isObject = (v: unknown): v is Data => !!v && typeof v === 'object' && !Array.isArray(v);

/** What a check returns for a value it refused, once it has pushed why. */
export const FAILED: unique symbol = Symbol('failed');
export type Check = (value: unknown, issues: Issue[]) => unknown;

export const bad = (issues: Issue[], message: string, path: PropertyKey[] = []): typeof FAILED => (
  issues.push({ message, path }),
  FAILED
);

/** Length (max before min) and pattern rules of text, in the order the API reports them (an email's shape comes first). */
function textCheck(def: FieldDef, pattern: 'patternLast' | 'patternFirst' | 'noPattern' = 'patternLast') {
  const { max, min } = def;
  const regex = pattern === 'noPattern' ? undefined : def.pattern;
  const message = def.patternMessage ?? 'invalid';
  return (s: string, issues: Issue[]): string | typeof FAILED => {
    if (pattern === 'patternFirst' && regex && !test(regex, s)) return bad(issues, message);
    if (max !== undefined && s.length > max) return bad(issues, 'tooLong');
    if (min !== undefined && s.length < min) return bad(issues, 'tooShort');
    if (pattern === 'patternLast' && regex && !test(regex, s)) return bad(issues, message);
    return s;
  };
}

/** A declared pattern's test, safe for patterns that keep state (the g and y flags). */
const test = (regex: RegExp, s: string) => ((regex.lastIndex = 0), regex.test(s));

/** A number sent as JSON or as decimal text; NaN when it is neither. */
const DECIMAL_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;
const numeric = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' && DECIMAL_TEXT.test(v) ? Number(v.trim()) : Number.NaN;

function numberCheck(def: FieldDef): Check {
  const whole = def.kind === 'integer';
  const { min, max } = def;
  return (v, issues) => {
    const n = numeric(v);
    if (!Number.isFinite(n)) return bad(issues, 'invalid');
    if (whole && !Number.isInteger(n)) return bad(issues, 'notWholeNumber');
    if (whole && Math.abs(n) > 2147483647) return bad(issues, 'tooBig');
    if (min !== undefined && n < min) return bad(issues, 'tooSmall');
    if (max !== undefined && n > max) return bad(issues, 'tooBig');
    return n;
  };
}

function countRules(count: number, def: FieldDef, issues: Issue[]): boolean {
  if (def.max !== undefined && count > def.max) return (bad(issues, 'tooMany'), false);
  if (def.min !== undefined && count < def.min) return (bad(issues, 'tooFew'), false);
  return true;
}

// A nested object's declared fields with their checks, found once per declaration.
const keyed = new WeakMap<Record<string, FieldDef>, [string, FieldDef, Check][]>();
function keyChecks(fields: Record<string, FieldDef>): [string, FieldDef, Check][] {
  let list = keyed.get(fields);
  if (!list) keyed.set(fields, (list = Object.entries(fields).map(([key, def]) => [key, def, checkOf(def)])));
  return list;
}

/** The problems of one nested object by its declared fields; deeper problems read as the key's 'invalid'. */
function cleanObject(fields: Record<string, FieldDef>, value: unknown, issues: Issue[], at: PropertyKey[] = []) {
  if (!isObject(value)) return bad(issues, 'invalid', at);
  const out: Data = {};
  let ok = true;
  for (const [key, def, check] of keyChecks(fields)) {
    const item = value[key];
    if (isEmpty(item)) {
      if (def.required && def.default === undefined) ok = (bad(issues, 'required', [...at, key]), false);
      else out[key] = def.default ?? null;
      continue;
    }
    const mark = issues.length;
    const parsed = check(item, issues);
    if (parsed !== FAILED) out[key] = parsed;
    else {
      const first = issues[mark];
      issues.length = mark;
      bad(issues, first.path.length ? 'invalid' : first.message, [...at, key]);
      ok = false;
    }
  }
  return ok ? out : FAILED;
}

/** A run of line breaks, tabs and other control characters. */
const BREAKS = /[\p{Cc}\u2028\u2029\u0085]+/u;
/**
 * Characters that hide or reorder text shown to others: bidi embeddings, overrides and isolates
 * (a company named '\u202Eemca' reads 'acme'), the zero-width space, the word joiner and the BOM
 * ('Java\u200B' beside 'Java'). ZWNJ and ZWJ (Persian, Indic scripts, emoji) and LRM/RLM stay.
 */
const INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200B\u2060\uFEFF]/gu;
/**
 * A single-line field's text: INVISIBLE characters dropped, every run of breaks and control characters, with the
 * spaces around it, one space; trimmed. Split, not a pattern with spaces on both sides, which took time in the
 * square of a run of spaces.
 */
export const oneLine = (s: string) =>
  s
    .replace(INVISIBLE, '')
    .split(BREAKS)
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');

const string =
  (check: (s: string, issues: Issue[]) => unknown): Check =>
  (v, issues) =>
    typeof v === 'string' ? check(v, issues) : bad(issues, 'invalid');

/**
 * A phone field's check: a national number read in `country` (ISO code) when the record's country is known
 * (entitySchemas' `phoneCountry`), stored in E.164; refused as 'countryCode' when no country is known to read it in.
 */
export function phoneCheck(def: FieldDef, country?: string | null): Check {
  const text = textCheck(def, 'noPattern');
  return string((s, issues) => {
    const checked = text(s.trim(), issues);
    if (checked === FAILED) return FAILED;
    return cleanPhone(checked, country) ?? bad(issues, phoneProblem(checked, country) ?? 'invalid');
  });
}

function compile(def: FieldDef): Check {
  switch (def.kind) {
    case 'string': {
      // One line, whoever writes it (a form, the console, an import): a title or a name that
      // carried line breaks would read as several lines wherever it is quoted (a prompt, evidence).
      const text = textCheck(def);
      return (v, issues) =>
        typeof v === 'string' || typeof v === 'number' ? text(oneLine(String(v)), issues) : bad(issues, 'invalid');
    }
    case 'text':
    case 'secret': {
      const text = textCheck(def);
      return (v, issues) =>
        typeof v === 'string' || typeof v === 'number' ? text(String(v).trim(), issues) : bad(issues, 'invalid');
    }
    case 'email': {
      const text = textCheck({ ...def, pattern: EMAIL_PATTERN, patternMessage: 'invalid' }, 'patternFirst');
      return string((s, issues) => {
        const email = normaliseEmail(s);
        return email === undefined ? bad(issues, 'invalid') : text(email, issues);
      });
    }
    case 'phone':
      return phoneCheck(def);
    case 'url': {
      const text = textCheck(def, 'noPattern');
      return string((s, issues) => {
        const checked = text(def.normaliseHttps ? normaliseUrl(s) : s.trim(), issues);
        if (checked === FAILED) return FAILED;
        if (!isHttpUrl(checked)) return bad(issues, 'invalid');
        if (def.pattern && !test(def.pattern, checked)) return bad(issues, def.patternMessage ?? 'invalid');
        return checked;
      });
    }
    case 'integer':
    case 'decimal':
      return numberCheck(def);
    case 'boolean':
      return (v, issues) =>
        typeof v === 'boolean' || v === 'true' || v === 'false' ? v === true || v === 'true' : bad(issues, 'invalid');
    case 'date':
      return string((v, issues) =>
        isDate(v.slice(0, 10)) && (v.length <= 10 || !Number.isNaN(Date.parse(v)))
          ? v.slice(0, 10)
          : bad(issues, 'invalid'),
      );
    case 'datetime':
      return string((v, issues) => (Number.isNaN(Date.parse(v)) ? bad(issues, 'invalid') : new Date(v).toISOString()));
    case 'enum': {
      const ids = new Set((def.choices ?? []).map((c) => c.id));
      return (v, issues) => {
        const n = numeric(v);
        return ids.has(n) ? n : bad(issues, 'invalid');
      };
    }
    case 'json':
      return (v, issues) =>
        typeof v !== 'object'
          ? bad(issues, 'invalid')
          : JSON.stringify(v).length > (def.max ?? 100000)
            ? bad(issues, 'tooLong')
            : v;
    case 'ref': {
      const target = entityNamed(def.ref as string);
      return (v, issues) => parseId(target, v) ?? bad(issues, 'invalid');
    }
    case 'enumList': {
      const item = checkOf({ ...def, kind: 'enum' });
      return (list, issues) => {
        if (!Array.isArray(list)) return bad(issues, 'invalid');
        const ids = new Set<number>();
        const scratch: Issue[] = [];
        for (const v of list) {
          const id = item(v, scratch);
          if (id === FAILED) return bad(issues, 'invalid');
          ids.add(id as number);
        }
        return countRules(ids.size, def, issues) ? [...ids] : FAILED;
      };
    }
    case 'stringList':
    case 'refList': {
      const target = def.kind === 'refList' ? entityNamed(def.ref as string) : undefined;
      return (list, issues) => {
        if (!Array.isArray(list)) return bad(issues, 'invalid');
        const items = new Set<unknown>();
        for (const raw of list) {
          if (target) {
            const id = parseId(target, raw);
            if (id === undefined) return bad(issues, 'invalid');
            items.add(id);
            continue;
          }
          if (typeof raw !== 'string' || raw.trim() === '' || raw.length > 255) return bad(issues, 'invalid');
          const s = def.lowercase ? raw.trim().toLowerCase() : raw.trim();
          if (def.pattern && !test(def.pattern, s)) return bad(issues, def.patternMessage ?? 'invalid');
          items.add(s);
        }
        return countRules(items.size, def, issues) ? [...items] : FAILED;
      };
    }
    case 'object':
      return (v, issues) => cleanObject(def.fields ?? {}, v, issues);
    case 'objectList':
      return (list, issues) => {
        if (!Array.isArray(list)) return bad(issues, 'invalid');
        if (!countRules(list.length, def, issues)) return FAILED;
        const items = list.map((item, index) => cleanObject(def.fields ?? {}, item, issues, [index]));
        return items.includes(FAILED) ? FAILED : items;
      };
  }
}

// A field's declaration is fixed once made: its check is made once.
const checks = new WeakMap<FieldDef, Check>();

/** The check of one present, non-empty value of a field (see Check). */
export function checkOf(def: FieldDef): Check {
  let check = checks.get(def);
  if (!check) checks.set(def, (check = compile(def)));
  return check;
}
