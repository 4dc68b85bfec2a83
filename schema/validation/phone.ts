/**
 * The one phone rule, used by the server, the console and the portal. A number is accepted when it
 * fits the spec's pattern (optional plus, 3 + 3 + 4–9 digits) or when the phone library knows it as
 * a valid number of its country, so '+65 9123 4567' (the way Singapore writes a mobile) passes.
 * A number the library knows is stored in E.164 ('+6591234567'), so one person has one spelling.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { PHONE_PATTERN } from '../lib/fields';

/** The number as it is stored, or undefined when it is not a phone number. */
export function cleanPhone(raw: string): string | undefined {
  const s = raw.trim();
  // Only international numbers are parsed: without a country code the region would be a guess.
  const parsed = s.startsWith('+') ? parsePhoneNumberFromString(s) : undefined;
  if (parsed?.isValid()) return parsed.number;
  return PHONE_PATTERN.test(s) ? s : undefined;
}

/** True when `raw` is a phone number the product accepts. */
export const isPhone = (raw: string): boolean => cleanPhone(raw) !== undefined;
