/**
 * The time zones PostgreSQL knows (pg_timezone_names), read once per process, for every reader of a zone a person names
 * (alerts' digests, day ranges read in the reader's zone). The runtime's Intl knows names the
 * database's tzdata may not (US/Pacific-New, Canada/East-Saskatchewan): a zone the digest's SQL reads
 * (`at time zone`) must be known to both, or the statement fails. PostgreSQL reads zone names without regard to case,
 * so they are compared in lower case.
 */
import type { Knex } from 'knex';
import { shownZone, validZone } from '../../schema/rules/timeZones';
import { badRequest } from '../errors';

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

/**
 * The zone when both the runtime and PostgreSQL know it, else undefined: a legacy name by its current one ('Asia/Calcutta',
 * as Chromium reports it, is 'Asia/Kolkata': schema/rules/zoneAliases.ts), or as given when only that is in PostgreSQL's tzdata.
 */
export async function storableZone(knex: Knex, zone: string | undefined): Promise<string | undefined> {
  const valid = validZone(zone);
  if (!valid) return undefined;
  const known = await databaseZones(knex);
  return [validZone(shownZone(valid)), valid].find((name) => name && known.has(name.toLowerCase()));
}

/**
 * The zone whose days a list's `from`/`to` name (the credit log, the interview requests, the dashboards' logs): the one
 * asked for when both the runtime and PostgreSQL know it (else a 400 on `timeZone`), or UTC when none is asked for.
 */
export async function readersZone(knex: Knex, asked: string | undefined): Promise<string> {
  if (asked === undefined) return 'UTC';
  const zone = await storableZone(knex, asked);
  if (!zone) throw badRequest({ timeZone: 'timeZone.errors.invalid' });
  return zone;
}

/** The day (ISO) it is in `zone` at `date`. */
export function dayIn(zone: string, date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    date,
  );
}
