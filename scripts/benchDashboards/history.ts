/**
 * The two years of history `bench:dashboards` reads: pipeline activity and search appearances and
 * views over the demo data's candidates and projects, in the shape and order the product writes them
 * (each row dated after the one before, so ids and time rise together and every month's partition
 * fills in turn). Each chunk is one INSERT … SELECT over generate_series: no row crosses to Node.
 */
import type { Knex } from 'knex';
import { rollupDaily } from '../../backend/features/dashboards';
import { ACTIVITY } from '../../schema/rules/pipeline';

const CHUNK = 1_000_000;
const DAYS = 730;

const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/**
 * Inserts `total` rows by chunks; `chunkSql(n, at)` inserts n rows, `at` the SQL instant of its row
 * `i` (1..n): spread evenly over the two years up to now, oldest first.
 */
async function fill(
  knex: Knex,
  table: string,
  label: string,
  total: number,
  chunkSql: (n: number, at: string) => string,
) {
  const t0 = performance.now();
  // A bulk load's usual shape: the secondary indexes built once after the rows rather than row by row,
  // and the foreign-key and live-channel triggers off (every id is drawn from existing rows; nobody listens).
  const { rows: indexes } = await knex.raw(
    `select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = ?
       and indexname not in (select conname from pg_constraint where conrelid = ?::regclass)`,
    [table, table],
  );
  for (const { indexname } of indexes) await knex.raw('drop index ??', [indexname]);
  for (let done = 0; done < total; done += CHUNK) {
    const at = `now() - interval '${DAYS} days' * (1 - (${done} + i)::float8 / ${total})`;
    await knex.transaction(async (trx) => {
      await trx.raw('set local session_replication_role = replica');
      await trx.raw(chunkSql(Math.min(CHUNK, total - done), at));
    });
    process.stdout.write(`\r${label}: ${Math.min(total, done + CHUNK).toLocaleString('en')} rows (${seconds(t0)})`);
  }
  for (const { indexdef } of indexes) {
    await knex.transaction(async (trx) => {
      await trx.raw(`set local maintenance_work_mem = '256MB'`);
      // A partitioned table lists its index "on only" the parent; built here on every partition too.
      await trx.raw(indexdef.replace(/ ON ONLY /, ' ON '));
    });
  }
  process.stdout.write(`, ${indexes.length} indexes built (${seconds(t0)})\n`);
}

export async function loadHistory(knex: Knex, sizes: { stageRows: number; appearanceRows: number }) {
  // The pool of ids the rows draw from: every candidate, and every project with its company.
  await knex.raw(`create temporary table bench_candidates as select row_number() over () as n, id from candidates`);
  await knex.raw(
    `create temporary table bench_projects as select row_number() over () as n, id, company_id from projects`,
  );
  const [{ c }] = (await knex.raw(`select count(*)::int as c from bench_candidates`)).rows;
  const [{ p }] = (await knex.raw(`select count(*)::int as p from bench_projects`)).rows;
  const admin = await knex('admins').orderBy('id').first('id');
  // Most activity is moves between neighbouring stages; the rest reveals, notes, interview requests, curations.
  const activities = [
    ACTIVITY.stageChanged,
    ACTIVITY.stageChanged,
    ACTIVITY.stageChanged,
    ACTIVITY.stageChanged,
    ACTIVITY.revealed,
    ACTIVITY.noteAdded,
    ACTIVITY.interviewRequested,
    ACTIVITY.curated,
  ];
  await fill(
    knex,
    'candidate_recruitment_stage_logs',
    'pipeline activity',
    sizes.stageRows,
    (n, at) => `
    insert into candidate_recruitment_stage_logs (candidate_id, activity, project_id, from_stage, to_stage, actor_kind, actor_id, company_id, actor_name, created_at, updated_at)
    select c.id, g.act, pr.id, g.st, case when g.act = ${ACTIVITY.stageChanged} then least(g.st + 1, 7) end,
           1, ${admin.id}, pr.company_id, 'Alex Morgan', g.at, g.at
    from (select i, ${at} as at, 1 + floor(random() * ${c})::int as cn, 1 + floor(random() * ${p})::int as pn,
                 (array[${activities.join(',')}])[1 + floor(random() * ${activities.length})::int] as act,
                 1 + floor(random() * 6)::int as st
          from generate_series(1, ${n}) i) g
    join bench_candidates c on c.n = g.cn
    join bench_projects pr on pr.n = g.pn
    order by g.i`,
  );
  // The appearance log is partitioned by month: the two years of history need their months.
  await knex.raw(
    `select ensure_month_partition('candidate_search_or_view_logs', now() - make_interval(months => k)) from generate_series(0, 25) k`,
  );
  await fill(
    knex,
    'candidate_search_or_view_logs',
    'search appearances and views',
    sizes.appearanceRows,
    (n, at) => `
    insert into candidate_search_or_view_logs (candidate_id, kind, project_id, actor_kind, actor_id, company_id, created_at, updated_at)
    select c.id, case when random() < 0.9 then 1 else 2 end, null, 2, 1, pr.company_id, g.at, g.at
    from (select i, ${at} as at, 1 + floor(random() * ${c})::int as cn, 1 + floor(random() * ${p})::int as pn from generate_series(1, ${n}) i) g
    join bench_candidates c on c.n = g.cn
    join bench_projects pr on pr.n = g.pn
    order by g.i`,
  );
  let t0 = performance.now();
  await knex.raw('analyze');
  console.log(`analyze: ${seconds(t0)}`);
  t0 = performance.now();
  const rolled = await rollupDaily(knex);
  console.log(`rollup_daily, first run over two years: ${seconds(t0)} (${rolled?.from} to ${rolled?.through})`);
  t0 = performance.now();
  await rollupDaily(knex);
  console.log(`rollup_daily, an hourly run (the last two days): ${seconds(t0)}`);
  await knex.raw('analyze');
  return { candidates: c as number, projects: p as number };
}
