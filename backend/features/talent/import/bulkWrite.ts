/**
 * Writes prepared candidates (prepare.ts) in one transaction: new ones by COPY (their ids were
 * reserved from the sequence before checking, so their experience and education rows are encoded
 * already), existing ones by one UPDATE, then their child rows replaced. All of a batch or none.
 */
import type pg from 'pg';
import { columnOf, entity, type EntityDef } from '../../../../schema';
import { CANDIDATE_REF_ENTITIES } from './checkCandidate';
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
/** A candidate's child tables (experience, education) and their COPY columns, in a fixed order. */
export const CHILD_TABLES = Object.values(candidate.children ?? {}).map((c) => {
  const child = entity(c.entity);
  return { table: child.table, columns: copyColumns(child, storedFields(child)), foreignKey: c.foreignKey };
});

/** Thrown when a lookup row a batch refers to was deleted after the batch was checked. */
export class VanishedReference extends Error {}

/**
 * Locks every lookup row a batch refers to (`refs`: ids per CANDIDATE_REF_ENTITIES index), as a
 * foreign-key check would (FOR KEY SHARE), in one statement per table, and fails if any is gone.
 * With this, a writer whose session skips the per-row foreign-key triggers
 * (session_replication_role = replica) keeps the same guarantee.
 */
async function lockReferences(client: pg.ClientBase, refs: number[][]): Promise<void> {
  for (let i = 0; i < refs.length; i += 1) {
    if (!refs[i].length) continue;
    const name = CANDIDATE_REF_ENTITIES[i];
    const { rowCount } = await client.query(`select id from "${entity(name).table}" where id = any($1::int[]) for key share`, [refs[i]]);
    if (rowCount !== refs[i].length) throw new VanishedReference(`a ${name} this batch refers to was deleted meanwhile`);
  }
}

/** The lookup ids of some rows, per CANDIDATE_REF_ENTITIES index, each once. */
function refsOf(rows: PreparedRow[]): number[][] {
  const sets = CANDIDATE_REF_ENTITIES.map(() => new Set<number>());
  for (const row of rows) for (let i = 0; i < row.refs.length; i += 2) sets[row.refs[i]].add(row.refs[i + 1]);
  return sets.map((set) => [...set]);
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
    if (options.bulkReferences) await lockReferences(client, refsOf(rows));
    if (inserts.length) await copyLines(client, candidate.table, candidateColumns, [inserts.map((r) => r.insert as string).join('')]);
    if (updates.length) {
      const sets = candidateColumns.filter((c) => c.column !== 'id').map((c) => `"${c.column}" = r."${c.column}"`);
      await client.query(
        `update "${candidate.table}" c set ${sets.join(', ')}, updated_at = now() from json_populate_recordset(null::"${candidate.table}", $1::json) r where c.id = r.id`,
        [JSON.stringify(updates.map((r) => r.update))],
      );
    }
    for (const [at, child] of CHILD_TABLES.entries()) {
      const replaced = updates.filter((r) => r.children[at] !== null).map((r) => r.id);
      if (replaced.length) await client.query(`delete from "${child.table}" where "${columnOf(child.foreignKey)}" = any($1::int[])`, [replaced]);
      const lines = rows.map((r) => r.children[at] ?? '').join('');
      if (lines) await copyLines(client, child.table, child.columns, [lines]);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
}
