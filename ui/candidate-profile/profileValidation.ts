/**
 * The server's candidate rules, run in the browser while the form is filled in: each field's
 * declared rules (as backend/crud/validate.ts applies them) and the rules spanning fields, which
 * are the very functions the API's write hooks run (backend/features/talent/candidateRules.ts,
 * pure). Problems come back keyed by form path with the server's message keys, so a mistake reads
 * the same whichever side catches it.
 */
import { candidateRules, educationRules, experienceRules, todayOf, type Today } from '../../schema/rules/candidate';
import { EMAIL_PATTERN } from '../../schema/lib/fields';
import type { FieldDef } from '../../schema/lib/types';
import { isPhone } from '../../schema/validation/phone';
import { candidate, CHILD_LISTS, editableFields, itemFields, toPayload, type Editor, type FormValues, type Item } from './profileFields';

export type Problems = Record<string, string>;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** Same key shape as the server: '<field>.errors.<rule>', or the rule itself when it is a full key. */
export const messageKey = (field: string, rule: string) => (rule.includes('.') ? rule : `${field}.errors.${rule}`);

function lengthRule(s: string, def: FieldDef): string | undefined {
  if (def.max !== undefined && s.length > def.max) return 'tooLong';
  if (def.min !== undefined && s.length < def.min) return 'tooShort';
  return undefined;
}

function urlRule(raw: string, def: FieldDef): string | undefined {
  const trimmed = raw.trim();
  const s = /^https?:\/\//i.test(trimmed) ? trimmed.replace(/^http:\/\//i, 'https://') : `https://${trimmed.replace(/^\/\//, '')}`;
  try {
    const url = new URL(s);
    if (!/^https?:$/.test(url.protocol) || !url.hostname.includes('.')) return 'invalid';
  } catch {
    return 'invalid';
  }
  return lengthRule(s, def) ?? (def.pattern && !def.pattern.test(s) ? (def.patternMessage ?? 'invalid') : undefined);
}

function countRule(count: number, def: FieldDef): string | undefined {
  if (def.max !== undefined && count > def.max) return 'tooMany';
  if (def.min !== undefined && count < def.min) return 'tooFew';
  return undefined;
}

/** The rule a present, non-empty API value breaks, as the server's cleanValue would report it. */
function valueRule(def: FieldDef, value: unknown): string | undefined {
  switch (def.kind) {
    case 'phone': {
      const s = String(value).trim();
      return lengthRule(s, def) ?? (isPhone(s) ? undefined : 'invalid');
    }
    case 'string':
    case 'text': {
      const s = String(value).trim();
      return lengthRule(s, def) ?? (def.pattern && !def.pattern.test(s) ? (def.patternMessage ?? 'invalid') : undefined);
    }
    case 'email': {
      const s = String(value).trim().toLowerCase();
      return EMAIL_PATTERN.test(s) ? lengthRule(s, def) : 'invalid';
    }
    case 'url':
      return urlRule(String(value), def);
    case 'integer':
    case 'decimal': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'invalid';
      if (def.kind === 'integer' && !Number.isInteger(value)) return 'notWholeNumber';
      if (def.min !== undefined && value < def.min) return 'tooSmall';
      if (def.max !== undefined && value > def.max) return 'tooBig';
      return undefined;
    }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(String(value)) && !Number.isNaN(Date.parse(String(value))) ? undefined : 'invalid';
    case 'enum':
      return def.choices?.some((c) => c.id === value) ? undefined : 'invalid';
    case 'refList':
    case 'enumList':
    case 'stringList':
      return Array.isArray(value) ? countRule(new Set(value).size, def) : 'invalid';
    case 'objectList':
      return Array.isArray(value) ? countRule(value.length, def) : 'invalid';
    default:
      return undefined;
  }
}

/** Problems of one field's API value: '<path>' → message key, nested ones as '<path>.<index>.<key>'. */
function fieldProblems(name: string, path: string, def: FieldDef, value: unknown, out: Problems): void {
  if (blank(value)) {
    if (def.required && def.default === undefined) out[path] = messageKey(name, 'required');
    return;
  }
  const rule = valueRule(def, value);
  if (rule) {
    out[path] = messageKey(name, rule);
    return;
  }
  if (def.kind === 'object') {
    for (const [key, sub] of Object.entries(def.fields ?? {})) fieldProblems(`${name}.${key}`, `${path}.${key}`, sub, (value as Item)[key], out);
  }
  if (def.kind === 'objectList') {
    (value as Item[]).forEach((item, index) => {
      for (const [key, sub] of Object.entries(def.fields ?? {})) fieldProblems(`${name}.${key}`, `${path}.${index}.${key}`, sub, item[key], out);
    });
  }
}

/** Field problems found inside a rule's output ('noticePeriod.option') land at that path; list-wide ones at '<list>'. */
function merge(out: Problems, found: Record<string, string>, prefix = '', keyPrefix = ''): void {
  for (const [field, key] of Object.entries(found)) {
    const path = `${prefix}${field}`;
    if (!out[path]) out[path] = `${keyPrefix}${key}`;
  }
}

interface Options {
  editor: Editor;
  /** The stored profile the form edits (empty when adding). */
  existing?: Item;
  today?: Today;
}

/** Every problem the server would report for saving these values. */
export function profileProblems(values: FormValues, { editor, existing = {}, today = todayOf() }: Options): Problems {
  const payload = toPayload(values, editor);
  const out: Problems = {};
  for (const name of editableFields(editor)) fieldProblems(name, name, candidate.fields[name], payload[name], out);
  // The candidate does not set the Hong Kong flag, but it decides whether those fields are required.
  const context = { ...existing, isSpecialHkCandidate: values.isSpecialHkCandidate === true };
  merge(out, candidateRules({ ...payload }, context, today));

  for (const list of Object.keys(CHILD_LISTS) as (keyof typeof CHILD_LISTS)[]) {
    const def = CHILD_LISTS[list];
    const rules = list === 'experiences' ? experienceRules : educationRules;
    ((payload[list] as Item[]) ?? []).forEach((item, index) => {
      // The server reports an item's problems as '<list>.<index>.<field>' → '<list>.<field>.errors.<rule>'.
      const found: Problems = {};
      for (const name of itemFields(list)) fieldProblems(name, name, def.fields[name], item[name], found);
      merge(found, rules({ ...item }, {}, today));
      merge(out, found, `${list}.${index}.`, `${list}.`);
    });
  }
  return out;
}
