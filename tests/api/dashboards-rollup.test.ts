/**
 * The weekly dashboards read whole weeks from the weekly rollup, the days around them from the daily
 * one and today from the live log: over five weeks of moves up to this minute, every figure equals
 * the same count over the raw log alone, before the job has run, after it, and after it ran again
 * over a move that landed late in yesterday.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollupDaily, stageKeyOf } from '../../backend/features/dashboards';
import { ACTIVITY, STAGES } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: Client;
let owner: Client;
let acme: number;

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
/** Ranges that start and end inside a week, hold whole weeks or none, and end today or in the past. */
const RANGES = [
  { from: day(33), to: day(0) },
  { from: day(38), to: day(10) },
  { from: day(6), to: day(0) },
  { from: day(20), to: day(15) },
];
const MOVED = [STAGES.qualify, STAGES.shortlist, STAGES.interviewing, STAGES.offered, STAGES.rejected];

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  owner = client(t, await t.login('owner@acme.example.com'));
  acme = (await t.knex('company_users').where('email', 'owner@acme.example.com').first('company_id')).company_id;
  // 600 moves, one every 1 h 37 min back from now over the seeded projects: today's are still only in the live log.
  await t.knex.raw(
    `insert into candidate_recruitment_stage_logs (candidate_id, activity, project_id, to_stage, actor_kind, company_id, created_at, updated_at)
     select c.id, ${ACTIVITY.stageChanged}, p.id, (?::int[])[1 + k % ?], 2, p.company_id, a.at, a.at
     from generate_series(0, 599) k
     cross join lateral (select now() - make_interval(mins => 97 * k) as at) a
     join lateral (select id, company_id from projects order by id offset k % (select count(*) from projects) limit 1) p on true
     join lateral (select id from candidates order by id offset k % 50 limit 1) c on true`,
    [MOVED, MOVED.length],
  );
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** "week|company|stage" → moves over the raw log alone, for the range, per company or not, of one company or all. */
async function rawCounts(range: { from: string; to: string }, opts: { perCompany?: boolean; companyId?: number } = {}) {
  const { rows } = await t.knex.raw(
    `select to_char(date_trunc('week', (l.created_at at time zone 'UTC')::date), 'YYYY-MM-DD') as week, p.company_id, l.to_stage, count(*)::int as n
     from candidate_recruitment_stage_logs l join projects p on p.id = l.project_id
     where l.activity = ${ACTIVITY.stageChanged} and l.to_stage is not null
       and l.created_at >= ?::date::timestamp at time zone 'UTC' and l.created_at < (?::date + 1)::timestamp at time zone 'UTC'
       and (?::int is null or p.company_id = ?::int)
     group by 1, 2, 3`,
    [range.from, range.to, opts.companyId ?? null, opts.companyId ?? null],
  );
  const out: Record<string, number> = {};
  for (const r of rows as { week: string; company_id: number; to_stage: number; n: number }[]) {
    const key = `${r.week}|${opts.perCompany && r.company_id !== null ? `Company:${r.company_id}` : ''}|${stageKeyOf(r.to_stage)}`;
    out[key] = (out[key] ?? 0) + r.n;
  }
  return out;
}

type Stages = Record<string, number>;
const nonZero = (into: Record<string, number>, prefix: string, stages: Stages) => {
  for (const [k, n] of Object.entries(stages)) if (n) into[`${prefix}|${k}`] = (into[`${prefix}|${k}`] ?? 0) + n;
};

async function perWeek(range: { from: string; to: string }) {
  const res = await admin.get(`/dashboard/activity-per-week?from=${range.from}&to=${range.to}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const out: Record<string, number> = {};
  for (const w of res.body.data as { week: string; stages: Stages }[]) nonZero(out, `${w.week}|`, w.stages);
  return out;
}

async function overview(range: { from: string; to: string }) {
  const res = await admin.get(`/dashboard/project-overview-log-per-week?from=${range.from}&to=${range.to}&perPage=500`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const out: Record<string, number> = {};
  for (const r of res.body.data as { week: string; company: { id: string } | null; stages: Stages }[])
    nonZero(out, `${r.week}|${r.company?.id ?? ''}`, r.stages);
  return out;
}

async function recruiterMoves(range: { from: string; to: string }) {
  const res = await owner.get(`/dashboard/recruiter?from=${range.from}&to=${range.to}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.fromEntries(Object.entries(res.body.movedInto as Stages).filter(([, n]) => n));
}

/** The raw counts of the range summed over weeks, per stage: what the recruiter dashboard's movedInto shows. */
const byStage = (counts: Record<string, number>) => {
  const out: Record<string, number> = {};
  for (const [key, n] of Object.entries(counts)) {
    const stage = key.split('|')[2];
    out[stage] = (out[stage] ?? 0) + n;
  }
  return out;
};

async function expectRawFigures() {
  for (const range of RANGES) {
    const raw = await rawCounts(range);
    expect(Object.keys(raw).length, `${range.from}..${range.to}`).toBeGreaterThan(0);
    expect(await perWeek(range), `${range.from}..${range.to}`).toEqual(raw);
    expect(await overview(range), `${range.from}..${range.to}`).toEqual(await rawCounts(range, { perCompany: true }));
    expect(await recruiterMoves(range), `${range.from}..${range.to}`).toEqual(
      byStage(await rawCounts(range, { companyId: acme })),
    );
  }
}

const weeklyRows = () =>
  t
    .knex('recruitment_stage_weekly')
    .orderBy(['week', 'project_id', 'to_stage'])
    .select('week', 'project_id', 'to_stage', 'moves');
const dailySummedByWeek = async () =>
  (
    await t.knex.raw(
      `select date_trunc('week', day)::date as week, project_id, to_stage, sum(moves)::int as moves from recruitment_stage_daily group by 1, 2, 3 order by 1, 2, 3`,
    )
  ).rows;

describe('Weekly dashboards over the rollups and the live log', () => {
  it('give the raw log’s figures while nothing is rolled up yet', async () => {
    await expectRawFigures();
  });

  it('give the same figures once the job has rolled up every day before today', async () => {
    await rollupDaily(t.knex);
    expect((await weeklyRows()).length).toBeGreaterThan(0);
    expect(await weeklyRows()).toEqual(await dailySummedByWeek());
    await expectRawFigures();
  });

  it('count a move that landed late in yesterday on the next run, and a run repeated changes nothing', async () => {
    const project = await t.knex('projects').where('company_id', acme).orderBy('id').first('id');
    const candidate = await t.knex('candidates').orderBy('id').first('id');
    await t.knex.raw(
      `insert into candidate_recruitment_stage_logs (candidate_id, activity, project_id, to_stage, actor_kind, company_id, created_at, updated_at)
       values (?, ${ACTIVITY.stageChanged}, ?, ${STAGES.placed}, 2, ?, (?::date + interval '12 hours') at time zone 'UTC', now())`,
      [candidate.id, project.id, acme, day(1)],
    );
    await rollupDaily(t.knex);
    const rolled = await weeklyRows();
    expect(rolled).toEqual(await dailySummedByWeek());
    await expectRawFigures();
    expect((await recruiterMoves({ from: day(1), to: day(1) })).placed).toBeGreaterThanOrEqual(1);
    await rollupDaily(t.knex);
    expect(await weeklyRows()).toEqual(rolled);
    await expectRawFigures();
  });
});
