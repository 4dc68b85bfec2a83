/**
 * The portal's form checks: the shared sign-up and account schemas of schema/validation/signup.ts,
 * the ones the server checks requests with. Each returns a message key, or undefined when the value is fine.
 */
import {
  businessEmail,
  companyDomains,
  domainOf,
  emailAddress,
  phoneNumber,
  problemOf,
  requiredText,
  verificationCode,
} from '../../schema/validation/signup';

export { domainOf };

export const required = (field: string, value: string | null | undefined) =>
  problemOf(requiredText(field), value ?? '');

export const emailError = (value: string, field = 'email') => problemOf(emailAddress(field), value);

export const businessEmailError = (value: string) => problemOf(businessEmail(), value);

export const phoneError = (value: string, isRequired = true, country?: string | null) =>
  problemOf(phoneNumber(isRequired, country), value);

/** A verification code is required and must be complete (6 digits). */
export const codeError = (value: string) => problemOf(verificationCode(), value);

/** A company's email domains: at least one, well formed, business domains, including the signer's own. */
export const domainsError = (domains: string[], ownerEmail?: string) => problemOf(companyDomains(ownerEmail), domains);

/** Drops undefined entries so `Object.keys(errors).length` tells whether a form may be sent. */
export function collectErrors(entries: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(entries).filter((e): e is [string, string] => e[1] !== undefined));
}
