/**
 * The rules of company self sign-up on the server: the shared zod schemas of
 * schema/validation/signup.ts (the portal's forms check the same ones), plus what only the
 * database knows (existing countries). Whether an address has an account is never told here: step 1
 * emails its owner, and invited colleagues who have one are skipped at approval (approval.ts). Every
 * problem is reported at once as a field error, and nothing is written until all of a step's input is valid.
 */
import type { Knex } from 'knex';
import type { z } from 'zod';
import { badRequest, type FieldErrors } from '../../errors';
import { SOURCE_OPTIONS } from '../../../schema/entities/company';
import { fieldErrorsOf } from '../../../schema/validation/issues';
import {
  checkInvites,
  companyDomains,
  companyStepSchema,
  domainOf,
  personSchema,
  problemOf,
  stepOneSchema,
  type Invite,
} from '../../../schema/validation/signup';

export {
  domainOf,
  FREE_EMAIL_PROVIDERS,
  INVITE_ROLES,
  isBusinessDomain,
  MAX_INVITES,
  type Invite,
} from '../../../schema/validation/signup';

/** The parsed value, or the 400 envelope with every field error. */
function parsed<T>(schema: z.ZodType<T>, body: unknown): T {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest({}, 'errors.badRequest');
  const result = schema.safeParse(body);
  if (!result.success) throw badRequest(fieldErrorsOf(result.error));
  return result.data;
}

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  jobTitle: string;
}

/** A company user's own details (invitation completion). */
export const validatePerson = (body: unknown): Person => parsed(personSchema(), body) as unknown as Person;

/** Step 1: the person, terms agreed, a business email (its owner is emailed when it has an account, never told here). */
export const validateStepOne = (body: Record<string, unknown>): Person =>
  parsed(stepOneSchema(), body) as unknown as Person;

/** Companies whose domains are theirs: pending ones wait for approval, active ones sign in (inactive ones hold none). */
const CLAIMING_STATUSES = [0, 1];

/** The companies (of any status unless told) that list any of these domains, with the ones they share. */
export async function companiesWithDomains(
  knex: Knex,
  domains: string[],
  statuses?: number[],
): Promise<{ id: number; name: string; shared: string[] }[]> {
  const wanted = domains.map((d) => d.toLowerCase());
  if (!wanted.length) return [];
  const q = knex('companies')
    .whereRaw('exists (select 1 from unnest(valid_domains) d where lower(d) = any(?::text[]))', [wanted])
    .orderBy('id')
    .select('id', 'company_name', 'valid_domains');
  if (statuses) q.whereIn('status', statuses);
  const rows = (await q) as { id: number; company_name: string; valid_domains: string[] }[];
  return rows.map((r) => {
    const theirs = new Set(r.valid_domains.map((d) => d.toLowerCase()));
    return { id: r.id, name: r.company_name, shared: wanted.filter((d) => theirs.has(d)) };
  });
}

/** Which of these domains another company already claims (its valid_domains), in lower case. */
async function claimedDomains(knex: Knex, domains: string[]): Promise<string[]> {
  const rows = await companiesWithDomains(knex, domains, CLAIMING_STATUSES);
  return [...new Set(rows.flatMap((r) => r.shared))];
}

/**
 * The field error for domains another company claims: the signer's own domain taken means their company has an
 * account already (they proved the mailbox, so saying the domain is in use tells them nothing new; who uses it is never
 * said), any other taken domain is refused as another company's.
 */
export async function claimedDomainProblem(knex: Knex, domains: string[], ownerEmail: string) {
  const taken = await claimedDomains(knex, domains);
  if (!taken.length) return undefined;
  return taken.includes(domainOf(ownerEmail).toLowerCase())
    ? 'validDomains.errors.companyHasAccount'
    : 'validDomains.errors.claimed';
}

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

/** Step 2: the company; its valid domains are business domains and include the owner's; its countries exist. */
export async function validateStepTwo(
  knex: Knex,
  body: Record<string, unknown>,
  ownerEmail: string,
): Promise<CompanyDetails> {
  const data = parsed(companyStepSchema(), body) as Record<string, unknown>;
  const domains = data.validDomains as string[];
  const countries = data.countries as number[];
  const errors: FieldErrors = {};
  const domainProblem = problemOf(companyDomains(ownerEmail), domains);
  if (domainProblem) errors.validDomains = domainProblem;
  else {
    const claimed = await claimedDomainProblem(knex, domains, ownerEmail);
    if (claimed) errors.validDomains = claimed;
  }
  const found = await knex('countries').whereIn('id', countries).count({ n: '*' });
  if (Number(found[0].n) !== countries.length) errors.countries = 'countries.errors.notFound';
  if (Object.keys(errors).length) throw badRequest(errors);
  const other = data.companySource === SOURCE_OPTIONS.values.other;
  return {
    companyName: data.companyName as string,
    legalEntityName: data.legalEntityName as string,
    companyRegistrationNumber: data.companyRegistrationNumber as string,
    address: data.address as string,
    countries,
    validDomains: domains,
    companySource: (data.companySource as number | undefined) ?? null,
    companySourceOther: other ? ((data.companySourceOther as string | undefined) ?? null) : null,
  };
}

/**
 * Step 3: up to 10 colleagues, all checked (address, company domain, listed once) before anything is written.
 * Whether one already has an account is not: step 2 may name any business domain and a refused step 3 can be sent
 * again, so the answer would tell anyone who has an account. Approval skips those and tells the owner.
 */
export function validateInvites(raw: unknown, domains: string[], ownerEmail: string): Invite[] {
  const { invites, errors } = checkInvites(raw, domains, ownerEmail);
  if (Object.keys(errors).length) throw badRequest(errors);
  return invites.map(({ email, role }) => ({ email, role }));
}
