import type { Knex } from 'knex';

// Written by hand: data, not shape. The candidates who predate recorded consents keep being shown
// to companies, sent to their ATSs and assessed by AI match, recorded as 'existing' (source 4) until
// they decide; marketing stays unrecorded (opt-in). No terms row: each is asked to accept the
// notice at their next sign-in. Their activity starts at their profile's last change, so the
// retention periods do not count them absent from the day they joined.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    insert into candidate_consents (candidate_id, purpose, granted, source, decided_at)
    select c.id, p.purpose, true, 4, now() from candidates c cross join (values (2), (3), (4)) as p(purpose)
    where not (c.first_name = 'Erased' and c.last_name = 'candidate')
    on conflict (candidate_id, purpose) do nothing`);
  await knex.raw(`
    insert into candidate_activity (candidate_id, last_active_at)
    select c.id, greatest(c.created_at, c.updated_at) from candidates c
    on conflict (candidate_id) do nothing`);
}

export async function down(knex: Knex): Promise<void> {
  await knex('candidate_consents').where('source', 4).delete();
}
