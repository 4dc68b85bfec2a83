/** Client-side checks of spec section 5. Each returns a message key, or undefined when the value is fine. */
import { EMAIL_PATTERN, PHONE_PATTERN } from '../../schema/lib/fields';

import { isPhone } from '../../schema/validation/phone';

export { EMAIL_PATTERN, PHONE_PATTERN };

/** Free and test mail domains a company may not sign up with. */
export const FREE_MAIL_DOMAINS = ['gmail', 'yahoo', 'outlook', 'hotmail', 'msn', 'live', 'mailinator', 'aol', 'test'];

const DOMAIN_PATTERN = /^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;

/** The domain part of an email, lower-cased ('' when there is none). */
export const domainOf = (email: string) => email.trim().toLowerCase().split('@')[1] ?? '';

/** gmail.com, mail.yahoo.co.uk and x.test are all free or test domains. */
const isFreeDomain = (domain: string) => domain.split('.').some((label) => FREE_MAIL_DOMAINS.includes(label));

export const required = (field: string, value: string | null | undefined) => (value && value.trim() ? undefined : `${field}.errors.required`);

export function emailError(value: string, field = 'email'): string | undefined {
  if (!value.trim()) return `${field}.errors.required`;
  return EMAIL_PATTERN.test(value.trim()) ? undefined : 'email.errors.invalid';
}

export function businessEmailError(value: string): string | undefined {
  return emailError(value) ?? (isFreeDomain(domainOf(value)) ? 'email.errors.businessEmail' : undefined);
}

export function phoneError(value: string, isRequired = true): string | undefined {
  if (!value.trim()) return isRequired ? 'phone.errors.required' : undefined;
  return isPhone(value) ? undefined : 'phone.errors.invalid';
}

/** A verification code is required and must be complete (6 digits). */
export function codeError(value: string): string | undefined {
  if (!value) return 'portal.validation.codeRequired';
  return /^\d{6}$/.test(value) ? undefined : 'portal.validation.codeIncomplete';
}

/** A company's email domains: at least one, well formed, business domains, including the signer's own. */
export function domainsError(domains: string[], ownerEmail?: string): string | undefined {
  if (!domains.length) return 'validDomains.errors.required';
  if (!domains.every((d) => DOMAIN_PATTERN.test(d))) return 'validDomains.errors.invalid';
  if (domains.some(isFreeDomain)) return 'validDomains.errors.businessDomain';
  if (ownerEmail && !domains.includes(domainOf(ownerEmail))) return 'validDomains.errors.mustIncludeEmailDomain';
  return undefined;
}

/** Drops undefined entries so `Object.keys(errors).length` tells whether a form may be sent. */
export function collectErrors(entries: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(entries).filter((e): e is [string, string] => e[1] !== undefined));
}
