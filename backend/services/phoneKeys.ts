/**
 * How a phone number is compared wherever two must be found the same (duplicates' match keys, duplicates/keys.ts; a
 * WhatsApp opt-out, interviews/whatsappOutbox.ts; the qualify request a WhatsApp reply answers, interviews/qualify.ts): in E.164 without its '+', a national number read in its profile's
 * country by the one phone rule (schema/validation/phone.ts).
 */
import type { Knex } from 'knex';
import { toE164 } from '../../schema/validation/phone';

/**
 * A phone's match key (see above): a national number with its profile's `country` (ISO code) in
 * E.164 by the one phone rule (schema/validation/phone.ts), without its '+'; else, or when the
 * library does not know it as a valid number, its digits as phoneKeySql reads them. The digits of
 * an international number are its E.164 ones: the phone rule stores every number it knows so.
 */
export function phoneKey(phone: unknown, country?: string | null): string | undefined {
  if (typeof phone !== 'string') return undefined;
  const national = country && !phone.trim().startsWith('+') ? toE164(phone, country) : undefined;
  const key = (national ?? phone).replace(/[ \-.()+]/g, '');
  return key.length >= 8 ? key : undefined;
}

/**
 * SQL: the phone in `column` may have the match key `key`: the same last seven digits (a national number is the end
 * of its international one, bar a trunk prefix). A narrowing only: the rows it keeps are compared exactly by phoneKey.
 */
export const phoneTailSql = (knex: Knex, column: string, key: string): Knex.Raw =>
  knex.raw(`right(regexp_replace(coalesce(${column}, ''), '\\D', '', 'g'), 7) = ?`, [key.slice(-7)]);

/** The country (ISO code) of each city of `locationIds`: a profile's current location, where its national number was written. */
export async function locationCountries(knex: Knex, locationIds: unknown[]): Promise<Map<number, string>> {
  const ids = [...new Set(locationIds.filter((x): x is number => typeof x === 'number'))];
  if (!ids.length) return new Map();
  const rows = (await knex('cities').whereIn('id', ids).select('id', 'code')) as { id: number; code: string }[];
  return new Map(rows.map((r) => [r.id, r.code]));
}

/** The country (ISO code) of a candidate's current location, where a national number of theirs was written. */
export async function candidateCountry(knex: Knex, candidateId: number | undefined): Promise<string | undefined> {
  if (candidateId === undefined) return undefined;
  const row = await knex('candidates as c')
    .join('cities as l', 'l.id', 'c.current_location_id')
    .where('c.id', candidateId)
    .first('l.code');
  return (row?.code as string | undefined) ?? undefined;
}
