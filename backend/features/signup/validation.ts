/**
 * The rules of company self sign-up, as pure checks over request bodies: every problem is reported
 * at once as a field error, and nothing is written until all of a step's input is valid.
 */
import type { Knex } from 'knex';
import type { FieldErrors } from '../../errors';
import { AppError, badRequest } from '../../errors';
import { company } from '../../../schema/entities/company';
import { companyUser } from '../../../schema/entities/companyUser';
import { EMAIL_PATTERN } from '../../../schema';
import { validateRecord } from '../../crud/validate';
import { emailTaken } from '../../auth/accounts';

/** Free and test mail providers (spec section 5): a company signs up with its own domain. */
export const FREE_EMAIL_PROVIDERS = ['gmail', 'yahoo', 'outlook', 'hotmail', 'msn', 'live', 'mailinator', 'aol', 'test'];
export const MAX_INVITES = 10;
export const INVITE_ROLES = [1, 2];
/** companySource 'Other' (8) takes free text, which is cleared for every other choice. */
const SOURCE_OTHER = 8;

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** yahoo.co.uk and mail.test are free or test domains as much as gmail.com is. */
export function isBusinessDomain(domain: string): boolean {
  return !domain
    .toLowerCase()
    .split('.')
    .some((label) => FREE_EMAIL_PROVIDERS.includes(label));
}

/** Runs validators that throw field errors and reports all their fields together. */
export function collect(...checks: (() => void)[]): void {
  const fields: FieldErrors = {};
  for (const check of checks) {
    try {
      check();
    } catch (err) {
      if (err instanceof AppError && err.status === 400 && err.fields) Object.assign(fields, err.fields);
      else throw err;
    }
  }
  if (Object.keys(fields).length) throw badRequest(fields);
}

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  jobTitle: string;
}

const PERSON_FIELDS = new Set(['firstName', 'lastName', 'email', 'phone', 'jobTitle']);

/** A company user's own details (sign-up step 1, invitation completion). */
export function validatePerson(body: unknown, extra: (errors: FieldErrors) => void = () => {}): Person {
  let person: Person | undefined;
  collect(
    () => (person = validateRecord(companyUser, body, 'create', PERSON_FIELDS) as unknown as Person),
    () => {
      const errors: FieldErrors = {};
      extra(errors);
      if (Object.keys(errors).length) throw badRequest(errors);
    },
  );
  return person as Person;
}

/**
 * Step 1: the person, terms agreed, a business email. Whether the address already has an account
 * is not said here (that would tell anyone who asks): its owner is emailed instead of a code.
 */
export function validateStepOne(body: Record<string, unknown>): Person {
  return validatePerson(body, (errors) => {
    if (body.agreeTerms !== true && body.agreeTerms !== 'true') errors.agreeTerms = 'agreeTerms.errors.required';
    if (typeof body.email === 'string' && EMAIL_PATTERN.test(body.email.trim()) && !isBusinessDomain(domainOf(body.email.trim()))) {
      errors.email = 'email.errors.businessEmail';
    }
  });
}

const COMPANY_FIELDS = new Set([
  'companyName',
  'legalEntityName',
  'companyRegistrationNumber',
  'address',
  'countries',
  'validDomains',
  'companySource',
  'companySourceOther',
]);

export interface CompanyDetails {
  companyName: string;
  legalEntityName: string;
  companyRegistrationNumber: string;
  address: string;
  countries: number[];
  validDomains: string[];
  companySource: number | null;
  companySourceOther: string | null;
}

/** Step 2: the company; its valid domains are business domains and include the owner's. */
export async function validateStepTwo(knex: Knex, body: Record<string, unknown>, ownerEmail: string): Promise<CompanyDetails> {
  let data: Record<string, unknown> = {};
  collect(
    () => (data = validateRecord(company, body, 'create', COMPANY_FIELDS)),
    () => {
      const errors: FieldErrors = {};
      if (!Array.isArray(body.countries) || body.countries.length === 0) errors.countries = 'countries.errors.required';
      // Lists default to empty on the entity, so 'required' is checked here.
      if (!Array.isArray(body.validDomains) || body.validDomains.length === 0) errors.validDomains = 'validDomains.errors.required';
      if (Number(body.companySource) === SOURCE_OTHER && (typeof body.companySourceOther !== 'string' || !body.companySourceOther.trim())) {
        errors.companySourceOther = 'companySourceOther.errors.required';
      }
      if (Object.keys(errors).length) throw badRequest(errors);
    },
  );
  const domains = data.validDomains as string[];
  const errors: FieldErrors = {};
  if (domains.some((d) => !isBusinessDomain(d))) errors.validDomains = 'validDomains.errors.businessDomain';
  else if (!domains.includes(domainOf(ownerEmail))) errors.validDomains = 'validDomains.errors.mustIncludeEmailDomain';
  const countries = data.countries as number[];
  const found = await knex('countries').whereIn('id', countries).count({ n: '*' });
  if (Number(found[0].n) !== countries.length) errors.countries = 'countries.errors.notFound';
  if (Object.keys(errors).length) throw badRequest(errors);
  return {
    companyName: data.companyName as string,
    legalEntityName: data.legalEntityName as string,
    companyRegistrationNumber: data.companyRegistrationNumber as string,
    address: data.address as string,
    countries,
    validDomains: domains,
    companySource: (data.companySource as number | undefined) ?? null,
    companySourceOther: data.companySource === SOURCE_OTHER ? ((data.companySourceOther as string | undefined) ?? null) : null,
  };
}

export interface Invite {
  email: string;
  role: number;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * Colleagues to invite: valid emails in the company's valid domains, no duplicates, nobody who
 * already has an account, role Admin (1) or Member (2). Field names are `<prefix>email` and `<prefix>role`.
 */
export async function validateInvite(knex: Knex, raw: unknown, domains: string[], prefix = '', taken: Set<string> = new Set()): Promise<Invite> {
  const errors: FieldErrors = {};
  const item = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const email = typeof item.email === 'string' ? item.email.trim().toLowerCase() : '';
  const role = Number(item.role);
  if (!email) errors[`${prefix}email`] = 'email.errors.required';
  else if (!EMAIL_PATTERN.test(email) || email.length > 254) errors[`${prefix}email`] = 'email.errors.invalid';
  else if (!domains.includes(domainOf(email))) errors[`${prefix}email`] = 'email.errors.notInValidDomains';
  else if (taken.has(email)) errors[`${prefix}email`] = 'email.errors.duplicate';
  else if (await emailTaken(knex, email)) errors[`${prefix}email`] = 'email.errors.exists';
  if (item.role === undefined || item.role === null || item.role === '') errors[`${prefix}role`] = 'role.errors.required';
  else if (!INVITE_ROLES.includes(role)) errors[`${prefix}role`] = 'role.errors.invalid';
  if (Object.keys(errors).length) throw badRequest(errors);
  taken.add(email);
  return { email, role };
}

/** Step 3: up to 10 colleagues, all checked before anything is written. */
export async function validateInvites(knex: Knex, raw: unknown, domains: string[], ownerEmail: string): Promise<Invite[]> {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw badRequest({ invites: 'invites.errors.invalid' });
  if (raw.length > MAX_INVITES) throw badRequest({ invites: 'invites.errors.tooMany' });
  const taken = new Set([ownerEmail]);
  const invites: Invite[] = [];
  const fields: FieldErrors = {};
  for (const [i, item] of raw.entries()) {
    try {
      invites.push(await validateInvite(knex, item, domains, `invites.${i}.`, taken));
    } catch (err) {
      if (err instanceof AppError && err.fields) Object.assign(fields, err.fields);
      else throw err;
    }
  }
  if (Object.keys(fields).length) throw badRequest(fields);
  return invites;
}
