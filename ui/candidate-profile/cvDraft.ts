/**
 * A parsed CV's draft laid over the form's values: what the CV gave fills in, what it did not
 * keeps its value. Returns the merged values and the names of the fields filled, so the screen can
 * say what came from the CV and what is still missing.
 */
import type { CvUpload } from './cvFiles';
import { itemValueOf, type FormValues } from './profileFields';

const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'linkedInUrl',
  'githubUrl',
  'stackoverflowUrl',
  'dribbbleUrl',
  'portfolioUrl',
  'summary',
] as const;

export interface DraftResult {
  values: FormValues;
  filled: string[];
}

export function applyCvDraft(values: FormValues, upload: CvUpload): DraftResult {
  const { draft } = upload;
  const next: FormValues = { ...values, resumePath: upload.newCvFilePathToDb };
  const filled: string[] = [];
  for (const name of TEXT_FIELDS) {
    const value = draft[name];
    if (typeof value === 'string' && value.trim()) {
      next[name] = value;
      filled.push(name);
    }
  }
  if (draft.currentLocationId !== null) {
    next.currentLocationId = draft.currentLocationId;
    filled.push('currentLocationId');
  }
  if (draft.jobTitleLookingFor.length) {
    next.jobTitleLookingFor = draft.jobTitleLookingFor;
    filled.push('jobTitleLookingFor');
  }
  if (draft.skills.length) {
    next.skills = draft.skills.map((s) => ({ skillId: s.skillId, isStar: s.isStar }));
    filled.push('skills');
  }
  if (draft.experiences.length) {
    next.experiences = draft.experiences.map((e) => itemValueOf('experiences', e));
    filled.push('experiences');
  }
  if (draft.educations.length) {
    next.educations = draft.educations.map((e) => itemValueOf('educations', e));
    filled.push('educations');
  }
  return { values: next, filled };
}
