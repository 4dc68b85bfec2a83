/**
 * The project form's values, its checks (spec section 5: project name, job title, owner, country,
 * job description, expected monthly salary and headcount are required; salary from ≤ to) and the
 * request body it becomes. Pure, so the add modal and the settings panel share one set of rules.
 */
import type { DateTimeSlot, ProjectFields } from '../../api/projects';
import { DOCUMENT_MAX_BYTES } from '../../../schema/rules/documents';

export interface Option {
  id: string;
  label: string;
}

export interface CompanyOption extends Option {
  companyType?: number;
}

/** Company type of RaaS companies (spec section 4: normal 2, RaaS 4). */
export const RAAS_COMPANY_TYPE = 4;
export const PLAN = { free: 1, power: 2 } as const;
export const REQUIREMENT_VALUES = [0, 1, 2] as const;
export const WORKING_MODES = [1, 2, 3] as const;
export const NOTICE_PERIODS = [0, 1, 2, 3] as const;
export const CURRENCIES = ['SGD', 'USD', 'EUR', 'GBP', 'HKD', 'AUD', 'INR', 'MYR', 'PHP', 'IDR', 'JPY', 'CNY'] as const;
export const HEADCOUNT_MAX = 1000;
export const SALARY_LIMIT = 1_000_000_000;
export const JD_FILE_TYPES = ['.pdf', '.docx'];
export const JD_FILE_MAX_BYTES = DOCUMENT_MAX_BYTES;

export interface ProjectFormValues {
  title: string;
  jobTitle: Option | null;
  countries: Option[];
  /** Admins: the company the project is for (null with `internal`). */
  company: CompanyOption | null;
  /** Admins: an internal project has no company and no owner. */
  internal: boolean;
  owner: Option | null;
  advocate: Option | null;
  plan: number;
  freeProjectConfirmed: boolean;
  projectFor: number;
  requireSponsorVisa: number;
  isRelocate: number;
  workingMode: number | '';
  noticePeriod: number | '';
  languages: Option[];
  headcount: string;
  salaryMin: string;
  salaryMax: string;
  salaryCurrency: string;
  dateTimeSlots: DateTimeSlot[];
  comments: string;
  isConfidential: boolean;
  jobDescription: string;
  jdFile: File | null;
  /** The file already stored (editing). */
  jdFileName: string | null;
  /** The search query saved as the project's filters (save-as-project). */
  filters: string;
}

export const emptyProjectForm = (): ProjectFormValues => ({
  title: '',
  jobTitle: null,
  countries: [],
  company: null,
  internal: false,
  owner: null,
  advocate: null,
  plan: PLAN.free,
  freeProjectConfirmed: false,
  projectFor: 0,
  requireSponsorVisa: 0,
  isRelocate: 0,
  workingMode: '',
  noticePeriod: '',
  languages: [],
  headcount: '1',
  salaryMin: '',
  salaryMax: '',
  salaryCurrency: 'SGD',
  dateTimeSlots: [],
  comments: '',
  isConfidential: false,
  jobDescription: '',
  jdFile: null,
  jdFileName: null,
  filters: '',
});

export interface FormContext {
  isAdmin: boolean;
  /** The plan matters (and the free-project confirmation with it) for RaaS companies' projects. */
  isRaas: boolean;
  /** The admin names the talent advocate (schema/roles.ts appointsAdvocates): else advocateId is not sent. */
  appointsAdvocates?: boolean;
}

const P = 'portal.projectsPortal.errors';

/** Digits of an amount as typed ('12,500' → 12500); undefined when nothing or not a whole number. */
export function amountOf(text: string): number | undefined {
  const plain = text.replace(/[,\s]/g, '');
  if (!plain) return undefined;
  return /^\d{1,10}$/.test(plain) ? Number(plain) : NaN;
}

/** The file's problem, if any: only PDF or DOCX, at most 10 MB. */
export function jdFileError(file: File | null): string | undefined {
  if (!file) return undefined;
  const name = file.name.toLowerCase();
  if (!JD_FILE_TYPES.some((ext) => name.endsWith(ext))) return `${P}.jdFileType`;
  if (file.size > JD_FILE_MAX_BYTES) return `${P}.jdFileSize`;
  return undefined;
}

/** The request field a form value's error is keyed by, where the names differ. */
const FIELD_OF: Partial<Record<keyof ProjectFormValues, string>> = {
  jobTitle: 'jobTitleId',
  company: 'companyId',
  owner: 'ownerId',
  advocate: 'advocateId',
  languages: 'requireLanguages',
};

/** The field errors left once `patch` is typed in: each changed field's error goes (a file stands for the typed job description), and a new file is checked at once. */
export function errorsAfterChange(
  errors: Record<string, string>,
  patch: Partial<ProjectFormValues>,
): Record<string, string> {
  const next = { ...errors };
  for (const key of Object.keys(patch) as (keyof ProjectFormValues)[]) {
    delete next[FIELD_OF[key] ?? key];
    if (key === 'jdFile') delete next.jobDescription;
    if (key === 'dateTimeSlots') for (const k of Object.keys(next)) if (k.startsWith('dateTimeSlots.')) delete next[k];
  }
  if ('jdFile' in patch) {
    const fileError = jdFileError(patch.jdFile ?? null);
    if (fileError) next.jdFile = fileError;
  }
  return next;
}

/** Field errors keyed by the request's field names, so the server's field errors land on the same fields. */
export function validateProject(v: ProjectFormValues, ctx: FormContext): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.title.trim()) errors.title = `${P}.titleRequired`;
  else if (v.title.trim().length > 160) errors.title = `${P}.titleTooLong`;
  if (!v.jobTitle) errors.jobTitleId = `${P}.jobTitleRequired`;
  if (!v.countries.length) errors.countries = `${P}.countriesRequired`;
  if (ctx.isAdmin && !v.internal && !v.company) errors.companyId = `${P}.companyRequired`;
  if (!v.internal && !v.owner) errors.ownerId = `${P}.ownerRequired`;
  if (!v.jobDescription.trim() && !v.jdFile && !v.jdFileName) errors.jobDescription = `${P}.jobDescriptionRequired`;
  const fileError = jdFileError(v.jdFile);
  if (fileError) errors.jdFile = fileError;
  const headcount = amountOf(v.headcount);
  if (headcount === undefined) errors.headcount = `${P}.headcountRequired`;
  else if (!Number.isInteger(headcount) || headcount < 1 || headcount > HEADCOUNT_MAX)
    errors.headcount = `${P}.headcountRange`;
  const min = amountOf(v.salaryMin);
  const max = amountOf(v.salaryMax);
  if (min === undefined) errors.salaryMin = `${P}.salaryRequired`;
  else if (Number.isNaN(min) || min > SALARY_LIMIT) errors.salaryMin = `${P}.salaryInvalid`;
  if (max === undefined) errors.salaryMax = `${P}.salaryRequired`;
  else if (Number.isNaN(max) || max > SALARY_LIMIT) errors.salaryMax = `${P}.salaryInvalid`;
  if (errors.salaryMin === undefined && errors.salaryMax === undefined && (min as number) > (max as number))
    errors.salaryMax = `${P}.salaryOrder`;
  if (ctx.isRaas && v.plan === PLAN.free && !v.freeProjectConfirmed)
    errors.freeProjectConfirmed = `${P}.freeConfirmRequired`;
  v.dateTimeSlots.forEach((slot, i) => {
    if (!slot.date || !slot.startTime || !slot.endTime) errors[`dateTimeSlots.${i}`] = `${P}.slotIncomplete`;
    else if (slot.startTime >= slot.endTime) errors[`dateTimeSlots.${i}`] = `${P}.slotOrder`;
  });
  return errors;
}

/** The create/update body of the form's values (the file goes separately, through add-job-description). */
export function projectBody(v: ProjectFormValues, ctx: FormContext): ProjectFields & { filters?: string } {
  const body: ProjectFields & { filters?: string } = {
    title: v.title.trim(),
    jobTitleId: v.jobTitle?.id ?? null,
    countries: v.countries.map((c) => c.id),
    ownerId: v.internal ? null : (v.owner?.id ?? null),
    requireSponsorVisa: v.requireSponsorVisa,
    isRelocate: v.isRelocate,
    workingMode: v.workingMode === '' ? null : v.workingMode,
    noticePeriod: v.noticePeriod === '' ? null : v.noticePeriod,
    requireLanguages: v.languages.map((l) => l.id),
    headcount: amountOf(v.headcount) ?? null,
    salaryMin: amountOf(v.salaryMin) ?? null,
    salaryMax: amountOf(v.salaryMax) ?? null,
    salaryCurrency: v.salaryCurrency,
    dateTimeSlots: v.dateTimeSlots,
    comments: v.comments.trim() || null,
    jobDescription: v.jobDescription.trim() || null,
    projectFor: v.projectFor,
    isConfidential: v.isConfidential,
  };
  if (ctx.isAdmin) {
    body.isAdminProject = v.internal;
    body.companyId = v.internal ? null : (v.company?.id ?? null);
    if (ctx.appointsAdvocates !== false) body.advocateId = v.advocate?.id ?? null;
  }
  if (ctx.isRaas) {
    body.plan = v.plan;
    body.freeProjectConfirmed = v.plan === PLAN.free ? v.freeProjectConfirmed : false;
  }
  if (v.filters) body.filters = v.filters;
  return body;
}

/** Server field errors (by request field name) onto the form's fields: `countries.0` shows under countries. */
export function serverFieldErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, key] of Object.entries(fields)) {
    const base = field.startsWith('dateTimeSlots.') ? field.split('.').slice(0, 2).join('.') : field.split('.')[0];
    out[base] ??= key;
  }
  return out;
}

/** The request fields the form shows errors under; a refusal of any other field is shown above the form. */
export const SHOWN_FIELDS = new Set([
  'title',
  'jobTitleId',
  'countries',
  'companyId',
  'ownerId',
  'advocateId',
  'requireSponsorVisa',
  'isRelocate',
  'workingMode',
  'noticePeriod',
  'requireLanguages',
  'headcount',
  'salaryMin',
  'salaryMax',
  'salaryCurrency',
  'comments',
  'jobDescription',
  'jdFile',
  'freeProjectConfirmed',
]);

/** Message keys of field errors no field of the form shows. */
export function unshownErrors(errors: Record<string, string>): string[] {
  return Object.entries(errors)
    .filter(([field]) => !SHOWN_FIELDS.has(field) && !field.startsWith('dateTimeSlots.'))
    .map(([, key]) => key);
}
