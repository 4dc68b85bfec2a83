/**
 * The time zones PostgreSQL knows (pg_timezone_names), read once per process, for every reader of a zone a person names
 * (alerts' digests, day ranges read in the reader's zone). The runtime's Intl knows names the
 * database's tzdata may not (US/Pacific-New, Canada/East-Saskatchewan): a zone the digest's SQL reads
 * (`at time zone`) must be known to both, or the statement fails. PostgreSQL reads zone names without regard to case,
 * so they are compared in lower case.
 */
import type { Knex } from 'knex';
import { validZone } from '../../schema/rules/timeZones';

let known: Promise<Set<string>> | undefined;

/** The lower-cased names of every zone PostgreSQL knows; read on first use and kept (a failed read is tried again). */
export function databaseZones(knex: Knex): Promise<Set<string>> {
  known ??= knex
    .raw<{ rows: { name: string }[] }>('select name from pg_timezone_names')
    .then(({ rows }) => new Set(rows.map((r) => r.name.toLowerCase())))
    .catch((err: unknown) => {
      known = undefined;
      throw err;
    });
  return known;
}

/** The zone when both the runtime and PostgreSQL know it, else undefined. */
export async function storableZone(knex: Knex, zone: string | undefined): Promise<string | undefined> {
  const valid = validZone(zone);
  return valid && (await databaseZones(knex)).has(valid.toLowerCase()) ? valid : undefined;
}
