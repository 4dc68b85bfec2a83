import type { Knex } from 'knex';

/**
 * Written by hand: blind CVs stored before a blind CV was scrubbed when attached (backend/features/talent/cv/
 * storedPaths.ts) are scrubbed once by the scrub_blind_cvs job (backend/jobs/tasks/scrub_blind_cvs.ts), queued here,
 * once per database, under its job key. graphile-worker's schema is made after these migrations (backend/db/
 * migrate.ts): a database migrated before has it, a new one does not yet and holds no blind CV, so the job is queued
 * only where add_job exists and a candidate has a blind CV. The job walks the candidates in batches, queuing itself
 * for the next, and leaves a file it cannot scrub as it is. Down removes the job if it has not run yet.
 */
const WORKER_HAS = (fn: string) => `exists (select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'graphile_worker' and p.proname = '${fn}')`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`do $$
begin
  if ${WORKER_HAS('add_job')} and exists (select 1 from candidates where blind_resume_path is not null) then
    perform graphile_worker.add_job('scrub_blind_cvs', '{}', job_key := 'scrub_blind_cvs');
  end if;
end
$$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`do $$
begin
  if ${WORKER_HAS('remove_job')} then
    perform graphile_worker.remove_job('scrub_blind_cvs');
  end if;
end
$$`);
}
