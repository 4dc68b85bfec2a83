/**
 * Request validation derived from the entity declaration. Every problem is reported at once,
 * per field, as a message key ('<field>.errors.<rule>'); nothing is written when any is found.
 */
import { EMAIL_PATTERN, isNullable, isWritable, type EntityDef, type FieldDef } from '../../schema';
import { badRequest, type FieldErrors } from '../errors';
import { parseRefId } from './ids';
import { cleanPhone } from '../../schema/validation/phone';

export type Mode = 'create' | 'update';

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

export class FieldError extends Error {
  /** `items` holds the problems inside a nested object or list, keyed '<index>.<key>' or '<key>'. */
  constructor(
    public readonly rule: string,
    public readonly items?: FieldErrors,
  ) {
    super(rule);
  }
}

function checkLength(value: string, def: FieldDef) {
  if (def.max !== undefined && value.length > def.max) throw new FieldError('tooLong');
  if (def.min !== undefined && value.length < def.min) throw new FieldError('tooShort');
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
  throw new FieldError('invalid');
}

export function normaliseUrl(raw: string): string {
  const trimmed = raw.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed.replace(/^http:\/\//i, 'https://');
  return `https://${trimmed.replace(/^\/\//, '')}`;
}

// Arithmetic rather than Date parsing: bulk imports check millions of dates.
export function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

// The item declaration of each enumList, made once.
const enumDefs = new WeakMap<FieldDef, FieldDef>();

/** Cleans one present, non-empty value or throws FieldError. */
export function cleanValue(def: FieldDef, value: unknown): unknown {
  switch (def.kind) {
    case 'string':
    case 'text':
    case 'secret': {
      if (typeof value !== 'string' && typeof value !== 'number') throw new FieldError('invalid');
      const s = String(value).trim();
      checkLength(s, def);
      if (def.pattern && !def.pattern.test(s)) throw new FieldError(def.patternMessage ?? 'invalid');
      return s;
    }
    case 'email': {
      if (typeof value !== 'string') throw new FieldError('invalid');
      const s = value.trim().toLowerCase();
      if (!EMAIL_PATTERN.test(s)) throw new FieldError('invalid');
      checkLength(s, def);
      return s;
    }
    case 'phone': {
      if (typeof value !== 'string') throw new FieldError('invalid');
      checkLength(value.trim(), def);
      const phone = cleanPhone(value);
      if (phone === undefined) throw new FieldError('invalid');
      return phone;
    }
    case 'url': {
      if (typeof value !== 'string') throw new FieldError('invalid');
      const s = def.normaliseHttps ? normaliseUrl(value) : value.trim();
      checkLength(s, def);
      let url: URL;
      try {
        url = new URL(s);
      } catch {
        throw new FieldError('invalid');
      }
      if (!/^https?:$/.test(url.protocol) || !url.hostname.includes('.')) throw new FieldError('invalid');
      if (def.pattern && !def.pattern.test(s)) throw new FieldError(def.patternMessage ?? 'invalid');
      return s;
    }
    case 'integer':
    case 'decimal': {
      const n = toNumber(value);
      if (!Number.isFinite(n)) throw new FieldError('invalid');
      if (def.kind === 'integer' && !Number.isInteger(n)) throw new FieldError('notWholeNumber');
      if (def.kind === 'integer' && Math.abs(n) > 2147483647) throw new FieldError('tooBig');
      if (def.min !== undefined && n < def.min) throw new FieldError('tooSmall');
      if (def.max !== undefined && n > def.max) throw new FieldError('tooBig');
      return n;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      throw new FieldError('invalid');
    case 'date':
      if (typeof value !== 'string' || !isDate(value.slice(0, 10)) || (value.length > 10 && Number.isNaN(Date.parse(value)))) throw new FieldError('invalid');
      return value.slice(0, 10);
    case 'datetime': {
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw new FieldError('invalid');
      return new Date(value).toISOString();
    }
    case 'enum': {
      const n = toNumber(value);
      if (!def.choices?.some((c) => c.id === n)) throw new FieldError('invalid');
      return n;
    }
    case 'json':
      if (typeof value !== 'object') throw new FieldError('invalid');
      if (JSON.stringify(value).length > (def.max ?? 100000)) throw new FieldError('tooLong');
      return value;
    case 'ref': {
      const id = parseRefId(def.ref as string, value);
      if (id === undefined) throw new FieldError('invalid');
      return id;
    }
    case 'enumList': {
      if (!Array.isArray(value)) throw new FieldError('invalid');
      let asEnum = enumDefs.get(def);
      if (!asEnum) enumDefs.set(def, (asEnum = { ...def, kind: 'enum' }));
      const ids = [...new Set(value.map((item) => cleanValue(asEnum, item) as number))];
      if (def.max !== undefined && ids.length > def.max) throw new FieldError('tooMany');
      if (def.min !== undefined && ids.length < def.min) throw new FieldError('tooFew');
      return ids;
    }
    case 'object':
      return cleanObject(def.fields ?? {}, value);
    case 'objectList': {
      if (!Array.isArray(value)) throw new FieldError('invalid');
      if (def.max !== undefined && value.length > def.max) throw new FieldError('tooMany');
      if (def.min !== undefined && value.length < def.min) throw new FieldError('tooFew');
      const problems: FieldErrors = {};
      const items = value.map((item, index) => {
        try {
          return cleanObject(def.fields ?? {}, item);
        } catch (err) {
          if (!(err instanceof FieldError)) throw err;
          if (!err.items) problems[String(index)] = err.rule;
          for (const [key, rule] of Object.entries(err.items ?? {})) problems[`${index}.${key}`] = rule;
          return undefined;
        }
      });
      if (Object.keys(problems).length) throw new FieldError('invalid', problems);
      return items;
    }
    case 'stringList':
    case 'refList': {
      if (!Array.isArray(value)) throw new FieldError('invalid');
      const items = value.map((item) => {
        if (def.kind === 'refList') {
          const id = parseRefId(def.ref as string, item);
          if (id === undefined) throw new FieldError('invalid');
          return id;
        }
        if (typeof item !== 'string' || item.trim() === '' || item.length > 255) throw new FieldError('invalid');
        const s = def.lowercase ? item.trim().toLowerCase() : item.trim();
        if (def.pattern && !def.pattern.test(s)) throw new FieldError(def.patternMessage ?? 'invalid');
        return s;
      });
      const unique = [...new Set<unknown>(items)];
      if (def.max !== undefined && unique.length > def.max) throw new FieldError('tooMany');
      if (def.min !== undefined && unique.length < def.min) throw new FieldError('tooFew');
      return unique;
    }
  }
}

/** Cleans a nested object by its declared fields; unknown keys are dropped, every problem is collected. */
function cleanObject(fields: Record<string, FieldDef>, value: unknown): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new FieldError('invalid');
  const input = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const problems: FieldErrors = {};
  for (const [key, def] of Object.entries(fields)) {
    const item = input[key];
    if (empty(item)) {
      if (def.required && def.default === undefined) problems[key] = 'required';
      else out[key] = def.default ?? null;
      continue;
    }
    try {
      out[key] = cleanValue(def, item);
    } catch (err) {
      if (!(err instanceof FieldError)) throw err;
      problems[key] = err.rule;
    }
  }
  if (Object.keys(problems).length) throw new FieldError('invalid', problems);
  return out;
}

function messageKey(field: string, rule: string): string {
  return rule.includes('.') ? rule : `${field}.errors.${rule}`;
}

/**
 * Field errors of one field: its own rule as '<field>' → '<field>.errors.<rule>', and problems
 * inside nested items as '<field>.<index>.<key>' → '<field>.<key>.errors.<rule>'.
 */
export function fieldErrorsOf(name: string, err: FieldError): FieldErrors {
  if (!err.items) return { [name]: messageKey(name, err.rule) };
  const out: FieldErrors = {};
  for (const [path, rule] of Object.entries(err.items)) {
    const key = path.split('.').filter((p) => !/^\d+$/.test(p));
    out[`${name}.${path}`] = messageKey([name, ...key].join('.'), rule);
  }
  return out;
}

const LIST_KINDS = new Set(['stringList', 'refList', 'enumList', 'objectList']);

interface FieldPlan {
  writable: [string, FieldDef][];
  derived: [string, FieldDef][];
}
// An entity's fields are fixed once declared: which are writable or derived is worked out once, not per record.
const fieldPlans = new WeakMap<EntityDef, FieldPlan>();
function fieldsOf(entity: EntityDef): FieldPlan {
  let plan = fieldPlans.get(entity);
  if (!plan) {
    const entries = Object.entries(entity.fields);
    plan = { writable: entries.filter(([, def]) => isWritable(def)), derived: entries.filter(([, def]) => def.derivedFrom) };
    fieldPlans.set(entity, plan);
  }
  return plan;
}

/** Values of read-only lists kept in step with an objectList key (see FieldDef.derivedFrom). */
export function deriveFields(entity: EntityDef, out: Record<string, unknown>): void {
  for (const [name, def] of fieldsOf(entity).derived) {
    const from = def.derivedFrom;
    if (!from || !Array.isArray(out[from.field])) continue;
    out[name] = [...new Set((out[from.field] as Record<string, unknown>[]).map((item) => item[from.key]).filter((v) => v !== null && v !== undefined))];
  }
}

/**
 * Validates a create or update payload. Fields that are read-only, unknown or outside `writable`
 * are ignored (clients such as react-admin send whole records back). Returns camelCase values
 * ready for the model, with references as plain ids.
 */
export function validateRecord(entity: EntityDef, input: unknown, mode: Mode, writable?: ReadonlySet<string>): Record<string, unknown> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw badRequest({}, 'errors.badRequest');
  const body = input as Record<string, unknown>;
  const errors: FieldErrors = {};
  const out: Record<string, unknown> = {};
  for (const [name, def] of fieldsOf(entity).writable) {
    if (writable && !writable.has(name)) continue;
    const present = name in body;
    const value = body[name];
    if (!present && mode === 'update') continue;
    if (empty(value)) {
      if (!present && def.default !== undefined) continue;
      if (def.required || (present && !isNullable(def) && def.default === undefined)) errors[name] = messageKey(name, 'required');
      else if (present) out[name] = def.default !== undefined ? def.default : LIST_KINDS.has(def.kind) ? [] : null;
      continue;
    }
    try {
      out[name] = cleanValue(def, value);
    } catch (err) {
      if (!(err instanceof FieldError)) throw err;
      Object.assign(errors, fieldErrorsOf(name, err));
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  deriveFields(entity, out);
  return out;
}
