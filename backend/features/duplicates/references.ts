/**
 * Every place a candidate's id is written: the foreign keys to candidates, read from the catalogue
 * at each merge (so a table added later is moved too, or the merge fails rather than lose it), and
 * the columns that name a candidate by kind and id without a foreign key.
 */
import type { Knex } from 'knex';

export interface Reference {
  table: string;
  column: string;
  /** An extra condition on the row, e.g. "actor_kind = 3" for a column shared by several kinds. */
  where?: string;
}

/**
 * Candidate ids kept without a foreign key (rollups outlive their rows; sessions name actors by
 * kind; an ATS link keeps its candidate past its pipeline row, for their erasure and their copy of
 * their data, dataRights/eraseAts.ts; a mark for alerts outlives nothing but is kept bare). The data
 * rights log is append-only and keeps the id it was written with: the merged id answers as its survivor.
 */
export const UNCHECKED_REFERENCES: Reference[] = [
  { table: 'alert_changed_candidates', column: 'candidate_id' },
  { table: 'candidate_insight_daily', column: 'candidate_id' },
  { table: 'candidate_search_pending', column: 'candidate_id' },
  { table: 'integration_links', column: 'candidate_id' },
  { table: 'sessions', column: 'actor_id', where: 'actor_kind = 3' },
  { table: 'social_logins', column: 'account_id', where: 'account_kind = 3' },
];

/**
 * The tables whose rows a merge handles itself rather than moving them as they are. A session and a social sign-in
 * key proved the merged profile's address, not the survivor's: they end with the merged profile (SIGN_INS).
 */
export const OWN_HANDLING = new Set(['candidate_duplicates', 'candidate_match_keys', 'sessions', 'social_logins']);

/** The merged profile's ways in, deleted by a merge rather than moved to the survivor (nor restored by an undo). */
export const SIGN_INS = UNCHECKED_REFERENCES.filter((r) => r.table === 'sessions' || r.table === 'social_logins');

/** The foreign keys to candidates(id) of ordinary and partitioned tables (a partition is moved through its parent). */
export async function foreignKeys(knex: Knex): Promise<Reference[]> {
  const { rows } = await knex.raw(`
    select c.conrelid::regclass::text as "table", a.attname as "column"
      from pg_constraint c
      join pg_class r on r.oid = c.conrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = 'candidates'::regclass and not r.relispartition
     order by 1, 2`);
  return rows as Reference[];
}

/** Every reference a merge must carry over, those that need their own handling left out. */
export async function allReferences(knex: Knex): Promise<Reference[]> {
  const existing = new Set(
    (
      (await knex.raw(`select tablename from pg_tables where schemaname = 'public'`)).rows as { tablename: string }[]
    ).map((r) => r.tablename),
  );
  return [...(await foreignKeys(knex)), ...UNCHECKED_REFERENCES.filter((r) => existing.has(r.table))].filter(
    (r) => !OWN_HANDLING.has(r.table),
  );
}
