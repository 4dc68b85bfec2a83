/**
 * The candidate profile form's shape, read from the schema: which fields a form edits (all an
 * admin may write, or the candidate's own), and the conversions between API records and form
 * values (text inputs hold strings, empty choices hold '' or null) in both directions.
 */
import { candidate as candidateEntity, CANDIDATE_SELF_FIELDS } from '../../schema/entities/candidate';
import { candidateEducation } from '../../schema/entities/candidateEducation';
import { candidateExperience } from '../../schema/entities/candidateExperience';
import type { EntityDef, FieldDef } from '../../schema/lib/types';
import { localToday } from '../../schema/rules/candidate';

/** The candidate declaration, read by field name. */
export const candidate: EntityDef = candidateEntity;

export type FormValues = Record<string, unknown>;
export type Item = Record<string, unknown>;

/** Who edits: an admin in the console, or the candidate on their own page. */
export type Editor = 'admin' | 'candidate';

/** The child lists written with the profile, each with the entity of its items. */
export const CHILD_LISTS: Record<'experiences' | 'educations', EntityDef> = {
  experiences: candidateExperience,
  educations: candidateEducation,
};

const writable = (def: FieldDef) => !def.readOnly && !def.hidden && def.kind !== 'secret';

/** The candidate's fields a form edits. Email is changed by its own confirmation flow on the candidate's page. */
export function editableFields(editor: Editor): string[] {
  const names = editor === 'admin' ? Object.keys(candidate.fields) : CANDIDATE_SELF_FIELDS;
  return names.filter((name) => writable(candidate.fields[name]) && name !== 'profilePic');
}

/** The fields of a child list's items a form edits (the parent link and ids are the server's). */
export const itemFields = (list: keyof typeof CHILD_LISTS): string[] =>
  Object.keys(CHILD_LISTS[list].fields).filter(
    (name) => writable(CHILD_LISTS[list].fields[name]) && name !== 'candidateId',
  );

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A stored value as the form holds it. Booleans without a default stay tri-state (null = not given). */
export function formValueOf(def: FieldDef, value: unknown): unknown {
  switch (def.kind) {
    case 'boolean':
      if (value === null || value === undefined) return def.default === undefined ? null : Boolean(def.default);
      return Boolean(value);
    case 'enum':
      return value === null || value === undefined ? (def.default ?? '') : value;
    case 'ref':
      return value ?? null;
    case 'refList':
    case 'enumList':
    case 'stringList':
      return Array.isArray(value) ? value : [];
    case 'object':
      return objectValueOf(def.fields ?? {}, value);
    case 'objectList':
      return Array.isArray(value) ? value.map((item) => objectValueOf(def.fields ?? {}, item)) : [];
    case 'date':
      return isBlank(value) ? '' : String(value).slice(0, 10);
    default:
      return isBlank(value) ? (def.default !== undefined ? String(def.default) : '') : String(value);
  }
}

function objectValueOf(fields: Record<string, FieldDef>, value: unknown): Item {
  const source = (value && typeof value === 'object' ? value : {}) as Item;
  return Object.fromEntries(Object.entries(fields).map(([key, sub]) => [key, formValueOf(sub, source[key])]));
}

/** A form value as the API takes it: trimmed text, numbers, null for empty. Unparsable numbers go as typed, so the server names the problem too. */
export function apiValueOf(def: FieldDef, value: unknown): unknown {
  switch (def.kind) {
    case 'boolean':
      return value === null || value === undefined || value === '' ? null : value === true || value === 'true';
    case 'integer':
    case 'decimal': {
      if (isBlank(value)) return null;
      const text = String(value).trim().replace(/,/g, '');
      return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    }
    case 'enum':
      return isBlank(value) ? null : Number(value);
    case 'ref':
      return isBlank(value) ? null : value;
    case 'refList':
    case 'enumList':
    case 'stringList':
      return Array.isArray(value) ? value : [];
    case 'object': {
      const out = apiObjectOf(def.fields ?? {}, value);
      return Object.values(out).every((v) => v === null) ? null : out;
    }
    case 'objectList':
      return Array.isArray(value) ? value.map((item) => apiObjectOf(def.fields ?? {}, item)) : [];
    default:
      return isBlank(value) ? null : String(value).trim();
  }
}

function apiObjectOf(fields: Record<string, FieldDef>, value: unknown): Item {
  const source = (value && typeof value === 'object' ? value : {}) as Item;
  return Object.fromEntries(Object.entries(fields).map(([key, sub]) => [key, apiValueOf(sub, source[key])]));
}

/** A child item (experience, education) as the form holds it. */
export function itemValueOf(list: keyof typeof CHILD_LISTS, item: unknown = {}): Item {
  const source = (item ?? {}) as Item;
  const fields = CHILD_LISTS[list].fields;
  return Object.fromEntries(itemFields(list).map((name) => [name, formValueOf(fields[name], source[name])]));
}

/** The form's values for a stored profile (or an empty one). */
export function toFormValues(record: Item | undefined, editor: Editor): FormValues {
  const source = record ?? {};
  const values: FormValues = {};
  for (const name of editableFields(editor)) values[name] = formValueOf(candidate.fields[name], source[name]);
  for (const list of Object.keys(CHILD_LISTS) as (keyof typeof CHILD_LISTS)[]) {
    values[list] = Array.isArray(source[list])
      ? (source[list] as unknown[]).map((item) => itemValueOf(list, item))
      : [];
  }
  // Shown (not edited) by the candidate: it decides whether the Hong Kong fields appear.
  values.isSpecialHkCandidate = source.isSpecialHkCandidate === true;
  if (record?.id !== undefined) values.id = record.id;
  return values;
}

/** Ids of lookup rows (cities, skills, ...) by the entity they belong to. */
export type ReferencedIds = Map<string, Set<string | number>>;

function collectRefs(fields: Record<string, FieldDef>, names: string[], source: Item, into: ReferencedIds): void {
  const add = (ref: string | undefined, id: unknown) => {
    if (!ref || (typeof id !== 'string' && typeof id !== 'number') || id === '') return;
    const ids = into.get(ref) ?? new Set();
    into.set(ref, ids.add(id));
  };
  for (const name of names) {
    const def = fields[name];
    const value = source[name];
    if (def.kind === 'ref') add(def.ref, value);
    else if (def.kind === 'refList' && Array.isArray(value)) value.forEach((id) => add(def.ref, id));
    else if (def.kind === 'objectList' && Array.isArray(value) && def.fields)
      for (const item of value) collectRefs(def.fields, Object.keys(def.fields), (item ?? {}) as Item, into);
  }
}

/**
 * The lookup rows a form's values point at, by entity: the editor's refs and lists of refs, and those inside its
 * object lists (preferred places, skills, languages) and child lists (each experience's country and industry).
 * What the form's pickers will show names for on their first draw.
 */
export function referencedIds(values: FormValues, editor: Editor): ReferencedIds {
  const into: ReferencedIds = new Map();
  collectRefs(candidate.fields, editableFields(editor), values, into);
  for (const list of Object.keys(CHILD_LISTS) as (keyof typeof CHILD_LISTS)[])
    for (const item of (values[list] ?? []) as Item[])
      collectRefs(CHILD_LISTS[list].fields, itemFields(list), item, into);
  return into;
}

/**
 * The write the API takes for the form's values: the editor's fields, the child lists, nothing else; a current
 * position's end is `today`, the candidate's own day.
 */
export function toPayload(values: FormValues, editor: Editor, today = localToday()): FormValues {
  const payload: FormValues = {};
  for (const name of editableFields(editor)) payload[name] = apiValueOf(candidate.fields[name], values[name]);
  for (const list of Object.keys(CHILD_LISTS) as (keyof typeof CHILD_LISTS)[]) {
    const fields = CHILD_LISTS[list].fields;
    const items = Array.isArray(values[list]) ? (values[list] as Item[]) : [];
    payload[list] = items.map((item) => {
      const out = Object.fromEntries(itemFields(list).map((name) => [name, apiValueOf(fields[name], item[name])]));
      // A current position ends today: the candidate's own day, which the server keeps (schema/rules/candidate.ts).
      if (out.currentPosition === true && 'endDate' in out) out.endDate = today.date;
      return out;
    });
  }
  return payload;
}
