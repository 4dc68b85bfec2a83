/**
 * Turns a batch of raw file records into rows ready for the database: each record is read
 * (records.ts), mapped (columns.ts), checked exactly as the API checks (checkCandidate) and encoded
 * as COPY lines, or rejected with its reasons. Runs in the checking threads, each with its own
 * database session for the two things a batch needs from it: the stored rows of emails already
 * known (the check is then an update) and ids for the new candidates, so their experience and
 * education rows can be encoded before anything is written.
 */
import type pg from 'pg';
import { EMAIL_PATTERN, entity, fieldOf } from '../../../../schema';
import { t } from '../../../../i18n';
import type { IdSets } from '../../../crud/refs';
import type { FieldErrors } from '../../../errors';
import type { Today } from '../../../../schema/rules/candidate';
import { CHILD_TABLES, storedFields } from './bulkWrite';
import { CANDIDATE_REF_ENTITIES, checkCandidate } from './checkCandidate';
import { mapRow, type ImportMaps } from './columns';
import { copyColumns, encodeRow } from './copy';
import { csvCell, parseRecord, type ParsedRecord } from './records';

const candidate = entity('candidate');
const candidateColumns = copyColumns(candidate, storedFields(candidate), true);
const REF_INDEX = new Map(CANDIDATE_REF_ENTITIES.map((name, i) => [name, i]));

/** What a checking thread is sent: raw records and, for CSV, the header naming their cells. */
export interface BatchMessage {
  header?: string[];
  texts: string[];
}

export interface PreparedRow {
  /** The record's place in its batch. */
  index: number;
  id: number;
  /** COPY line of a new candidate. */
  insert?: string;
  /** Every stored column of an updated candidate (stored values where the file left blanks). */
  update?: Record<string, unknown>;
  /** Per child table (CHILD_TABLES order): its COPY lines, or null when the record leaves that list alone. */
  children: (string | null)[];
  /** The lookup rows the candidate refers to, as pairs: index in CANDIDATE_REF_ENTITIES, id. */
  refs: number[];
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

export function reasons(errors: FieldErrors, details: Record<string, string> = {}): string {
  return Object.entries(errors)
    .map(([field, key]) => `${field}: ${key} (${t(key)}${details[field] ? `: ${details[field]}` : ''})`)
    .join('; ');
}

/** Reads, looks up and checks a batch; `db` answers for stored candidates and new ids. */
export async function prepareBatch(db: pg.ClientBase, message: BatchMessage, ctx: PrepareContext): Promise<PreparedBatch> {
  const { texts, header } = message;
  // CSV records are read one at a time below, so that only the one being checked is held:
  // their emails are taken from the cell alone. A JSON line must be read whole to find it.
  const emailAt = header?.indexOf('email') ?? -1;
  const records: (ParsedRecord | undefined)[] = header ? [] : texts.map((text) => parseRecord(text, undefined));
  const emails = texts.map((text, i) => {
    const email = header ? (emailAt < 0 ? '' : csvCell(text, emailAt)) : (records[i] as ParsedRecord).values.email;
    return typeof email === 'string' ? email.trim().toLowerCase() : '';
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
  const { rows: reserved } = await db.query('select nextval(pg_get_serial_sequence($1, $2))::int as id from generate_series(1, $3::int)', [
    candidate.table,
    'id',
    texts.length - existing.size,
  ]);
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
      out.reasons.push(`row: ${record.error}`);
      continue;
    }
    const mapped = mapRow(record.values, ctx.maps);
    if (Object.keys(mapped.errors).length) {
      out.reasons.push(reasons(mapped.errors, mapped.details));
      continue;
    }
    const stored = existing.get(emails[index]);
    const refs: number[] = [];
    const checked = checkCandidate(mapped.input, {
      existing: stored,
      refs: ctx.refs,
      today: ctx.today,
      onRef: (name, id) => refs.push(REF_INDEX.get(name) as number, id),
    });
    if ('errors' in checked) {
      out.reasons.push(reasons(checked.errors));
      continue;
    }
    out.reasons.push(null);
    const id = stored ? (stored.id as number) : ids[nextId++];
    const parent = { candidateId: id };
    const children: (string | null)[] = CHILD_TABLES.map(() => null);
    for (const list of checked.children) {
      const at = CHILD_TABLES.findIndex((c) => c.table === list.entity.table);
      let lines = '';
      for (const item of list.items) lines += encodeRow(item, CHILD_TABLES[at].columns, parent);
      children[at] = lines;
    }
    const prepared: PreparedRow = { index, id, children, refs };
    if (stored) {
      const merged = { ...stored, ...checked.data };
      prepared.update = Object.fromEntries(candidateColumns.map((c) => [c.column, c.field === 'id' ? id : c.field in merged ? merged[c.field] : c.fallback]));
    } else prepared.insert = encodeRow(checked.data, candidateColumns, { id });
    out.rows.push(prepared);
  }
  return out;
}
