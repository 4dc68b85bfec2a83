/**
 * Every entity's field declarations as the one validation source of the API's writes
 * (backend/crud/validate.ts), the bulk import, the console's inputs and forms and the portal's
 * candidate-profile editor. Side-free. A failure is reported per field with the message keys the
 * API answers ('<field>.errors.<rule>', '<list>.<index>.<key>' → '<list>.<key>.errors.<rule>', or
 * a declared key such as 'tags.errors.identifierInvalid').
 *
 * - `parseRecord(entity, input, { mode, writable, rules, children })`: a create (required fields,
 *   defaults) or an update (only the keys given; emptying a field that cannot be empty, defaulted or
 *   not, is 'required'), limited to the fields a role may write
 *   (`writableFieldsOf`), with the entity's cross-field rules (schema/rules) and its child lists;
 *   its values or its field errors. Each field by its plain check (fieldChecks.ts); a phone read in
 *   `phoneCountry` when the record's country is known (schema/validation/phone.ts).
 * - `recordSchema(...)` and `fieldSchema(def)`: the same checks as zod schemas, for forms and
 *   routes that compose zod schemas; read their issues with `fieldErrorsOf`.
 */
import { z } from 'zod';
import { entity as entityNamed } from '../index';
import type { AppAbility } from '../ability';
import { writableFields } from '../ability';
import { isNullable, isWritable } from '../lib/define';
import type { Action, EntityDef, FieldDef } from '../lib/types';
import { candidateRules, educationRules, experienceRules, todayOf, type Today } from '../rules/candidate';
import { bad, checkOf, FAILED, isEmpty, isObject, phoneCheck, type Check } from './fieldChecks';
import { fieldErrorsOfIssues, type FieldErrors, type Issue } from './issues';
import { normaliseUrl } from './links';

export { isEmpty, normaliseUrl };

export type Mode = 'create' | 'update';
type Data = Record<string, unknown>;

/** A check as a zod schema: its issues at their paths, its stored form as the output. */
const asZod = <T>(check: (value: unknown, issues: Issue[]) => unknown) =>
  z.unknown().transform((value, ctx) => {
    const issues: Issue[] = [];
    const out = check(value, issues);
    for (const issue of issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: value });
    return issues.length || out === FAILED ? z.NEVER : (out as T);
  });

const schemas = new WeakMap<FieldDef, z.ZodType>();

/** The schema of one present, non-empty value of a field; its output is the value as stored. */
export function fieldSchema(def: FieldDef): z.ZodType {
  let schema = schemas.get(def);
  if (!schema) schemas.set(def, (schema = asZod(checkOf(def))));
  return schema;
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
  /** The writable fields with their checks, found once. */
  writable: [string, FieldDef, Check][];
  derived: [string, FieldDef][];
}
const plans = new WeakMap<EntityDef, FieldPlan>();
function planOf(entity: EntityDef): FieldPlan {
  let plan = plans.get(entity);
  if (!plan) {
    const entries = Object.entries(entity.fields);
    plan = {
      writable: entries.filter(([, def]) => isWritable(def)).map(([name, def]) => [name, def, checkOf(def)]),
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
  /** The country (ISO code) a national phone number of this record is read in (a candidate's current location's). */
  phoneCountry?: string | null;
}

/** The values of one record's fields; every problem is an issue at '<field>' or inside it. */
function parseFields(
  entity: EntityDef,
  body: Data,
  options: RecordOptions,
  issues: Issue[],
  failed: Set<string>,
): Data {
  const out: Data = {};
  for (const [name, def, check] of planOf(entity).writable) {
    if (options.writable && !options.writable.has(name)) continue;
    const present = name in body;
    const value = body[name];
    if (!present && options.mode === 'update') continue;
    if (isEmpty(value)) {
      if (!present && def.default !== undefined) continue;
      // A default fills a create's empty field; an update that empties one that cannot be empty is refused (a list empties).
      const emptied = options.mode === 'update' && !LIST_KINDS.has(def.kind);
      if (def.required || (present && !isNullable(def) && (def.default === undefined || emptied))) {
        bad(issues, 'required', [name]);
        failed.add(name);
      } else if (present) out[name] = def.default !== undefined ? def.default : LIST_KINDS.has(def.kind) ? [] : null;
      continue;
    }
    const mark = issues.length;
    const own = def.kind === 'phone' && options.phoneCountry ? phoneCheck(def, options.phoneCountry) : check;
    const parsed = own(value, issues);
    if (parsed !== FAILED) out[name] = parsed;
    else {
      failed.add(name);
      for (let i = mark; i < issues.length; i += 1) issues[i].path = [name, ...issues[i].path];
    }
  }
  return out;
}

/** Issues of the rules' field errors ('noticePeriod.option' → key), where the field has no problem yet. */
function ruleIssues(found: FieldErrors, issues: Issue[], failed: Set<string>): void {
  for (const [field, key] of Object.entries(found)) {
    if (failed.has(field.split('.')[0])) continue;
    bad(issues, key, field.split('.'));
  }
}

const childWritable = new WeakMap<EntityDef, Set<string>>();

function parseChildren(entity: EntityDef, body: Data, options: RecordOptions, issues: Issue[], out: Data): void {
  for (const [list, child] of Object.entries(entity.children ?? {})) {
    if (!(list in body) || body[list] === undefined) continue;
    const raw = body[list] === null ? [] : body[list];
    if (!Array.isArray(raw) || (child.max !== undefined && raw.length > child.max)) {
      bad(issues, Array.isArray(raw) ? 'tooMany' : 'invalid', [list]);
      continue;
    }
    const childEntity = entityNamed(child.entity);
    let writable = childWritable.get(childEntity);
    if (!writable)
      childWritable.set(
        childEntity,
        (writable = new Set(Object.keys(childEntity.fields).filter((f) => f !== child.foreignKey))),
      );
    const itemOptions: RecordOptions = {
      mode: 'create',
      writable,
      rules: options.rules && { today: options.rules.today },
    };
    out[list] = raw.map((item, index) => {
      const own: Issue[] = [];
      const parsed = checkRecord(childEntity, item, itemOptions, own);
      if (!own.length) return parsed;
      if (!isObject(item)) bad(issues, 'invalid', [list, index]);
      // An item's problems read '<list>.<index>.<field>' → '<list>.<field's key>'.
      for (const [field, key] of Object.entries(fieldErrorsOfIssues(own)))
        if (field !== 'body') bad(issues, `${list}.${key}`, [list, index, ...field.split('.')]);
      return undefined;
    });
  }
}

/**
 * A write to `entity` checked: a create (required fields must be given, absent fields take their
 * defaults in the database) or an update (only the fields given are checked). Unknown, read-only
 * and not-writable fields are ignored. Returns the fields' stored values with references as plain
 * ids, derived lists filled, and the values the cross-field rules imply; every problem is pushed
 * to `issues`.
 */
function checkRecord(entity: EntityDef, input: unknown, options: RecordOptions, issues: Issue[]): Data | typeof FAILED {
  if (!isObject(input)) return bad(issues, 'invalid');
  const failed = new Set<string>();
  const out = parseFields(entity, input, options, issues, failed);
  deriveFields(entity, out);
  const rule = options.rules && crossFieldRules(entity.name);
  if (rule && options.rules)
    ruleIssues(rule(out, options.rules.existing ?? {}, options.rules.today ?? todayOf()), issues, failed);
  if (options.children) parseChildren(entity, input, options, issues, out);
  return out;
}

/** The schema of a write to `entity` (checkRecord), for forms and routes that compose zod schemas. */
export function recordSchema(entity: EntityDef, options: RecordOptions): z.ZodType<Data> {
  return asZod<Data>((input, issues) => checkRecord(entity, input, options, issues)) as unknown as z.ZodType<Data>;
}

/** A write checked by checkRecord: its values, or its field errors with the API's message keys. */
export function parseRecord(
  entity: EntityDef,
  input: unknown,
  options: RecordOptions,
): { data: Data; errors?: undefined } | { errors: FieldErrors } {
  const issues: Issue[] = [];
  const data = checkRecord(entity, input, options, issues);
  return issues.length || data === FAILED ? { errors: fieldErrorsOfIssues(issues) } : { data };
}
