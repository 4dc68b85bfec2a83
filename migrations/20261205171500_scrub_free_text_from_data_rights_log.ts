import type { Knex } from 'knex';

/**
 * Written by hand: entries of the data rights log written before it stopped holding admins' words keep
 * none of them. A consent's request note becomes `requestNoted: true` (the note itself is on the consent row
 * since); a correction's decline reason and an erasure's hold reason, which their requests keep, are dropped.
 * The append-only trigger is lifted for this one statement pair and put back in the same transaction.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table data_rights_logs disable trigger data_rights_logs_append_only');
  await knex.raw(`update data_rights_logs
       set detail = (detail - 'request' - 'reason')
                    || case when detail->'request' is not null then '{"requestNoted": true}'::jsonb else '{}'::jsonb end
     where jsonb_typeof(detail) = 'object' and (detail->'request' is not null or detail->'reason' is not null)`);
  await knex.raw('alter table data_rights_logs enable trigger data_rights_logs_append_only');
}

/** The words dropped are not kept anywhere to put back. */
export async function down(): Promise<void> {}
