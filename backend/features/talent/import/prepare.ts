/**
 * Turns a batch of file records into rows ready for the database: each record is mapped
 * (columns.ts), checked exactly as the API checks (checkCandidate) and encoded as COPY lines,
 * or rejected with its reasons. Pure apart from its inputs, so it runs in worker threads.
 */
import { entity } from '../../../../schema';
import { t } from '../../../../portal/i18n';
import { collectRefs, type ExistingIds } from '../../../crud/refs';
import type { FieldErrors } from '../../../errors';
import type { Today } from '../candidateRules';
import { storedFields } from './bulkWrite';
import { checkCandidate } from './checkCandidate';
import { mapRow, type ImportMaps } from './columns';
import { copyColumns, encodeRow } from './copy';

const candidate = entity('candidate');
const candidateColumns = copyColumns(candidate, storedFields(candidate), true);
const childColumns = Object.fromEntries(
  Object.values(candidate.children ?? {}).map((c) => [c.entity, copyColumns(entity(c.entity), storedFields(entity(c.entity)))]),
);

export interface RawRecord {
  row: number;
  email: string;
  values: Record<string, unknown>;
}

export interface PreparedRow {
  row: number;
  email: string;
  id: number;
  /** COPY line of a new candidate. */
  insert?: string;
  /** Every stored column of an updated candidate (stored values where the file left blanks). */
  update?: Record<string, unknown>;
  /** COPY lines per child table; a list given in the file replaces the stored rows. */
  children: { table: string; lines: string[] }[];
  /** Lookup ids the row refers to, per entity name. */
  refs: [string, number[]][];
}

export interface Rejection {
  row: number;
  email: string;
  reason: string;
}

export interface PrepareContext {
  maps: ImportMaps;
  refs: ExistingIds;
  today: Today;
}

export function reasons(errors: FieldErrors, details: Record<string, string> = {}): string {
  return Object.entries(errors)
    .map(([field, key]) => `${field}: ${key} (${t(key)}${details[field] ? `: ${details[field]}` : ''})`)
    .join('; ');
}

/**
 * `existing` holds the stored rows (camelCase) of the batch's known emails; `ids` are ids
 * reserved from the sequence, taken in order by the new candidates.
 */
export async function prepareBatch(
  records: RawRecord[],
  existing: Map<string, Record<string, unknown>>,
  ids: number[],
  ctx: PrepareContext,
): Promise<{ rows: PreparedRow[]; rejected: Rejection[] }> {
  const rows: PreparedRow[] = [];
  const rejected: Rejection[] = [];
  let nextId = 0;
  for (const record of records) {
    const mapped = mapRow(record.values, ctx.maps);
    if (Object.keys(mapped.errors).length) {
      rejected.push({ row: record.row, email: record.email, reason: reasons(mapped.errors, mapped.details) });
      continue;
    }
    const stored = existing.get(record.email);
    const checked = await checkCandidate(mapped.input, { existing: stored, refs: ctx.refs, today: ctx.today });
    if ('errors' in checked) {
      rejected.push({ row: record.row, email: record.email, reason: reasons(checked.errors) });
      continue;
    }
    const id = stored ? (stored.id as number) : ids[nextId++];
    const parent = { candidateId: id };
    const refs = new Map<string, Set<number>>();
    collectRefs(candidate, checked.data, refs);
    const children = checked.children.map((list) => {
      for (const item of list.items) collectRefs(list.entity, item, refs);
      return { table: list.entity.table, lines: list.items.map((item) => encodeRow(item, childColumns[list.entity.name], parent)) };
    });
    refs.delete('candidate');
    const prepared: PreparedRow = { row: record.row, email: record.email, id, children, refs: [...refs].map(([name, set]) => [name, [...set]]) };
    if (stored) {
      const merged = { ...stored, ...checked.data };
      prepared.update = Object.fromEntries(candidateColumns.map((c) => [c.column, c.field === 'id' ? id : c.field in merged ? merged[c.field] : c.fallback]));
    } else prepared.insert = encodeRow(checked.data, candidateColumns, { id });
    rows.push(prepared);
  }
  return { rows, rejected };
}
