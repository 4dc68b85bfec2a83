/**
 * The one write path of a candidate. Everything that creates or changes candidates (the generic
 * API the console and the candidate's own page use, the status and email-change endpoints, the
 * bulk import) hands checked candidates, prepared by prepareCandidate, to writeCandidates: one
 * transaction stores them (new ones by COPY with ids reserved from the sequence, existing ones by
 * one UPDATE), replaces their experience and education rows, and queues what the change implies
 * (effects.ts). The API writes one candidate at a time, and the search documents' queue refreshes
 * its document at commit; the import prepares thousands in its checking threads and writes them
 * batch by batch, each batch refreshing its own documents (refreshDirectly). All of a batch or none.
 */
import type { Knex } from 'knex';
import type pg from 'pg';
import { columnOf, entity, type EntityDef } from '../../../schema';
import type { Config } from '../../config';
import type { CheckedCandidate } from './checkCandidate';
import { CANDIDATE_REF_ENTITIES } from './checkCandidate';
import { recordKeys } from '../duplicates';
import { candidateEffects, queueCandidateEffects, withEffectColumns, type CandidateEffects } from './effects';
import { copyColumns, copyLines, encodeRow } from './import/copy';

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
const WRITTEN_TABLES = [candidate.table, ...CHILD_TABLES.map((c) => c.table)];

/** A checked candidate encoded for writing. */
export interface CandidateRow {
  id: number;
  /** COPY line of a new candidate. */
  insert?: string;
  /** Every stored column of an updated candidate (stored values where the change left them alone). */
  update?: Record<string, unknown>;
  /** Per child table (CHILD_TABLES order): its COPY lines, or null when the change leaves that list alone. */
  children: (string | null)[];
  /** The lookup rows the candidate refers to, as pairs: index in CANDIDATE_REF_ENTITIES, id (bulk writes lock them). */
  refs: number[];
  /** What the change implies once written. */
  effects: CandidateEffects;
}

/**
 * Encodes a checked candidate: `id` is the stored candidate's, or one reserved for a new one;
 * `stored` is the row as it is (camelCase) when the candidate exists.
 */
export function prepareCandidate(
  checked: CheckedCandidate,
  id: number,
  stored?: Record<string, unknown>,
  refs: number[] = [],
): CandidateRow {
  const parent = { candidateId: id };
  const children: (string | null)[] = CHILD_TABLES.map(() => null);
  for (const list of checked.children) {
    const at = CHILD_TABLES.findIndex((c) => c.table === list.entity.table);
    let lines = '';
    for (const item of list.items) lines += encodeRow(item, CHILD_TABLES[at].columns, parent);
    children[at] = lines;
  }
  const effects = candidateEffects(stored, checked.data);
  const data = withEffectColumns(checked.data, effects);
  const row: CandidateRow = { id, children, refs, effects };
  if (stored) {
    const merged = { ...stored, ...data };
    row.update = Object.fromEntries(
      candidateColumns.map((c) => [c.column, c.field === 'id' ? id : c.field in merged ? merged[c.field] : c.fallback]),
    );
    // When the stored row was read: the update is written only if nobody changed the row since (writeCandidates).
    // This guards the import, which reads rows unlocked in its checking threads; the API reads its row locked, so
    // the copy a client's form was filled from is compared there instead (assertCurrent in candidates.ts).
    row.update.updated_at = stored.updatedAt;
  } else row.insert = encodeRow(data, candidateColumns, { id });
  return row;
}

/** Ids for new candidates, taken from the sequence in order (unused ones are gaps). */
export const RESERVE_IDS_SQL =
  'select nextval(q.seq)::int as id from (select pg_get_serial_sequence($1, $2)::regclass as seq) q, generate_series(1, $3::int)';

export async function reserveCandidateIds(knex: Knex, count: number): Promise<number[]> {
  const { rows } = await knex.raw(RESERVE_IDS_SQL.replace(/\$\d/g, '?'), [candidate.table, 'id', count]);
  return (rows as { id: number }[]).map((r) => r.id);
}

/** Thrown when a lookup row a batch refers to was deleted after the batch was checked. */
export class VanishedReference extends Error {}

/** Candidates changed by someone else between their reading and this write: not written (the caller reports them). */
export class ChangedMeanwhile extends Error {
  constructor(readonly ids: number[]) {
    super(`changed while this ran (${ids.length === 1 ? 'this candidate' : `${ids.length} candidates`}): import again`);
  }
}

/**
 * Locks every lookup row a batch refers to, as a foreign-key check would (FOR KEY SHARE), in one
 * statement per table, and fails if any is gone. With this, a write that skips the per-row
 * foreign-key triggers (session_replication_role = replica) keeps the same guarantee.
 */
async function lockReferences(client: pg.ClientBase, rows: CandidateRow[]): Promise<void> {
  const sets = CANDIDATE_REF_ENTITIES.map(() => new Set<number>());
  for (const row of rows) for (let i = 0; i < row.refs.length; i += 2) sets[row.refs[i]].add(row.refs[i + 1]);
  for (const [i, set] of sets.entries()) {
    if (!set.size) continue;
    const name = CANDIDATE_REF_ENTITIES[i];
    const { rowCount } = await client.query(
      `select id from "${entity(name).table}" where id = any($1::int[]) for key share`,
      [[...set]],
    );
    if (rowCount !== set.size) throw new VanishedReference(`a ${name} this batch refers to was deleted meanwhile`);
  }
}

/**
 * Whether a write may skip the database's per-row triggers (a third of its work in a bulk import):
 * only as a superuser, and only while the only triggers on the tables it writes are the foreign-key
 * checks lockReferences stands in for, or triggers enabled ALWAYS (they fire in replica mode too:
 * the search documents' queue), and no other table refers to rows it deletes. Any other trigger a
 * feature adds makes writes go the ordinary way, so nothing is ever skipped silently.
 */
export async function maySkipTriggers(knex: Knex): Promise<boolean> {
  // Arrays as PostgreSQL array literals: knex would spread a JS array into a list of parameters.
  const list = (tables: string[]) => `{${tables.join(',')}}`;
  const children = list(CHILD_TABLES.map((c) => c.table));
  const written = list(WRITTEN_TABLES);
  const { rows } = await knex.raw(
    `select current_setting('is_superuser') = 'on' as superuser,
       exists (select 1 from pg_trigger where tgrelid = any(?::regclass[]) and not tgisinternal and tgenabled <> 'A') as triggers,
       exists (select 1 from pg_constraint where contype = 'f' and confrelid = any(?::regclass[]) and conrelid <> all(?::regclass[])) as referenced`,
    [written, children, written],
  );
  const { superuser, triggers, referenced } = rows[0] as { superuser: boolean; triggers: boolean; referenced: boolean };
  return superuser && !triggers && !referenced;
}

export interface WriteOptions {
  /** Where effects' emails link to, and the product's name in them. */
  config: Config;
  /** Skip the per-row foreign-key triggers and lock the references in bulk (see maySkipTriggers). */
  skipTriggers?: boolean;
  /**
   * Refresh the written candidates' search documents by one call once the rows are written, with
   * the documents' queue standing aside for these statements only (a batch of thousands: the queue
   * would cost three statement triggers, their rows and their removal at commit). Without it the
   * queue refreshes them at commit, as for every other write.
   */
  refreshDirectly?: boolean;
  /**
   * The caller finds the written candidates' likely twins itself once the transaction has
   * committed (findTwins with keysKept; the bulk import, which reports them per row): no
   * find_twins job is queued. The match keys are kept in the transaction either way.
   */
  twinsFoundByCaller?: boolean;
}

/**
 * Turns the search documents' queue off (or on again) for the rest of the transaction's statements
 * (migration search_queue_steps_aside_for_batches): a writer that calls candidate_search_refresh
 * for what it wrote itself says so, and nothing is queued row by row and taken off again.
 */
export const searchQueueSql = (on: boolean) =>
  `select set_config('talentbase.search_queue', '${on ? '' : 'direct'}', true)`;

/** The pg connection of a knex transaction: COPY needs the driver's client itself. */
async function connectionOf(trx: Knex.Transaction): Promise<pg.ClientBase> {
  // A transaction's client hands out its one connection and never releases it early.
  return (trx.client as { acquireConnection(): Promise<pg.ClientBase> }).acquireConnection();
}

/** Writes candidates in the caller's transaction, and queues their effects in it. */
export async function writeCandidates(
  trx: Knex.Transaction,
  rows: CandidateRow[],
  options: WriteOptions,
): Promise<void> {
  if (!rows.length) return;
  const client = await connectionOf(trx);
  if (options.skipTriggers) {
    await client.query("set local session_replication_role = 'replica'");
    await lockReferences(client, rows);
  }
  if (options.refreshDirectly) await client.query(searchQueueSql(false));
  const inserts = rows.filter((r) => r.insert !== undefined);
  const updates = rows.filter((r) => r.update !== undefined);
  if (inserts.length)
    await copyLines(client, candidate.table, candidateColumns, [inserts.map((r) => r.insert as string).join('')]);
  if (updates.length) {
    const sets = candidateColumns.filter((c) => c.column !== 'id').map((c) => `"${c.column}" = r."${c.column}"`);
    // Only rows as they were read (to the millisecond a Date keeps): one changed since, by an erasure, a pause or an
    // admin's edit, is not overwritten with the old copy merged into this change.
    const { rows: written } = await client.query<{ id: number }>(
      `update "${candidate.table}" c set ${sets.join(', ')}, updated_at = now() from json_populate_recordset(null::"${candidate.table}", $1::json) r
        where c.id = r.id and (r.updated_at is null or date_trunc('milliseconds', c.updated_at) = r.updated_at) returning c.id`,
      [JSON.stringify(updates.map((r) => r.update))],
    );
    if (written.length < updates.length) {
      const done = new Set(written.map((w) => w.id));
      throw new ChangedMeanwhile(updates.filter((r) => !done.has(r.id)).map((r) => r.id));
    }
  }
  for (const [at, child] of CHILD_TABLES.entries()) {
    const replaced = updates.filter((r) => r.children[at] !== null).map((r) => r.id);
    if (replaced.length)
      await client.query(`delete from "${child.table}" where "${columnOf(child.foreignKey)}" = any($1::int[])`, [
        replaced,
      ]);
    const lines = rows.map((r) => r.children[at] ?? '').join('');
    if (lines) await copyLines(client, child.table, child.columns, [lines]);
  }
  // Effects are queued with every trigger on: graphile-worker's own wake-up trigger included.
  if (options.skipTriggers) await client.query("set local session_replication_role = 'origin'");
  if (options.refreshDirectly) {
    // Later statements of the transaction are queued again; these candidates are refreshed now.
    await client.query(searchQueueSql(true));
    await client.query('select candidate_search_refresh($1::int[])', [rows.map((r) => r.id).sort((a, b) => a - b)]);
  }
  await queueCandidateEffects(
    trx,
    options.config,
    rows.map((r) => r.effects),
  );
  // Every way in (the console, the import, a CV, a sign-up, an ATS) has its likely twins found for review.
  await recordKeys(
    trx,
    rows.map((r) => r.id),
    { queue: !options.twinsFoundByCaller },
  );
}
