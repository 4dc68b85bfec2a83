/**
 * One candidate checked exactly as the API checks it, without a request: the declaration's
 * validator (validateRecord, validateChildren), the cross-field rules of candidateRules.ts and the
 * reference check, all problems collected at once. Used by the bulk importer and the generators.
 */
import { entity } from '../../../../schema';
import { validateChildren, type ChildWrite } from '../../../crud/children';
import { missingRefsIn, type IdSets } from '../../../crud/refs';
import { validateRecord } from '../../../crud/validate';
import { AppError, type FieldErrors } from '../../../errors';
import { candidateRules, educationRules, experienceRules, todayOf, type Today } from '../../../../schema/rules/candidate';

const candidate = entity('candidate');
const RULES: Record<string, typeof experienceRules> = { candidateExperience: experienceRules, candidateEducation: educationRules };

export interface CheckedCandidate {
  data: Record<string, unknown>;
  children: ChildWrite[];
}

export interface CheckOptions {
  /** The stored row (camelCase) when the email already exists: the check is then an update. */
  existing?: Record<string, unknown>;
  /** The ids of every lookup a candidate refers to (preloadIds with CANDIDATE_REF_ENTITIES). */
  refs: IdSets;
  today?: Today;
  /** Hears every referenced id that exists, for locking them before a bulk write. */
  onRef?: (entityName: string, id: number) => void;
}

function collect(errors: FieldErrors, run: () => void): void {
  try {
    run();
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 400) throw err;
    Object.assign(errors, err.fields ?? { row: err.code });
  }
}

export function checkCandidate(input: Record<string, unknown>, options: CheckOptions): CheckedCandidate | { errors: FieldErrors } {
  const today = options.today ?? todayOf();
  const errors: FieldErrors = {};
  let data: Record<string, unknown> = {};
  let children: ChildWrite[] = [];
  collect(errors, () => (data = validateRecord(candidate, input, options.existing ? 'update' : 'create')));
  collect(errors, () => (children = validateChildren(candidate, input)));
  if (Object.keys(errors).length) return { errors };

  Object.assign(errors, candidateRules(data, options.existing ?? {}, today));
  Object.assign(errors, missingRefsIn(candidate, data, options.refs, true, options.onRef));
  for (const { name, entity: child, items } of children) {
    const rules = RULES[child.name];
    for (let index = 0; index < items.length; index += 1) {
      const item = items[index];
      const found = { ...rules?.(item, {}, today), ...missingRefsIn(child, item, options.refs, true, options.onRef) };
      for (const field in found) errors[`${name}.${index}.${field}`] = `${name}.${found[field]}`;
    }
  }
  return Object.keys(errors).length ? { errors } : { data, children };
}

/** Every lookup a candidate refers to, for preloadIds. */
export const CANDIDATE_REF_ENTITIES = ['city', 'citizenship', 'jobTitle', 'skill', 'language', 'tag', 'admin', 'country', 'industry'];
