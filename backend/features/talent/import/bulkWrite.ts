/**
 * Writes checked candidates in one transaction: new ones by COPY with ids taken from the
 * sequence first (so their experience and education rows can be copied right after), existing
 * ones by one UPDATE per batch, then their child rows replaced. All of a batch or none of it.
 */
import type pg from 'pg';
import { columnOf, entity, type EntityDef } from '../../../../schema';
import type { ChildWrite } from '../../../crud/children';
import { collectRefs } from '../../../crud/refs';
import { copyColumns, copyLines, encodeRow, type CopyColumn } from './copy';

const candidate = entity('candidate');

export interface NewCandidate {
  data: Record<string, unknown>;
  children: ChildWrite[];
}
export interface UpdatedCandidate extends NewCandidate {
  id: number;
  /** The stored row, camelCase: fields the write leaves out keep these values. */
  existing: Record<string, unknown>;
}

/** Fields a write stores: all but secrets and those the database fills (ids, guids, timestamps). */
export function storedFields(e: EntityDef): string[] {
  return Object.entries(e.fields)
    .filter(([, def]) => def.kind !== 'secret' && def.dbDefault === undefined)
    .map(([name]) => name);
}

const candidateFields = storedFields(candidate);
const candidateColumns = copyColumns(candidate, candidateFields, true);
const childColumns = new Map<string, CopyColumn[]>();

/** A new row's values: what was given, else the declared default, else null. */
export function complete(e: EntityDef, fields: string[], data: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const name of fields) {
    const def = e.fields[name];
    row[name] = name in data ? data[name] : (def.default ?? (def.derivedFrom ? [] : null));
  }
  return row;
}

function childLines(writes: { id: number; children: ChildWrite[] }[], name: string): { columns: CopyColumn[]; table: string; lines: string[] } | undefined {
  const first = writes.flatMap((w) => w.children).find((c) => c.name === name);
  if (!first) return undefined;
  const fields = storedFields(first.entity);
  let columns = childColumns.get(name);
  if (!columns) childColumns.set(name, (columns = copyColumns(first.entity, fields)));
  const lines: string[] = [];
  for (const w of writes) {
    const list = w.children.find((c) => c.name === name);
    const parent = { [first.child.foreignKey]: w.id };
    for (const item of list?.items ?? []) lines.push(encodeRow(item, columns, parent));
  }
  return { columns, table: first.entity.table, lines };
}

/** Thrown when a lookup row a batch refers to was deleted after the batch was checked. */
export class VanishedReference extends Error {}

/**
 * Locks every lookup row the batch refers to, as a foreign-key check would (FOR KEY SHARE), in
 * one statement per table, and fails if any is gone. With this done, a writer whose session skips
 * the per-row foreign-key triggers (session_replication_role = replica) keeps the same guarantee.
 */
async function lockReferences(client: pg.ClientBase, records: { data: Record<string, unknown>; children: ChildWrite[] }[]): Promise<void> {
  const refs = new Map<string, Set<number>>();
  for (const r of records) {
    collectRefs(candidate, r.data, refs);
    for (const list of r.children) for (const item of list.items) collectRefs(list.entity, item, refs);
  }
  refs.delete('candidate'); // the parents: written in this very transaction
  for (const [name, ids] of refs) {
    const { rowCount } = await client.query(`select id from "${entity(name).table}" where id = any($1::int[]) for key share`, [[...ids]]);
    if (rowCount !== ids.size) throw new VanishedReference(`a ${name} this batch refers to was deleted meanwhile`);
  }
}

export interface WriteOptions {
  /** The session skips foreign-key triggers: lock the references in bulk instead. */
  bulkReferences?: boolean;
}

export async function writeCandidates(client: pg.ClientBase, fresh: NewCandidate[], updates: UpdatedCandidate[], options: WriteOptions = {}): Promise<void> {
  await client.query('begin');
  try {
    if (options.bulkReferences) await lockReferences(client, [...fresh, ...updates]);
    const ids = fresh.length
      ? (
          (await client.query('select nextval(pg_get_serial_sequence($1, $2))::int as id from generate_series(1, $3)', [candidate.table, 'id', fresh.length]))
            .rows as { id: number }[]
        ).map((r) => r.id)
      : [];
    if (fresh.length) {
      await copyLines(
        client,
        candidate.table,
        candidateColumns,
        fresh.map((c, i) => encodeRow(c.data, candidateColumns, { id: ids[i] })),
      );
    }
    if (updates.length) {
      const rows: Record<string, unknown>[] = updates.map((u) => ({ ...complete(candidate, candidateFields, { ...u.existing, ...u.data }), id: u.id }));
      const json = rows.map((r) => Object.fromEntries(candidateColumns.map((c) => [c.column, r[c.field]])));
      const sets = candidateColumns.filter((c) => c.column !== 'id').map((c) => `"${c.column}" = r."${c.column}"`);
      await client.query(
        `update "${candidate.table}" c set ${sets.join(', ')}, updated_at = now() from json_populate_recordset(null::"${candidate.table}", $1::json) r where c.id = r.id`,
        [JSON.stringify(json)],
      );
    }
    const written = [...fresh.map((c, i) => ({ id: ids[i], children: c.children })), ...updates.map((u) => ({ id: u.id, children: u.children }))];
    for (const [name, child] of Object.entries(candidate.children ?? {})) {
      const replaced = updates.filter((u) => u.children.some((c) => c.name === name)).map((u) => u.id);
      const childTable = entity(child.entity).table;
      if (replaced.length) await client.query(`delete from "${childTable}" where "${columnOf(child.foreignKey)}" = any($1::int[])`, [replaced]);
      const copy = childLines(written, name);
      if (copy?.lines.length) await copyLines(client, copy.table, copy.columns, copy.lines);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
}
