/**
 * Client-side checks mirrored from the schema, with the same message keys the server answers
 * (backend/crud/validate.ts), so a mistake reads the same whichever side catches it first.
 * The server still validates everything; uniqueness and references only it can check.
 */
import { t } from '../../i18n';
import { EMAIL_PATTERN, type FieldDef } from '../../schema';
import { isPhone } from '../../schema/validation/phone';

export type Validator = ((value: unknown) => string | undefined) & { isRequired?: boolean };

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** Same key shape as the server: '<field>.errors.<rule>', or the rule itself when it is a full key. */
export const messageFor = (name: string, rule: string) => t(rule.includes('.') ? rule : `${name}.errors.${rule}`);

function lengthProblem(s: string, def: FieldDef): string | undefined {
  if (def.max !== undefined && s.length > def.max) return 'tooLong';
  if (def.min !== undefined && s.length < def.min) return 'tooShort';
  return undefined;
}

function urlProblem(raw: string, def: FieldDef): string | undefined {
  const trimmed = raw.trim();
  const s = def.normaliseHttps && !/^https?:\/\//i.test(trimmed) ? `https://${trimmed.replace(/^\/\//, '')}` : trimmed;
  try {
    const url = new URL(s);
    if (!/^https?:$/.test(url.protocol) || !url.hostname.includes('.')) return 'invalid';
  } catch {
    return 'invalid';
  }
  return lengthProblem(s, def);
}

function listProblem(items: unknown[], def: FieldDef): string | undefined {
  for (const item of items) {
    // Ids and nested objects are checked by their own inputs and by the server.
    if (def.kind !== 'stringList') continue;
    if (typeof item !== 'string' || item.trim() === '' || item.length > 255) return 'invalid';
    const s = def.lowercase ? item.trim().toLowerCase() : item.trim();
    if (def.pattern && !def.pattern.test(s)) return def.patternMessage ?? 'invalid';
  }
  const count = new Set(items).size;
  if (def.max !== undefined && count > def.max) return 'tooMany';
  if (def.min !== undefined && count < def.min) return 'tooFew';
  return undefined;
}

/** The rule a present, non-empty value breaks, or undefined. */
export function problemOf(def: FieldDef, value: unknown): string | undefined {
  switch (def.kind) {
    case 'phone': {
      const s = String(value).trim();
      return lengthProblem(s, def) ?? (isPhone(s) ? undefined : 'invalid');
    }
    case 'string':
    case 'text': {
      const s = String(value).trim();
      const tooLongOrShort = lengthProblem(s, def);
      if (tooLongOrShort) return tooLongOrShort;
      if (def.pattern && !def.pattern.test(s)) return def.patternMessage ?? 'invalid';
      return undefined;
    }
    case 'email': {
      const s = String(value).trim().toLowerCase();
      return EMAIL_PATTERN.test(s) ? lengthProblem(s, def) : 'invalid';
    }
    case 'url':
      return urlProblem(String(value), def);
    case 'integer':
    case 'decimal': {
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(n)) return 'invalid';
      if (def.kind === 'integer' && !Number.isInteger(n)) return 'notWholeNumber';
      if (def.min !== undefined && n < def.min) return 'tooSmall';
      if (def.max !== undefined && n > def.max) return 'tooBig';
      return undefined;
    }
    case 'stringList':
    case 'refList':
    case 'enumList':
    case 'objectList':
      return Array.isArray(value) ? listProblem(value, def) : 'invalid';
    case 'json':
      // The JSON input hands over its raw text when it does not parse.
      return typeof value === 'object' ? undefined : 'invalid';
    default:
      return undefined;
  }
}

export function validatorsFor(name: string, def: FieldDef): Validator[] {
  const validators: Validator[] = [];
  if (def.required) {
    validators.push(Object.assign((v: unknown) => (blank(v) ? messageFor(name, 'required') : undefined), { isRequired: true }));
  }
  validators.push((v: unknown) => {
    if (blank(v)) return undefined;
    const rule = problemOf(def, v);
    return rule ? messageFor(name, rule) : undefined;
  });
  return validators;
}
