import type { Knex } from 'knex';

/**
 * Written by hand: the stays the moves ended (recruitment_stage_stays) for the days the daily rollup
 * already holds. The rollup recomputes only its last days, so the older ones are paired here, each
 * move with the move before it of the same candidate in the same project (activity 1, a stage
 * change); later days are paired as the rollup runs.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `insert into recruitment_stage_stays (day, project_id, stage, seconds, sample)
     select (l.created_at at time zone 'UTC')::date, l.project_id, prev.to_stage,
            extract(epoch from l.created_at - prev.created_at)::int, (l.id % 100)::int
     from candidate_recruitment_stage_logs l
     join rollup_marks r on r.name = 'daily'
     cross join lateral (
       select m.to_stage, m.created_at from candidate_recruitment_stage_logs m
       where m.project_id = l.project_id and m.candidate_id = l.candidate_id and m.activity = 1
         and (m.created_at, m.id) < (l.created_at, l.id)
       order by m.created_at desc, m.id desc limit 1
     ) prev
     where l.activity = 1 and l.candidate_id is not null and (l.created_at at time zone 'UTC')::date <= r.through`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('recruitment_stage_stays').delete();
}
