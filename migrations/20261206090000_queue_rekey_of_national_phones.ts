import type { Knex } from 'knex';

/**
 * Written by hand: a phone's match key is now its number in E.164, a national number ('07911 123456') read with its
 * profile's country (backend/features/duplicates/keys.ts), where it was its digits. The keys stored in
 * candidate_match_keys before differ only for a national number of a profile whose current location names a
 * country: the scan of the pool (scan_duplicates, backend/jobs/tasks/scan_duplicates.ts) rewrites every stored key
 * that changed and stores the pairs they now make, so it is queued here, under the job key the console's scan uses,
 * where such a profile exists. graphile-worker's schema is made after these migrations (backend/db/migrate.ts): a
 * database migrated before has it, a new one does not yet and holds no candidate. Down leaves a job not yet run in
 * place: under the job key it may be a scan an admin asked for, and a scan keys the pool by the rules of the code
 * that runs it, whichever they are.
 */
const WORKER_HAS = (fn: string) => `exists (select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'graphile_worker' and p.proname = '${fn}')`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`do $$
begin
  if ${WORKER_HAS('add_job')} and exists (select 1 from candidates c join cities ci on ci.id = c.current_location_id
                                            where c.phone is not null and left(btrim(c.phone), 1) <> '+') then
    perform graphile_worker.add_job('scan_duplicates', '{}', job_key := 'scan_duplicates',
                                    job_key_mode := 'preserve_run_at', max_attempts := 3);
  end if;
end
$$`);
}

export async function down(): Promise<void> {}
