import type { Knex } from 'knex';

/**
 * Written by hand: the search documents' queue steps aside while a batch writer refreshes what it
 * wrote itself. writeCandidates, writing an import's batch, sets `talentbase.search_queue` to
 * 'direct' for its own statements only, then calls candidate_search_refresh with the ids it wrote
 * and clears the setting (a bulk seed does the same for its one transaction); every other write,
 * and any later statement of the same transaction, is queued as before. The queue cost a batch
 * three statement triggers, its rows and their removal.
 */
const QUEUE = (name: string, column: string, stepsAside: boolean) => `
create or replace function ${name}() returns trigger language plpgsql as $fn$
begin
  ${stepsAside ? "if current_setting('talentbase.search_queue', true) = 'direct' then return null; end if;" : ''}
  if tg_op in ('INSERT', 'UPDATE') then
    insert into candidate_search_pending (candidate_id)
    select distinct n.${column} from new_rows n where n.${column} is not null on conflict do nothing;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    insert into candidate_search_pending (candidate_id)
    select distinct o.${column} from old_rows o where o.${column} is not null on conflict do nothing;
  end if;
  return null;
end
$fn$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(QUEUE('candidate_search_queue_candidates', 'id', true));
  await knex.raw(QUEUE('candidate_search_queue_children', 'candidate_id', true));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(QUEUE('candidate_search_queue_candidates', 'id', false));
  await knex.raw(QUEUE('candidate_search_queue_children', 'candidate_id', false));
}
