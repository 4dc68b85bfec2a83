import type { Knex } from 'knex';

/**
 * Written by hand: the weekly sums of the moves the daily rollup already holds. The rollup job
 * recomputes only the weeks of its last days, so the older weeks are summed here once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `insert into recruitment_stage_weekly (week, project_id, to_stage, moves)
     select date_trunc('week', day)::date, project_id, to_stage, sum(moves) from recruitment_stage_daily group by 1, 2, 3`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('recruitment_stage_weekly').delete();
}
