import type { Knex } from 'knex';

/**
 * Written by hand: what the schema cannot express, how the database logs changes of the search documents.
 *
 * An API process keeps the search documents in memory. To catch up it reads, in one statement, the
 * documents changed by transactions at or after the oldest one still running when it last read (the
 * changes whose xid is at least the xmin of its previous read's snapshot): a transaction that was
 * running then and has committed since is found, and one that rolled back left nothing.
 * Three statement triggers on candidate_search_documents, one per event, log one row per inserted,
 * updated or deleted document with the writing transaction's id. They are ENABLE ALWAYS, like the
 * triggers that write the documents, so the bulk import's sessions (session_replication_role =
 * replica) log too. The purge_search_changes job deletes the rows older than the retention.
 */

const LOG = `
create or replace function candidate_search_log_changes() returns trigger language plpgsql as $fn$
declare tx bigint := pg_current_xact_id()::text::bigint;
begin
  if tg_op = 'INSERT' then
    insert into candidate_search_changes (xid, document_id) select tx, n.id from new_rows n;
  elsif tg_op = 'UPDATE' then
    insert into candidate_search_changes (xid, document_id) select tx, x.id from (select id from new_rows union select id from old_rows) x;
  else
    insert into candidate_search_changes (xid, document_id) select tx, o.id from old_rows o;
  end if;
  return null;
end
$fn$`;

const EVENTS = [
  ['insert', 'referencing new table as new_rows'],
  ['update', 'referencing new table as new_rows old table as old_rows'],
  ['delete', 'referencing old table as old_rows'],
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(LOG);
  for (const [op, referencing] of EVENTS) {
    const name = `candidate_search_documents_log_${op}`;
    await knex.raw(`create trigger ${name} after ${op} on candidate_search_documents ${referencing}
      for each statement execute function candidate_search_log_changes()`);
    await knex.raw(`alter table candidate_search_documents enable always trigger ${name}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [op] of EVENTS) await knex.raw(`drop trigger if exists candidate_search_documents_log_${op} on candidate_search_documents`);
  await knex.raw('drop function if exists candidate_search_log_changes()');
}
