/**
 * One candidate checked exactly the same way wherever it comes from: the declaration's validator
 * (validateRecord, validateChildren), the cross-field rules of schema/rules/candidate.ts and the
 * reference check, all problems collected at once. The API checks against the database
 * (referencedIds), the bulk importer and the generators against preloaded id sets.
 */
import type { Knex } from 'knex';
import { entity, type EntityDef } from '../../../schema';
import { candidateRules, educationRules, experienceRules, todayOf, type Today } from '../../../schema/rules/candidate';
import { validateChildren, type ChildWrite } from '../../crud/children';
import { existingInDatabase, missingRefs, missingRefsIn, type ExistingIds, type IdSets } from '../../crud/refs';
import { validateRecord } from '../../crud/validate';
import { AppError, type FieldErrors } from '../../errors';

const candidate = entity('candidate');
const RULES: Record<string, typeof experienceRules> = {
  candidateExperience: experienceRules,
  candidateEducation: educationRules,
};

export interface CheckedCandidate {
  data: Record<string, unknown>;
  children: ChildWrite[];
}

export interface CheckOptions {
  /** The stored row (camelCase) when the candidate already exists: the check is then an update. */
  existing?: Record<string, unknown>;
  /** The ids of every lookup the candidate refers to (preloadIds with CANDIDATE_REF_ENTITIES, or referencedIds). */
  refs: IdSets;
  today?: Today;
  /** Hears every referenced id that exists, for locking them before a bulk write. */
  onRef?: (entityName: string, id: number) => void;
  /** The country (ISO code) a national phone number is read in: the candidate's current location's. */
  phoneCountry?: string;
}

function collect(errors: FieldErrors, run: () => void): void {
  try {
    run();
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 400) throw err;
    Object.assign(errors, err.fields ?? { row: err.code });
  }
}

/**
 * The rules of a validated candidate and its child lists: cross-field rules (which also write the
 * values they imply, e.g. a current position ends today) and references to existing rows.
 */
export function candidateProblems(checked: CheckedCandidate, options: CheckOptions): FieldErrors {
  const today = options.today ?? todayOf();
  const errors: FieldErrors = {};
  Object.assign(errors, candidateRules(checked.data, options.existing ?? {}, today));
  Object.assign(errors, missingRefsIn(candidate, checked.data, options.refs, true, options.onRef));
  for (const { name, entity: child, items } of checked.children) {
    const rules = RULES[child.name];
    for (let index = 0; index < items.length; index += 1) {
      const item = items[index];
      const found = { ...rules?.(item, {}, today), ...missingRefsIn(child, item, options.refs, true, options.onRef) };
      for (const field in found) errors[`${name}.${index}.${field}`] = `${name}.${found[field]}`;
    }
  }
  return errors;
}

/** Validates raw input and applies candidateProblems: what the import and the generators call. */
export function checkCandidate(
  input: Record<string, unknown>,
  options: CheckOptions,
): CheckedCandidate | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  let data: Record<string, unknown> = {};
  let children: ChildWrite[] = [];
  collect(
    errors,
    () =>
      (data = validateRecord(
        candidate,
        input,
        options.existing ? 'update' : 'create',
        undefined,
        options.phoneCountry,
      )),
  );
  collect(errors, () => (children = validateChildren(candidate, input)));
  if (Object.keys(errors).length) return { errors };
  Object.assign(errors, candidateProblems({ data, children }, options));
  return Object.keys(errors).length ? { errors } : { data, children };
}

/** The id sets a checked candidate needs, read from the database for just the ids it names. */
export async function referencedIds(knex: Knex, checked: CheckedCandidate): Promise<IdSets> {
  const wanted = new Map<string, Set<number>>();
  const note: ExistingIds = async (name, ids) => {
    const set = wanted.get(name) ?? new Set<number>();
    for (const id of ids) set.add(id);
    wanted.set(name, set);
    return new Set(ids);
  };
  const parts: [EntityDef, Record<string, unknown>][] = [[candidate, checked.data]];
  for (const { entity: child, items } of checked.children) for (const item of items) parts.push([child, item]);
  for (const [e, data] of parts) await missingRefs(e, data, note, true);
  const found = existingInDatabase(knex);
  const sets = new Map<string, Set<number>>();
  for (const [name, ids] of wanted) sets.set(name, await found(name, [...ids]));
  return sets;
}

/** Every lookup a candidate refers to, for preloadIds. */
export const CANDIDATE_REF_ENTITIES = [
  'city',
  'citizenship',
  'jobTitle',
  'skill',
  'language',
  'tag',
  'admin',
  'country',
  'industry',
];
