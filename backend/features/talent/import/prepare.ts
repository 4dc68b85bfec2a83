/**
 * Turns a batch of raw file records into rows ready for the one candidate write path: each record
 * is read (records.ts), mapped (columns.ts), checked exactly as the API checks (checkCandidate) and
 * encoded by prepareCandidate (writeCandidates.ts), or rejected with its reasons; a cell whose text holds NUL or a lone
 * surrogate is refused on its field by the request guard's rule (http/inputGuard.ts) before anything is mapped. Runs in the checking threads, each with its own
 * database session for the two things a batch needs from it: the stored rows of emails already
 * known (the check is then an update) and ids for the new candidates, so their experience and
 * education rows can be encoded before anything is written. A row that would change a status the
 * candidate chose themselves (overridesOwnStatus, spec section 4) is refused on `status`: the
 * console asks to confirm such a change, an import cannot. The stored row is read afresh for every
 * batch, so a row refused as "changed while this ran" (a pause after it was read) is refused on its
 * status when the file is imported again, rather than undoing the pause.
 */
import type pg from 'pg';
import { EMAIL_PATTERN, entity, fieldOf, normaliseEmail } from '../../../../schema';
import type { IdSets } from '../../../crud/refs';
import type { FieldErrors } from '../../../errors';
import { collectProblems } from '../../../http/inputGuard';
import { overridesOwnStatus, type Today } from '../../../../schema/rules/candidate';
import { CANDIDATE_REF_ENTITIES, checkCandidate } from '../checkCandidate';
import { prepareCandidate, RESERVE_IDS_SQL, type CandidateRow } from '../writeCandidates';
import { mapRow, type ImportMaps } from './columns';
import { csvCell, parseRecord, type ParsedRecord } from './records';
import { fieldLabel, reasonText } from './reportText';

const candidate = entity('candidate');
const REF_INDEX = new Map(CANDIDATE_REF_ENTITIES.map((name, i) => [name, i]));

/** What a checking thread is sent: raw records and, for CSV, the header naming their cells. */
export interface BatchMessage {
  header?: string[];
  texts: string[];
}

export interface PreparedRow extends CandidateRow {
  /** The record's place in its batch. */
  index: number;
}

export interface PreparedBatch {
  /** Per record: its email, trimmed and lowercased ('' when it has none). */
  emails: string[];
  /** Per record: why it is rejected, or null. */
  reasons: (string | null)[];
  /** Per record: true when the record itself could not be read; such a record claims no email. */
  unreadable: boolean[];
  rows: PreparedRow[];
}

export interface PrepareContext {
  maps: ImportMaps;
  refs: IdSets;
  today: Today;
}

/** A refused row's reasons, in words (reportText.ts). */
export function reasons(errors: FieldErrors, details: Record<string, string> = {}): string {
  return Object.entries(errors)
    .map(([field, key]) => reasonText(field, key, details[field]))
    .join('; ');
}

/** Reads, looks up and checks a batch; `db` answers for stored candidates and new ids. */
export async function prepareBatch(
  db: pg.ClientBase,
  message: BatchMessage,
  ctx: PrepareContext,
): Promise<PreparedBatch> {
  const { texts, header } = message;
  // CSV records are read one at a time below, so that only the one being checked is held:
  // their emails are taken from the cell alone (the header names each column once: checkHeader in
  // records.ts, so it is the cell the write takes). A JSON line must be read whole to find it.
  const emailAt = header?.indexOf('email') ?? -1;
  const records: (ParsedRecord | undefined)[] = header ? [] : texts.map((text) => parseRecord(text, undefined));
  const emails = texts.map((text, i) => {
    const email = header ? (emailAt < 0 ? '' : csvCell(text, emailAt)) : (records[i] as ParsedRecord).values.email;
    return typeof email === 'string' ? (normaliseEmail(email) ?? email.trim().toLowerCase()) : '';
  });
  const known = emails.filter((email) => EMAIL_PATTERN.test(email));
  const existing = new Map<string, Record<string, unknown>>();
  if (known.length) {
    const { rows } = await db.query(`select * from "${candidate.table}" where email = any($1::text[])`, [known]);
    for (const row of rows as Record<string, unknown>[]) {
      const stored: Record<string, unknown> = {};
      for (const key in row) stored[fieldOf(key)] = row[key];
      existing.set(row.email as string, stored);
    }
  }
  // Ids for the new candidates, taken in order; unused ones (rejected rows) are gaps.
  const { rows: reserved } = await db.query(RESERVE_IDS_SQL, [candidate.table, 'id', texts.length - existing.size]);
  const ids = (reserved as { id: number }[]).map((r) => r.id);

  const out: PreparedBatch = {
    emails,
    reasons: [],
    unreadable: [],
    rows: [],
  };
  let nextId = 0;
  for (let index = 0; index < texts.length; index += 1) {
    const record = records[index] ?? parseRecord(texts[index], header);
    // Let go of each record once done: the collector then copies only the ones still ahead.
    records[index] = undefined;
    out.unreadable.push(record.error !== undefined);
    if (record.error !== undefined) {
      out.reasons.push(`${fieldLabel('row')}: ${record.error}`);
      continue;
    }
    // Text PostgreSQL would refuse or change (NUL, a lone surrogate): refused on its cell, by the API's own rule.
    const unclean: FieldErrors = {};
    collectProblems(record.values, [], unclean);
    if (Object.keys(unclean).length) {
      out.reasons.push(reasons(unclean));
      continue;
    }
    const mapped = mapRow(record.values, ctx.maps);
    if (Object.keys(mapped.errors).length) {
      out.reasons.push(reasons(mapped.errors, mapped.details));
      continue;
    }
    const stored = existing.get(emails[index]);
    const refs: number[] = [];
    // A national phone number is read in the row's current location's country (else the stored one's), as the API does.
    const location = 'currentLocationId' in mapped.input ? mapped.input.currentLocationId : stored?.currentLocationId;
    const checked = checkCandidate(mapped.input, {
      existing: stored,
      phoneCountry: typeof location === 'number' ? ctx.maps.cityCountries.get(location) : undefined,
      refs: ctx.refs,
      today: ctx.today,
      onRef: (name, id) => refs.push(REF_INDEX.get(name) as number, id),
    });
    if ('errors' in checked) {
      out.reasons.push(reasons(checked.errors));
      continue;
    }
    if (stored && overridesOwnStatus(stored, checked.data)) {
      out.reasons.push(reasons({ status: 'imports.report.selfChosenStatus' }));
      continue;
    }
    out.reasons.push(null);
    const id = stored ? (stored.id as number) : ids[nextId++];
    out.rows.push({ index, ...prepareCandidate(checked, id, stored, refs) });
  }
  return out;
}
