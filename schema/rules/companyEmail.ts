/**
 * Which addresses a company user may sign in with: one of their company's email domains, and a
 * business domain (spec section 5: no free or test mail provider). Sign-in is passwordless, so the
 * address is the key to the account: held to the company's domains, access ends with the work
 * mailbox. Every way an address becomes a company user's asks this one rule: an invitation
 * (backend/features/team/companyUsers.ts), the colleagues named at sign-up joining at approval
 * (backend/features/signup/approval.ts) and a change of one's own email, asked and confirmed
 * (backend/features/account/emailChange.ts).
 */
import { domainOf, isBusinessDomain } from '../validation/signup';

export type CompanyEmailProblem = 'email.errors.notInValidDomains' | 'email.errors.businessEmail';

/** The message key of why `email` may not be a login of the company with `validDomains`, or undefined. */
export function companyEmailProblem(
  email: string,
  validDomains: readonly string[] | null | undefined,
): CompanyEmailProblem | undefined {
  const domain = domainOf(email);
  if (!(validDomains ?? []).includes(domain)) return 'email.errors.notInValidDomains';
  if (!isBusinessDomain(domain)) return 'email.errors.businessEmail';
  return undefined;
}
