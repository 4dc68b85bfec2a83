/**
 * The rules of company self sign-up, invitations and the portal's account forms (spec section 5),
 * as zod schemas whose failures are the message keys the API answers. One module for both sides:
 * the server checks requests with it (backend/features/signup/validation.ts adds what only the
 * database knows: taken addresses, existing countries), the portal checks its forms with it
 * before sending (portal/components/validation.ts).
 */
import { z } from 'zod';
import { company, SOURCE_OPTIONS } from '../entities/company';
import { companyUser } from '../entities/companyUser';
import { normaliseEmail } from '../lib/email';
import { EMAIL_PATTERN } from '../lib/fields';
import { recordSchema } from './entitySchemas';
import { phoneProblem } from './phone';

/** Free and test mail providers (spec section 5): a company signs up with its own domain. */
export const FREE_EMAIL_PROVIDERS = [
  'gmail',
  'yahoo',
  'outlook',
  'hotmail',
  'msn',
  'live',
  'mailinator',
  'aol',
  'test',
];
export const MAX_INVITES = 10;
/** A colleague is invited as Admin (1) or Member (2). */
export const INVITE_ROLES = [1, 2];
const DOMAIN_PATTERN = company.fields.validDomains.pattern as RegExp;

/** The domain part of an email, lower-cased ('' when there is none). */
export function domainOf(email: string): string {
  const s = email.trim().toLowerCase();
  const at = s.lastIndexOf('@');
  return at < 0 ? '' : s.slice(at + 1);
}

/** yahoo.co.uk and mail.test are free or test domains as much as gmail.com is. */
export const isBusinessDomain = (domain: string) =>
  !domain
    .toLowerCase()
    .split('.')
    .some((label) => FREE_EMAIL_PROVIDERS.includes(label));

/** The first problem of a value as its message key, or undefined when the value is fine. */
export function problemOf(schema: z.ZodType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0].message;
}

/** Text that must be given. */
export const requiredText = (field: string) =>
  z
    .string({ error: `${field}.errors.required` })
    .trim()
    .min(1, `${field}.errors.required`);

/** An email address that must be given (trimmed), and one normaliseEmail does not refuse. */
export const emailAddress = (field = 'email') =>
  z
    .string({ error: `${field}.errors.required` })
    .trim()
    .min(1, `${field}.errors.required`)
    .regex(EMAIL_PATTERN, 'email.errors.invalid')
    .refine((e) => normaliseEmail(e) !== undefined, 'email.errors.invalid');

/** A company signs up with an address of its own domain, not a free mail provider's. */
export const businessEmail = () =>
  emailAddress().refine((e) => !EMAIL_PATTERN.test(e) || isBusinessDomain(domainOf(e)), 'email.errors.businessEmail');

/** A phone number (schema/validation/phone.ts), required or not; a national one is read in `country` when known. */
export const phoneNumber = (required = true, country?: string | null) =>
  z
    .string()
    .trim()
    .superRefine((s, ctx) => {
      if (!s) {
        if (required) ctx.addIssue({ code: 'custom', message: 'phone.errors.required' });
      } else {
        // Without a country (the sign-up forms) a national number is asked for with its country code.
        const problem = phoneProblem(s, country);
        if (problem) ctx.addIssue({ code: 'custom', message: `phone.errors.${problem}` });
      }
    });

/** A verification code: given, and complete (6 digits). */
export const verificationCode = () =>
  z
    .string()
    .min(1, 'portal.validation.codeRequired')
    .regex(/^\d{6}$/, 'portal.validation.codeIncomplete');

/** A company's email domains: at least one, well formed, business domains, including the signer's own. */
export const companyDomains = (ownerEmail?: string) =>
  z.array(z.string()).superRefine((domains, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (!domains.length) problem('validDomains.errors.required');
    else if (!domains.every((d) => DOMAIN_PATTERN.test(d))) problem('validDomains.errors.invalid');
    else if (!domains.every(isBusinessDomain)) problem('validDomains.errors.businessDomain');
    else if (ownerEmail && !domains.includes(domainOf(ownerEmail)))
      problem('validDomains.errors.mustIncludeEmailDomain');
  });

type Body = Record<string, unknown>;
const bodyOf = (raw: unknown): Body => (raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Body) : {});
const blank = (v: unknown) => typeof v !== 'string' || !v.trim();

export const PERSON_FIELDS = new Set(['firstName', 'lastName', 'email', 'phone', 'jobTitle']);

/** A company user's own details (sign-up step 1, invitation completion), by the company user's declaration. */
export const personSchema = () => recordSchema(companyUser, { mode: 'create', writable: PERSON_FIELDS });

/**
 * Sign-up step 1: the person, terms agreed, a business email. Whether the address already has an
 * account is not said here (that would tell anyone who asks).
 */
export const stepOneSchema = () =>
  z.unknown().transform((raw, ctx) => {
    const body = bodyOf(raw);
    if (body.agreeTerms !== true && body.agreeTerms !== 'true')
      ctx.addIssue({ code: 'custom', message: 'agreeTerms.errors.required', path: ['agreeTerms'] });
    if (
      typeof body.email === 'string' &&
      EMAIL_PATTERN.test(body.email.trim()) &&
      !isBusinessDomain(domainOf(body.email))
    ) {
      ctx.addIssue({ code: 'custom', message: 'email.errors.businessEmail', path: ['email'] });
    }
    const person = personSchema().safeParse(raw);
    if (!person.success)
      for (const issue of person.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path as PropertyKey[] });
    return person.data ?? z.NEVER;
  });

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

/** Sign-up step 2: the company's details, by the company's declaration, with the lists sign-up requires. */
export const companyStepSchema = () =>
  z.unknown().transform((raw, ctx) => {
    const body = bodyOf(raw);
    const problem = (field: string) =>
      ctx.addIssue({ code: 'custom', message: `${field}.errors.required`, path: [field] });
    // Lists default to empty on the entity, so sign-up's 'required' is checked here.
    if (!Array.isArray(body.countries) || body.countries.length === 0) problem('countries');
    if (!Array.isArray(body.validDomains) || body.validDomains.length === 0) problem('validDomains');
    if (Number(body.companySource) === SOURCE_OPTIONS.values.other && blank(body.companySourceOther))
      problem('companySourceOther');
    const details = recordSchema(company, { mode: 'create', writable: COMPANY_FIELDS }).safeParse(raw);
    if (!details.success)
      for (const issue of details.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path as PropertyKey[] });
    return details.data ?? z.NEVER;
  });

export interface Invite {
  email: string;
  role: number;
  firstName?: string | null;
  lastName?: string | null;
}

type IndexedInvite = Invite & { index: number };

/**
 * Sign-up step 3's colleagues (the body's `invites`): up to 10, valid emails in the company's
 * domains, no duplicates, the owner not among them, role Admin or Member. Problems are keyed
 * 'invites' and 'invites.<index>.email' / '.role'; each good invite keeps the `index` it was sent at.
 */
export function checkInvites(
  raw: unknown,
  domains: string[],
  ownerEmail: string,
): { invites: IndexedInvite[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const invites: IndexedInvite[] = [];
  if (raw === undefined || raw === null) return { invites, errors };
  if (!Array.isArray(raw)) return { invites, errors: { invites: 'invites.errors.invalid' } };
  if (raw.length > MAX_INVITES) return { invites, errors: { invites: 'invites.errors.tooMany' } };
  const taken = new Set([ownerEmail]);
  raw.forEach((value, index) => {
    const item = bodyOf(value);
    const email = typeof item.email === 'string' ? (normaliseEmail(item.email) ?? '@') : '';
    const emailField = `invites.${index}.email`;
    const roleField = `invites.${index}.role`;
    if (!email) errors[emailField] = 'email.errors.required';
    else if (!EMAIL_PATTERN.test(email) || email.length > 254) errors[emailField] = 'email.errors.invalid';
    else if (!domains.includes(domainOf(email))) errors[emailField] = 'email.errors.notInValidDomains';
    else if (taken.has(email)) errors[emailField] = 'email.errors.duplicate';
    if (item.role === undefined || item.role === null || item.role === '') errors[roleField] = 'role.errors.required';
    else if (!INVITE_ROLES.includes(Number(item.role))) errors[roleField] = 'role.errors.invalid';
    if (errors[emailField] || errors[roleField]) return;
    taken.add(email);
    invites.push({ email, role: Number(item.role), index });
  });
  return { invites, errors };
}

/** checkInvites as a schema of the `invites` list. */
export const invitesSchema = (domains: string[], ownerEmail: string) =>
  z.unknown().transform((raw, ctx) => {
    const { invites, errors } = checkInvites(raw, domains, ownerEmail);
    for (const [field, message] of Object.entries(errors))
      ctx.addIssue({ code: 'custom', message, path: field.split('.') });
    return invites;
  });
