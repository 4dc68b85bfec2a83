import type { Knex } from 'knex';

/**
 * Written by hand: the triggers of 20261207143507 (a change to a candidate raises their boards' event) fire always,
 * in the replica mode the bulk import writes in too (talent/writeCandidates.ts skips the per-row foreign-key checks
 * only while every other trigger on the tables it writes is enabled ALWAYS, as the search documents' are), so an
 * import that pauses or changes candidates reaches the boards that hold them, and stays fast.
 */
const TRIGGERS: [table: string, trigger: string][] = [
  ['candidate_search_documents', 'candidate_search_documents_live'],
  ['candidates', 'candidates_picture_live'],
  ['candidate_consents', 'candidate_consents_live_insert'],
  ['candidate_consents', 'candidate_consents_live_update'],
  ['candidate_consents', 'candidate_consents_live_delete'],
  ['project_candidates', 'project_candidates_moved_live'],
  ['project_candidates', 'project_candidates_deleted_live'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [table, trigger] of TRIGGERS) await knex.raw(`alter table ${table} enable always trigger ${trigger}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, trigger] of TRIGGERS) await knex.raw(`alter table ${table} enable trigger ${trigger}`);
}
