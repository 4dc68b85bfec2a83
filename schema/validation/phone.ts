/**
 * The one phone rule, used by the server, the console and the portal. A number is accepted when it
 * fits the spec's pattern (optional plus, 3 + 3 + 4–9 digits) or when the phone library knows it as
 * a valid number of its country, so '+65 9123 4567' (the way Singapore writes a mobile) passes.
 * A number the library knows is stored in E.164 ('+6591234567'), so one person has one spelling.
 * `toE164` is that reading on its own, and reads a national number ('9123 4567', '07911 123456') too
 * when the country it was written in is known (duplicates' phone match key: the profile's country).
 * A form that knows the country a number was written in (the profile's current location; the server
 * the same country from the stored city) passes it to `cleanPhone`, so '9123 4567' in Singapore is
 * stored '+6591234567'. Without a country such a number is refused as 'countryCode' (phoneProblem).
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

/**
 * The number as it is stored, or undefined when it is not a phone number. A national number is read
 * in `country` (ISO code) when the form knows it; without one, only international numbers are parsed.
 */
export function cleanPhone(raw: string, country?: string | null): string | undefined {
  const s = raw.trim();
  return toE164(s, country) ?? (PHONE_PATTERN.test(s) ? s : undefined);
}

/** True when `raw` is a phone number the product accepts (read in `country` when known). */
export const isPhone = (raw: string, country?: string | null): boolean => cleanPhone(raw, country) !== undefined;

/** Written like a national number: phone characters only, with as many digits as a subscriber number has (6–15). */
const NATIONAL = /^[\d\s().-]+$/;
const looksNational = (s: string) => NATIONAL.test(s) && /^(\D*\d){6,15}\D*$/.test(s);

/**
 * Why `raw` is refused: 'countryCode' for what reads as a national number when no country is known
 * to read it in (the person adds the code), else 'invalid' ('12-34'); undefined when it is accepted.
 */
export function phoneProblem(raw: string, country?: string | null): 'invalid' | 'countryCode' | undefined {
  if (isPhone(raw, country)) return undefined;
  const known = !!country && isSupportedCountry(country);
  return !known && looksNational(raw.trim()) ? 'countryCode' : 'invalid';
}
