/**
 * Every entity's field declarations compiled once into zod schemas: the one validation source of
 * the API's writes (backend/crud/validate.ts), the console's inputs and forms and the portal's
 * candidate-profile editor. Side-free. A failure is reported per field with the message keys the
 * API answers ('<field>.errors.<rule>', '<list>.<index>.<key>' → '<list>.<key>.errors.<rule>', or
 * a declared key such as 'tags.errors.identifierInvalid'); read issues with `fieldErrorsOf`.
 *
 * - `fieldSchema(def)`: one present, non-empty value → its stored form (trimmed text, numbers,
 *   plain ids, E.164 phones, https links, ...).
 * - `recordSchema(entity, { mode, writable, rules, children })`: a create (required fields, defaults)
 *   or an update (only the keys given), limited to the fields a role may write (`writableFieldsOf`),
 *   with the entity's cross-field rules (schema/rules) as a refinement and its child lists.
 */
import { z } from 'zod';
import { entity as entityNamed } from '../index';
import type { AppAbility } from '../ability';
import { writableFields } from '../ability';
import { isNullable, isWritable } from '../lib/define';
import { EMAIL_PATTERN } from '../lib/fields';
import { parseId } from '../lib/ids';
import type { Action, EntityDef, FieldDef } from '../lib/types';
import { candidateRules, educationRules, experienceRules, isDate, todayOf, type Today } from '../rules/candidate';
import { fieldErrorsOf, type FieldErrors } from './issues';
import { isHttpUrl, normaliseUrl } from './links';
import { cleanPhone } from './phone';

export { normaliseUrl };

export type Mode = 'create' | 'update';
type Data = Record<string, unknown>;
type Ctx = { addIssue(issue: { code: 'custom'; message: string; path?: PropertyKey[]; input?: unknown }): void };

/** A value counts as not given: absent, null, blank text or an empty list. */
export const isEmpty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

const fail = (ctx: Ctx, message: string, path: PropertyKey[] = []) => ctx.addIssue({ code: 'custom', message, path });
const isObject = (v: unknown): v is Data => !!v && typeof v === 'object' && !Array.isArray(v);

/** Length (max before min) and pattern rules of text, in the order the API reports them (an email's shape comes first). */
function textRules(def: FieldDef, pattern: 'patternLast' | 'patternFirst' | 'noPattern' = 'patternLast') {
  let s = z.string();
  if (pattern === 'patternFirst' && def.pattern) s = s.regex(def.pattern, def.patternMessage ?? 'invalid');
  if (def.max !== undefined) s = s.max(def.max, 'tooLong');
  if (def.min !== undefined) s = s.min(def.min, 'tooShort');
  if (pattern === 'patternLast' && def.pattern) s = s.regex(def.pattern, def.patternMessage ?? 'invalid');
  return s;
}

/** A number sent as JSON or as decimal text. */
// One type check and a conversion rather than a union: bulk imports check millions of values.
const DECIMAL_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;
const numeric = z
  .custom<number | string>((v) => typeof v === 'number' || (typeof v === 'string' && DECIMAL_TEXT.test(v)), 'invalid')
  .transform((v) => (typeof v === 'number' ? v : Number(v.trim())));
const textOrNumber = z.custom<string | number>((v) => typeof v === 'string' || typeof v === 'number', 'invalid');

function numberRules(def: FieldDef) {
  let n = z.number({ error: 'invalid' });
  if (def.kind === 'integer') {
    n = n.refine(Number.isInteger, 'notWholeNumber').refine((v) => Math.abs(v) <= 2147483647, 'tooBig');
  }
  if (def.min !== undefined) n = n.min(def.min, 'tooSmall');
  if (def.max !== undefined) n = n.max(def.max, 'tooBig');
  return n;
}

function countRules(count: number, def: FieldDef, ctx: Ctx): boolean {
  if (def.max !== undefined && count > def.max) return (fail(ctx, 'tooMany'), false);
  if (def.min !== undefined && count < def.min) return (fail(ctx, 'tooFew'), false);
  return true;
}

/** The problems of one nested object by its declared fields; deeper problems read as the key's 'invalid'. */
function cleanObject(
  fields: Record<string, FieldDef>,
  value: unknown,
  ctx: Ctx,
  at: PropertyKey[] = [],
): Data | undefined {
  if (!isObject(value)) return (fail(ctx, 'invalid', at), undefined);
  const out: Data = {};
  let ok = true;
  for (const [key, def] of Object.entries(fields)) {
    const item = value[key];
    if (isEmpty(item)) {
      if (def.required && def.default === undefined) ok = (fail(ctx, 'required', [...at, key]), false);
      else out[key] = def.default ?? null;
      continue;
    }
    const parsed = fieldSchema(def).safeParse(item);
    if (parsed.success) out[key] = parsed.data;
    else {
      const first = parsed.error.issues[0];
      fail(ctx, first.path.length ? 'invalid' : first.message, [...at, key]);
      ok = false;
    }
  }
  return ok ? out : undefined;
}

function compile(def: FieldDef): z.ZodType {
  switch (def.kind) {
    case 'string':
    case 'text':
    case 'secret':
      return textOrNumber.transform((v) => String(v).trim()).pipe(textRules(def));
    case 'email':
      return z
        .string({ error: 'invalid' })
        .transform((s) => s.trim().toLowerCase())
        .pipe(textRules({ ...def, pattern: EMAIL_PATTERN, patternMessage: 'invalid' }, 'patternFirst'));
    case 'phone':
      return z
        .string({ error: 'invalid' })
        .transform((s) => s.trim())
        .pipe(textRules(def, 'noPattern'))
        .transform((s, ctx) => cleanPhone(s) ?? (fail(ctx, 'invalid'), z.NEVER));
    case 'url':
      return z
        .string({ error: 'invalid' })
        .transform((s) => (def.normaliseHttps ? normaliseUrl(s) : s.trim()))
        .pipe(
          textRules(def, 'noPattern')
            .refine(isHttpUrl, 'invalid')
            .refine((s) => !def.pattern || def.pattern.test(s), def.patternMessage ?? 'invalid'),
        );
    case 'integer':
    case 'decimal':
      return numeric.pipe(numberRules(def));
    case 'boolean':
      return z
        .custom<boolean | string>((v) => typeof v === 'boolean' || v === 'true' || v === 'false', 'invalid')
        .transform((v) => v === true || v === 'true');
    case 'date':
      return z
        .string({ error: 'invalid' })
        .refine((v) => isDate(v.slice(0, 10)) && (v.length <= 10 || !Number.isNaN(Date.parse(v))), 'invalid')
        .transform((v) => v.slice(0, 10));
    case 'datetime':
      return z
        .string({ error: 'invalid' })
        .refine((v) => !Number.isNaN(Date.parse(v)), 'invalid')
        .transform((v) => new Date(v).toISOString());
    case 'enum': {
      const ids = new Set((def.choices ?? []).map((c) => c.id));
      return numeric.pipe(z.number().refine((n) => ids.has(n), 'invalid'));
    }
    case 'json':
      return z
        .custom<object>((v) => typeof v === 'object', 'invalid')
        .refine((v) => JSON.stringify(v).length <= (def.max ?? 100000), 'tooLong');
    case 'ref':
      return z
        .unknown()
        .transform((v, ctx) => parseId(entityNamed(def.ref as string), v) ?? (fail(ctx, 'invalid'), z.NEVER));
    case 'enumList': {
      const item = fieldSchema({ ...def, kind: 'enum' });
      return z.array(z.unknown(), { error: 'invalid' }).transform((list, ctx) => {
        const parsed = list.map((v) => item.safeParse(v));
        if (parsed.some((p) => !p.success)) return (fail(ctx, 'invalid'), z.NEVER);
        const ids = [...new Set(parsed.map((p) => p.data as number))];
        return countRules(ids.length, def, ctx) ? ids : z.NEVER;
      });
    }
    case 'stringList':
    case 'refList':
      return z.array(z.unknown(), { error: 'invalid' }).transform((list, ctx) => {
        const items: unknown[] = [];
        for (const raw of list) {
          if (def.kind === 'refList') {
            const id = parseId(entityNamed(def.ref as string), raw);
            if (id === undefined) return (fail(ctx, 'invalid'), z.NEVER);
            items.push(id);
            continue;
          }
          if (typeof raw !== 'string' || raw.trim() === '' || raw.length > 255) return (fail(ctx, 'invalid'), z.NEVER);
          const s = def.lowercase ? raw.trim().toLowerCase() : raw.trim();
          if (def.pattern && !def.pattern.test(s)) return (fail(ctx, def.patternMessage ?? 'invalid'), z.NEVER);
          items.push(s);
        }
        const unique = [...new Set(items)];
        return countRules(unique.length, def, ctx) ? unique : z.NEVER;
      });
    case 'object':
      return z.unknown().transform((v, ctx) => cleanObject(def.fields ?? {}, v, ctx) ?? z.NEVER);
    case 'objectList':
      return z.array(z.unknown(), { error: 'invalid' }).transform((list, ctx) => {
        if (!countRules(list.length, def, ctx)) return z.NEVER;
        const items = list.map((item, index) => cleanObject(def.fields ?? {}, item, ctx, [index]));
        return items.every((i) => i !== undefined) ? items : z.NEVER;
      });
  }
}

// A field's declaration is fixed once made: its schema is compiled once.
const compiled = new WeakMap<FieldDef, z.ZodType>();

/** The schema of one present, non-empty value of a field; its output is the value as stored. */
export function fieldSchema(def: FieldDef): z.ZodType {
  let schema = compiled.get(def);
  if (!schema) compiled.set(def, (schema = compile(def)));
  return schema;
}

/** The rule a present, non-empty value breaks ('tooLong', 'invalid', or a declared key), or undefined. */
export function ruleOf(def: FieldDef, value: unknown): string | undefined {
  const parsed = fieldSchema(def).safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0].message;
}

const LIST_KINDS = new Set(['stringList', 'refList', 'enumList', 'objectList']);

/** Cross-field rules of an entity (schema/rules): they report field errors and write what they imply. */
export type CrossFieldRule = (data: Data, existing?: Data, today?: Today) => FieldErrors;
const CROSS_FIELD_RULES: Record<string, CrossFieldRule> = {
  candidate: candidateRules,
  candidateExperience: experienceRules,
  candidateEducation: educationRules,
};
export const crossFieldRules = (entityName: string): CrossFieldRule | undefined => CROSS_FIELD_RULES[entityName];

interface FieldPlan {
  writable: [string, FieldDef][];
  derived: [string, FieldDef][];
}
const plans = new WeakMap<EntityDef, FieldPlan>();
function planOf(entity: EntityDef): FieldPlan {
  let plan = plans.get(entity);
  if (!plan) {
    const entries = Object.entries(entity.fields);
    plan = {
      writable: entries.filter(([, def]) => isWritable(def)),
      derived: entries.filter(([, def]) => def.derivedFrom),
    };
    plans.set(entity, plan);
  }
  return plan;
}

/** Values of read-only lists kept in step with an objectList key (see FieldDef.derivedFrom). */
export function deriveFields(entity: EntityDef, out: Data): void {
  for (const [name, def] of planOf(entity).derived) {
    const from = def.derivedFrom;
    if (!from || !Array.isArray(out[from.field])) continue;
    out[name] = [
      ...new Set(
        (out[from.field] as Data[]).map((item) => item[from.key]).filter((v) => v !== null && v !== undefined),
      ),
    ];
  }
}

/** The fields a role may write with `action` (the ability's field rules), or undefined when all. */
export function writableFieldsOf(ability: AppAbility, action: Action, entity: EntityDef): Set<string> | undefined {
  return writableFields(ability, action, entity.subject, Object.keys(entity.fields));
}

export interface RecordOptions {
  mode: Mode;
  /** The fields the writer may set (writableFieldsOf); others are ignored, as clients send whole records back. */
  writable?: ReadonlySet<string>;
  /** Run the entity's cross-field rules against the stored row (empty on create) once its fields are valid. */
  rules?: { existing?: Data; today?: Today };
  /** Validate the child lists the input carries (a candidate's experiences and educations) with their own schemas and rules. */
  children?: boolean;
}

/** The values of one record's fields; every problem is an issue at '<field>' or inside it. */
function parseFields(entity: EntityDef, body: Data, options: RecordOptions, ctx: Ctx, failed: Set<string>): Data {
  const out: Data = {};
  for (const [name, def] of planOf(entity).writable) {
    if (options.writable && !options.writable.has(name)) continue;
    const present = name in body;
    const value = body[name];
    if (!present && options.mode === 'update') continue;
    if (isEmpty(value)) {
      if (!present && def.default !== undefined) continue;
      if (def.required || (present && !isNullable(def) && def.default === undefined)) {
        fail(ctx, 'required', [name]);
        failed.add(name);
      } else if (present) out[name] = def.default !== undefined ? def.default : LIST_KINDS.has(def.kind) ? [] : null;
      continue;
    }
    const parsed = fieldSchema(def).safeParse(value);
    if (parsed.success) out[name] = parsed.data;
    else {
      failed.add(name);
      for (const issue of parsed.error.issues) fail(ctx, issue.message, [name, ...issue.path]);
    }
  }
  return out;
}

/** Issues of the rules' field errors ('noticePeriod.option' → key), where the field has no problem yet. */
function ruleIssues(
  found: FieldErrors,
  ctx: Ctx,
  failed: Set<string>,
  prefix: PropertyKey[] = [],
  keyPrefix = '',
): void {
  for (const [field, key] of Object.entries(found)) {
    if (failed.has(field.split('.')[0])) continue;
    fail(ctx, `${keyPrefix}${key}`, [...prefix, ...field.split('.')]);
  }
}

function parseChildren(entity: EntityDef, body: Data, options: RecordOptions, ctx: Ctx, out: Data): void {
  for (const [list, child] of Object.entries(entity.children ?? {})) {
    if (!(list in body) || body[list] === undefined) continue;
    const raw = body[list] === null ? [] : body[list];
    if (!Array.isArray(raw) || (child.max !== undefined && raw.length > child.max)) {
      fail(ctx, Array.isArray(raw) ? 'tooMany' : 'invalid', [list]);
      continue;
    }
    const childEntity = entityNamed(child.entity);
    const writable = new Set(Object.keys(childEntity.fields).filter((f) => f !== child.foreignKey));
    const schema = recordSchema(childEntity, {
      mode: 'create',
      writable,
      rules: options.rules && { today: options.rules.today },
    });
    out[list] = raw.map((item, index) => {
      const parsed = schema.safeParse(item);
      if (parsed.success) return parsed.data;
      if (!isObject(item)) fail(ctx, 'invalid', [list, index]);
      // An item's problems read '<list>.<index>.<field>' → '<list>.<field's key>'.
      for (const [field, key] of Object.entries(fieldErrorsOf(parsed.error)))
        if (field !== 'body') fail(ctx, `${list}.${key}`, [list, index, ...field.split('.')]);
      return undefined;
    });
  }
}

// Schemas without rules depend only on the entity and the options: made once for each.
const cached = new WeakMap<EntityDef, Map<string, z.ZodType<Data>>>();

/**
 * The schema of a write to `entity`: a create (required fields must be given, absent fields take
 * their defaults in the database) or an update (only the fields given are checked). Unknown,
 * read-only and not-writable fields are ignored. The output holds the fields' stored values with
 * references as plain ids, derived lists filled, and the values the cross-field rules imply.
 */
export function recordSchema(entity: EntityDef, options: RecordOptions): z.ZodType<Data> {
  const key = `${options.mode}|${options.children ? 1 : 0}|${options.writable ? [...options.writable].sort().join(',') : '*'}`;
  let forEntity = cached.get(entity);
  if (!forEntity) cached.set(entity, (forEntity = new Map()));
  const hit = options.rules ? undefined : forEntity.get(key);
  if (hit) return hit;
  const schema = z.unknown().transform((input, ctx) => {
    if (!isObject(input)) return (fail(ctx, 'invalid'), z.NEVER);
    const failed = new Set<string>();
    const out = parseFields(entity, input, options, ctx, failed);
    deriveFields(entity, out);
    const rule = options.rules && crossFieldRules(entity.name);
    if (rule && options.rules)
      ruleIssues(rule(out, options.rules.existing ?? {}, options.rules.today ?? todayOf()), ctx, failed);
    if (options.children) parseChildren(entity, input, options, ctx, out);
    return out;
  }) as unknown as z.ZodType<Data>;
  if (!options.rules) {
    if (forEntity.size > 200) forEntity.clear();
    forEntity.set(key, schema);
  }
  return schema;
}

/** A write checked by recordSchema: its values, or its field errors with the API's message keys. */
export function parseRecord(
  entity: EntityDef,
  input: unknown,
  options: RecordOptions,
): { data: Data; errors?: undefined } | { errors: FieldErrors } {
  const parsed = recordSchema(entity, options).safeParse(input);
  return parsed.success ? { data: parsed.data } : { errors: fieldErrorsOf(parsed.error) };
}
