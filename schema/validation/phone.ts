/**
 * The one phone rule, used by the server, the console and the portal. A number is accepted when it
 * fits the spec's pattern (optional plus, 3 + 3 + 4–9 digits) or when the phone library knows it as
 * a valid number of its country, so '+65 9123 4567' (the way Singapore writes a mobile) passes.
 * A number the library knows is stored in E.164 ('+6591234567'), so one person has one spelling.
 * `toE164` is that reading on its own, and reads a national number ('9123 4567', '07911 123456') too
 * when the country it was written in is known (duplicates' phone match key: the profile's country).
 */
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { PHONE_PATTERN } from '../lib/fields';

/**
 * The number in E.164 when the phone library knows it as a valid number: an international one by
 * its own code, a national one by `country` (a two-letter ISO code); else undefined.
 */
export function toE164(raw: string, country?: string | null): string | undefined {
  const s = raw.trim();
  const region = country && isSupportedCountry(country) ? (country as CountryCode) : undefined;
  // A national number without its country: the region would be a guess.
  if (!s.startsWith('+') && !region) return undefined;
  const parsed = parsePhoneNumberFromString(s, region);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** The number as it is stored, or undefined when it is not a phone number. */
export function cleanPhone(raw: string): string | undefined {
  const s = raw.trim();
  // Only international numbers are parsed here: a field alone does not know its country.
  return toE164(s) ?? (PHONE_PATTERN.test(s) ? s : undefined);
}

/** True when `raw` is a phone number the product accepts. */
export const isPhone = (raw: string): boolean => cleanPhone(raw) !== undefined;
