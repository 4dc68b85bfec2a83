/**
 * Writes prepared candidates (prepare.ts) in one transaction: new ones by COPY (their ids were
 * reserved from the sequence before checking, so their experience and education rows are encoded
 * already), existing ones by one UPDATE, then their child rows replaced. All of a batch or none.
 */
import type pg from 'pg';
import { columnOf, entity, type EntityDef } from '../../../../schema';
import { copyColumns, copyLines } from './copy';
import type { PreparedRow } from './prepare';

const candidate = entity('candidate');

/** Fields a write stores: all but secrets and those the database fills (ids, guids, timestamps). */
export function storedFields(e: EntityDef): string[] {
  return Object.entries(e.fields)
    .filter(([, def]) => def.kind !== 'secret' && def.dbDefault === undefined)
    .map(([name]) => name);
}

const candidateColumns = copyColumns(candidate, storedFields(candidate), true);
const children = Object.values(candidate.children ?? {}).map((c) => {
  const child = entity(c.entity);
  return { table: child.table, columns: copyColumns(child, storedFields(child)), foreignKey: c.foreignKey };
});

/** Thrown when a lookup row a batch refers to was deleted after the batch was checked. */
export class VanishedReference extends Error {}

/**
 * Locks every lookup row the batch refers to, as a foreign-key check would (FOR KEY SHARE), in
 * one statement per table, and fails if any is gone. With this, a writer whose session skips the
 * per-row foreign-key triggers (session_replication_role = replica) keeps the same guarantee.
 */
async function lockReferences(client: pg.ClientBase, rows: PreparedRow[]): Promise<void> {
  const refs = new Map<string, Set<number>>();
  for (const row of rows) {
    for (const [name, ids] of row.refs) {
      const set = refs.get(name) ?? new Set<number>();
      for (const id of ids) set.add(id);
      refs.set(name, set);
    }
  }
  for (const [name, ids] of refs) {
    const { rowCount } = await client.query(`select id from "${entity(name).table}" where id = any($1::int[]) for key share`, [[...ids]]);
    if (rowCount !== ids.size) throw new VanishedReference(`a ${name} this batch refers to was deleted meanwhile`);
  }
}

export interface WriteOptions {
  /** The session skips foreign-key triggers: lock the references in bulk instead. */
  bulkReferences?: boolean;
}

export async function writePrepared(client: pg.ClientBase, rows: PreparedRow[], options: WriteOptions = {}): Promise<void> {
  const inserts = rows.filter((r) => r.insert !== undefined);
  const updates = rows.filter((r) => r.update !== undefined);
  await client.query('begin');
  try {
    if (options.bulkReferences) await lockReferences(client, rows);
    if (inserts.length)
      await copyLines(
        client,
        candidate.table,
        candidateColumns,
        inserts.map((r) => r.insert as string),
      );
    if (updates.length) {
      const sets = candidateColumns.filter((c) => c.column !== 'id').map((c) => `"${c.column}" = r."${c.column}"`);
      await client.query(
        `update "${candidate.table}" c set ${sets.join(', ')}, updated_at = now() from json_populate_recordset(null::"${candidate.table}", $1::json) r where c.id = r.id`,
        [JSON.stringify(updates.map((r) => r.update))],
      );
    }
    for (const child of children) {
      const replaced = updates.filter((r) => r.children.some((c) => c.table === child.table)).map((r) => r.id);
      if (replaced.length) await client.query(`delete from "${child.table}" where "${columnOf(child.foreignKey)}" = any($1::int[])`, [replaced]);
      const lines = rows.flatMap((r) => r.children.find((c) => c.table === child.table)?.lines ?? []);
      if (lines.length) await copyLines(client, child.table, child.columns, lines);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
}
