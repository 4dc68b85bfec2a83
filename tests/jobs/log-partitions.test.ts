/**
 * The search-appearance and view log is partitioned by month: writes land in their month, the
 * maintain_log_partitions job (run by graphile-worker with the real task list) keeps months created
 * ahead and drops the months past LOG_RETENTION_MONTHS only once the daily rollup holds their counts,
 * and the candidate's profile insights count the dropped months still.
 */
import { Logger } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../backend/config';
import { monthlyPartitions, MONTHS_AHEAD } from '../../backend/db/partitions';
import { rollupDaily } from '../../backend/features/dashboards';
import { keepFrom } from '../../backend/jobs/tasks/maintain_log_partitions';
import { taskList } from '../../backend/jobs/worker';
import { client, type Client } from '../helpers/actors';
import { testApp, TEST_SECRET, type TestApp } from '../helpers/app';
import { runJobsOnce } from '../helpers/jobs';

const TABLE = 'candidate_search_or_view_logs';
const silent = new Logger(() => () => {});
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
});
afterAll(async () => {
  await t?.knex.destroy();
});

async function maintain(logRetentionMonths = 13) {
  await t.knex.raw(`select graphile_worker.add_job('maintain_log_partitions')`);
  await runJobsOnce(
    { connectionString: t.url, logger: silent, noHandleSignals: true },
    taskList(loadConfig({ secret: TEST_SECRET, env: 'test', logRetentionMonths }), t.url),
  );
}
const monthName = (monthsAgo: number) => {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1));
  return `${TABLE}_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};
const partitions = async () => (await monthlyPartitions(t.knex, TABLE)).map((p) => p.name);
const allTime = async (candidateId: number) => {
  const res = await admin.get(`/candidate-search-or-view-log/profile-insights/Candidate:${candidateId}/all`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.views.allTime as number;
};

describe('Monthly partitions of the search-appearance and view log', () => {
  it('reads the month from the same clock as the app: the database agrees with it to the minute', async () => {
    // Under the calendar test's moved clock (tests/api/calendar.test.ts) this proves PostgreSQL moved with Node.
    const { rows } = await t.knex.raw<{ rows: { now: Date }[] }>('select now()');
    expect(Math.abs(rows[0].now.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('holds this month and the next three once the daily job ran, and a view lands in its month', async () => {
    // A database made before midnight on a month's last day has, until the job's run that night, one month fewer ahead.
    await maintain();
    const names = await partitions();
    for (let ahead = 0; ahead <= MONTHS_AHEAD; ahead++) expect(names).toContain(monthName(-ahead));
    const [candidate] = await t.knex('candidates').orderBy('id').limit(1).pluck('id');
    const viewed = await admin.post('/candidate-search-or-view-log/profile-view', {
      candidateId: `Candidate:${candidate}`,
    });
    expect(viewed.status, JSON.stringify(viewed.body)).toBeLessThan(300);
    const [{ count }] = await t
      .knex(monthName(0))
      .where('candidate_id', candidate)
      .count<{ count: string }[]>('* as count');
    expect(Number(count)).toBeGreaterThan(0);
  });

  it('keeps an old month until the rollup holds it, then drops it while insights still count it', async () => {
    const [candidate] = await t.knex('candidates').orderBy('id').offset(5).limit(1).pluck('id');
    await t.knex.raw(`select ensure_month_partition(?, now() - interval '20 months')`, [TABLE]);
    const old = monthName(20);
    await t.knex.raw(
      `insert into ${TABLE} (candidate_id, kind, actor_kind, actor_id, created_at, updated_at)
       select ?, 2, 2, 1, date_trunc('month', now() - interval '20 months', 'UTC') + interval '3 days', now() from generate_series(1, 7)`,
      [candidate],
    );
    const before = await allTime(candidate);
    expect(before).toBeGreaterThanOrEqual(7);

    // Never rolled up: kept, however old.
    await t.knex('rollup_marks').delete();
    await maintain();
    expect(await partitions()).toContain(old);

    await rollupDaily(t.knex);
    await maintain();
    expect(await partitions()).not.toContain(old);
    expect(await partitions()).toContain(monthName(0));
    expect(await allTime(candidate)).toBe(before);
  });

  it('writes a backdated row whose month has no partition, then gives it its month', async () => {
    const [candidate] = await t.knex('candidates').orderBy('id').offset(7).limit(1).pluck('id');
    const month = monthName(30);
    expect(await partitions()).not.toContain(month);
    await t.knex.raw(
      `insert into ${TABLE} (candidate_id, kind, actor_kind, actor_id, created_at, updated_at)
       values (?, 2, 1, 1, date_trunc('month', now() - interval '30 months', 'UTC') + interval '2 days', now()),
              (?, 2, 1, 1, now() - interval '25 years', now())`,
      [candidate, candidate],
    );
    expect((await t.knex(`${TABLE}_default`).where('candidate_id', candidate)).length).toBe(2);
    // A view moved back into the previous month (the profile-insights tests do it) is never refused.
    const [view] = await t.knex(TABLE).orderBy('id', 'desc').limit(1).pluck('id');
    await t
      .knex(TABLE)
      .where('id', view)
      .update({ created_at: t.knex.raw(`now() - interval '40 days'`) });

    await rollupDaily(t.knex);
    await maintain(60);
    // Within retention: in its own month now. Past it (and rolled up): deleted. None left in the default.
    expect(await partitions()).toContain(month);
    expect((await t.knex(month).where('candidate_id', candidate)).length).toBe(1);
    expect(await partitions()).not.toContain(monthName(300));
    expect(await t.knex(`${TABLE}_default`).count('* as n').first()).toEqual({ n: 0 });
  });

  it('keeps what the rollup has not reached even inside the retention cut', () => {
    const today = new Date('2026-11-27T10:00:00Z');
    expect(keepFrom(13, '2026-11-26', today)).toBe('2025-10-01');
    expect(keepFrom(13, '2025-03-14', today)).toBe('2025-03-15');
    expect(keepFrom(13, null, today)).toBe('0000-01-01');
  });
});
