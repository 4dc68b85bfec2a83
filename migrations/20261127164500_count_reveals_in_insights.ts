import type { Knex } from 'knex';

/**
 * Written by hand: the candidates' insights count reveals of their name and contact (insight kind 5,
 * pipeline activity 3). The daily rollup recomputes only its last days, so the days it already
 * holds get their reveals here, from the pipeline log; later days are counted as they happen.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `insert into candidate_insight_daily (candidate_id, kind, day, count)
     select l.candidate_id, 5, (l.created_at at time zone 'UTC')::date, count(*)
     from candidate_recruitment_stage_logs l, rollup_marks m
     where m.name = 'daily' and l.activity = 3 and l.candidate_id is not null and (l.created_at at time zone 'UTC')::date <= m.through
     group by 1, 3
     on conflict (candidate_id, kind, day) do update set count = excluded.count`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('candidate_insight_daily').where('kind', 5).delete();
}
