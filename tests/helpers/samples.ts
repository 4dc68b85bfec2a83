/**
 * Test data read from the entity declarations alone: a valid create payload for any entity
 * (unique values on every call, references pointing at existing rows). The invalid values per
 * field are in invalidValues.ts.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import RandExp from 'randexp';
import { columnOf, entity as entityNamed, isWritable, type EntityDef, type FieldDef } from '../../schema';
import { SOURCE_OPTIONS } from '../../schema/entities/company';
import { NOTICE_PERIOD_TYPES } from '../../schema/entities/talentOptions';

let counter = 0;
/** Differs between test files (each runs in its own process) and grows within one. */
const RUN = randomBytes(3).toString('hex');

/** A fresh lower-case alphanumeric token. */
export function uniq(): string {
  counter += 1;
  return `${RUN}${counter}`;
}

/** The id of a row as the API shows it: with the entity's prefix, or a plain number. */
export function apiId(entity: EntityDef, id: number): string | number {
  return entity.idPrefix ? `${entity.idPrefix}${id}` : id;
}

/** The database id inside an API id. */
export function dbId(entity: EntityDef, id: unknown): number {
  const raw =
    typeof id === 'string' && entity.idPrefix && id.startsWith(entity.idPrefix) ? id.slice(entity.idPrefix.length) : id;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw new Error(`'${String(id)}' is not an id of ${entity.name}`);
  return n;
}

export const writableFields = (entity: EntityDef) => Object.entries(entity.fields).filter(([, def]) => isWritable(def));

/** `n`-th string of `size` letters from 'a', in base 26. */
function letters(n: number, size: number): string {
  let s = '';
  for (let i = 0, v = n; i < size; i += 1, v = Math.floor(v / 26)) s = String.fromCharCode(97 + (v % 26)) + s;
  return s;
}

export const fitsLength = (s: string, def: FieldDef) => s.length <= (def.max ?? 255) && s.length >= (def.min ?? 0);
export const fitsPattern = (s: string, def: FieldDef) => !def.pattern || def.pattern.test(s);

/** Random strings matching `pattern`, made of letters and digits wherever the pattern leaves the choice open. */
function fromPattern(pattern: RegExp): string {
  const gen = new RandExp(pattern);
  gen.ignoreCase = false;
  gen.max = 6;
  gen.defaultRange.subtract(32, 126);
  gen.defaultRange.add(97, 122);
  gen.defaultRange.add(65, 90);
  gen.defaultRange.add(48, 57);
  return gen.gen();
}

/** Strings of the shapes our fields take (tokens, names, domains, letter codes, digits, then the pattern's own), tried in turn. */
export function* stringCandidates(def: FieldDef): Generator<string> {
  const sizes = [def.min ?? 2, (def.min ?? 2) + 1].filter((n) => n >= 1 && n <= (def.max ?? 255));
  const start = Math.floor(Math.random() * 17576);
  for (let k = 0; k < 5000; k += 1) {
    const u = uniq();
    if (def.pattern) yield fromPattern(def.pattern);
    yield `sample${u}`;
    yield `Sample ${u}`;
    yield `s${u}.example.com`;
    for (const size of sizes) {
      const code = letters(start + k, size);
      yield code;
      yield code.toUpperCase();
    }
    yield String(start + k);
  }
}

async function taken(knex: Knex, entity: EntityDef, field: string, value: unknown): Promise<boolean> {
  return Boolean(
    await knex(entity.table)
      .where(columnOf(field), value as Knex.Value)
      .first('id'),
  );
}

/** A string valid for `def` (length and pattern) and, for unique fields, not yet in the table. */
async function validString(knex: Knex, entity: EntityDef, field: string, def: FieldDef): Promise<string> {
  for (const s of stringCandidates(def)) {
    if (!fitsLength(s, def) || !fitsPattern(s, def)) continue;
    if (def.unique && (await taken(knex, entity, field, s))) continue;
    return s;
  }
  throw new Error(`samples: cannot make a value for ${entity.name}.${field} matching ${String(def.pattern)}`);
}

/** A URL valid for `def`: an https link, or one made from the field's pattern. */
function validUrl(def: FieldDef): string {
  const plain = `https://example.com/${uniq()}`;
  if (fitsPattern(plain, def)) return plain;
  for (let i = 0; i < 200; i += 1) {
    const s = fromPattern(def.pattern as RegExp);
    if (fitsLength(s, def) && fitsPattern(s, def) && URL.canParse(s)) return s;
  }
  throw new Error(`samples: cannot make a URL matching ${String(def.pattern)}`);
}

/** Some row of `target`, inserting a sample one when the table is empty. */
export async function someRowId(knex: Knex, target: EntityDef): Promise<number> {
  const row = await knex(target.table).orderBy('id').first('id');
  if (row) return row.id as number;
  return insertSample(knex, target);
}

/**
 * A valid value for one field, as the database stores it (references as plain ids).
 * Enums take their default (rows are then usually active), else their first value.
 */
export async function sampleValue(knex: Knex, entity: EntityDef, field: string, def: FieldDef): Promise<unknown> {
  switch (def.kind) {
    case 'string':
    case 'text':
    case 'secret':
      return validString(knex, entity, field, def);
    case 'email':
      return `sample.${uniq()}@example.com`;
    case 'phone':
      return `+659${String(counter % 1000).padStart(3, '0')}${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`; // E.164, as phones are stored
    case 'url':
      return validUrl(def);
    case 'integer':
      return Math.min(def.max ?? 1_000_000, Math.max(def.min ?? 0, (counter % 1000) + 1));
    case 'decimal':
      return Math.min(def.max ?? 1_000_000, Math.max(def.min ?? 0, 12.5));
    case 'boolean':
      return def.default ?? true;
    case 'date':
      // In the past: dates of a history (experience) may not lie ahead.
      return '2020-01-15';
    case 'datetime':
      return new Date().toISOString();
    case 'enum':
      return def.choices?.some((c) => c.id === def.default) ? def.default : def.choices?.[0].id;
    case 'json':
      return { sample: uniq() };
    case 'stringList': {
      const size = Math.max(def.min ?? 1, 1);
      const items: string[] = [];
      while (items.length < size)
        items.push(await validString(knex, entity, field, { ...def, min: undefined, max: 255, unique: false }));
      return items;
    }
    case 'enumList':
      return def.choices?.slice(0, Math.max(def.min ?? 1, 1)).map((c) => c.id);
    case 'object':
      return sampleObject(knex, entity, field, def);
    case 'objectList': {
      const items = [];
      for (let i = 0; i < Math.max(def.min ?? 1, 1); i += 1) items.push(await sampleObject(knex, entity, field, def));
      return items;
    }
    case 'ref':
    case 'refList': {
      const id = await someRowId(knex, entityNamed(def.ref as string));
      return def.kind === 'ref' ? id : [id];
    }
    default:
      throw new Error(
        `samples: no sample for ${entity.name}.${field} of kind '${def.kind}'; teach tests/helpers/samples.ts`,
      );
  }
}

/** A nested object with a valid value for each of its declared keys. */
async function sampleObject(
  knex: Knex,
  entity: EntityDef,
  field: string,
  def: FieldDef,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(def.fields ?? {}))
    out[key] = await sampleValue(knex, entity, `${field}.${key}`, { ...inner, unique: false });
  return out;
}

/**
 * Values the declaration alone cannot tell: fields whose valid value depends on another one,
 * as an entity's rules check them (backend/features/talent/candidateRules.ts).
 */
const DEPENDENT_VALUES: Record<string, Record<string, unknown>> = {
  // Free source text belongs to 'other'; an 'unsure' notice period has no option; a CV path is a
  // draft the writer uploaded (POST candidates/cv-data), which a sample cannot make up.
  candidate: {
    source: SOURCE_OPTIONS.values.other,
    noticePeriod: { type: NOTICE_PERIOD_TYPES.unsure, option: null },
    resumePath: null,
    blindResumePath: null,
  },
  // A project's advocate is an admin of type Advocate; the salary range runs upwards; an inactive
  // sample takes no company's free slot.
  project: { advocateId: null, salaryMin: 4000, salaryMax: 6000, status: 3 },
};

/** A complete, valid record for `entity`: every writable field, as the database stores it. */
export async function sampleRecord(
  knex: Knex,
  entity: EntityDef,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const fixed = { ...DEPENDENT_VALUES[entity.name], ...overrides };
  const out: Record<string, unknown> = {};
  for (const [name, def] of writableFields(entity))
    out[name] = name in fixed ? fixed[name] : await sampleValue(knex, entity, name, def);
  // A company user's address is one its company signs in with (schema/rules/companyEmail.ts).
  if (entity.name === 'companyUser' && !('email' in fixed) && out.companyId) {
    const owner = await knex('companies').where('id', out.companyId).first('valid_domains');
    const domain = (owner?.valid_domains as string[] | null | undefined)?.[0];
    if (domain) out.email = `sample.${uniq()}@${domain}`;
  }
  return out;
}

/** One value in the API's shape: references, also inside nested objects, carry their target's id prefix. */
function apiValue(def: FieldDef, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (def.kind === 'ref') return apiId(entityNamed(def.ref as string), value as number);
  if (def.kind === 'refList') return (value as number[]).map((id) => apiId(entityNamed(def.ref as string), id));
  const nested = (item: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(item).map(([key, v]) => [key, def.fields?.[key] ? apiValue(def.fields[key], v) : v]),
    );
  if (def.kind === 'object') return nested(value as Record<string, unknown>);
  if (def.kind === 'objectList') return (value as Record<string, unknown>[]).map(nested);
  return value;
}

/** A record in the API's shape. */
export function toApi(entity: EntityDef, record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).map(([name, value]) => [
      name,
      entity.fields[name] ? apiValue(entity.fields[name], value) : value,
    ]),
  );
}

/** A valid create payload for the API. */
export async function samplePayload(
  knex: Knex,
  entity: EntityDef,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  return toApi(entity, await sampleRecord(knex, entity, overrides));
}

/** Inserts a sample row straight into the table (for set-up, not for testing writes) and returns its id. */
export async function insertSample(
  knex: Knex,
  entity: EntityDef,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const record = await sampleRecord(knex, entity, overrides);
  const json = ['json', 'object', 'objectList'];
  const row = Object.fromEntries(
    Object.entries(record).map(([name, value]) => [
      columnOf(name),
      json.includes(entity.fields[name].kind) ? JSON.stringify(value) : value,
    ]),
  );
  for (const [name, def] of Object.entries(entity.fields)) {
    const from = def.derivedFrom;
    if (from)
      row[columnOf(name)] = ((record[from.field] as Record<string, unknown>[] | undefined) ?? []).map(
        (item) => item[from.key],
      );
  }
  for (const [name, def] of Object.entries(entity.fields)) {
    // A required value the API does not take (an erasure request's candidate, a log row's candidate and action, a
    // consent's answer, a retention run's counts, a correction's field) is sampled as the API's own would be: a
    // reference points at a row.
    if (
      !isWritable(def) &&
      def.required &&
      def.default === undefined &&
      def.dbDefault === undefined &&
      ['ref', 'integer', 'enum', 'boolean', 'string', 'text', 'json'].includes(def.kind) &&
      !(columnOf(name) in row)
    ) {
      const value = await sampleValue(knex, entity, name, def);
      row[columnOf(name)] = json.includes(def.kind) ? JSON.stringify(value) : value;
    }
    if (
      !isWritable(def) &&
      def.required &&
      def.default === undefined &&
      def.dbDefault === undefined &&
      !(columnOf(name) in row)
    ) {
      throw new Error(`samples: ${entity.name}.${name} is required but not writable; insert it yourself`);
    }
  }
  try {
    const [inserted] = await knex(entity.table).insert(row).returning('id');
    return inserted.id as number;
  } catch (err) {
    // A row only the product writes may be unique per reference (one consent per candidate and purpose): a
    // reference of its own, sampled fresh, makes it new.
    const refs = Object.entries(entity.fields).filter(
      ([name, def]) => !isWritable(def) && def.kind === 'ref' && !(name in overrides),
    );
    if ((err as { code?: string }).code !== '23505' || !refs.length) throw err;
    for (const [name, def] of refs) row[columnOf(name)] = await insertSample(knex, entityNamed(def.ref as string));
    const [inserted] = await knex(entity.table).insert(row).returning('id');
    return inserted.id as number;
  }
}

export async function rowCount(knex: Knex, entity: EntityDef): Promise<number> {
  const [{ n }] = await knex(entity.table).count({ n: '*' });
  return Number(n);
}
