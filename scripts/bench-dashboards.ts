/**
 * `npm run bench:dashboards`: the admins' dashboards, the recruiter dashboard and the candidate's profile insights
 * over two years of history: 2,000,000 pipeline-activity rows and 20,000,000 search-appearance and view rows
 * (STAGE_ROWS, APPEARANCE_ROWS), written in the shape the product writes them over the demo data's candidates,
 * companies and projects, then rolled up by the real rollup_daily code. Each call is made over HTTP to the real
 * server, signed in as an admin or a company owner, RUNS times with varied filters, and printed as p50/p95 beside
 * the same figure computed over the raw logs alone (what each call costs without the rollups).
 * Target: every call at p95 <= 150 ms. A fresh embedded PostgreSQL in a temporary folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../backend/app';
import { loadConfig } from '../backend/config';
import { openDatabase } from '../backend/db/database';
import { createKnex } from '../backend/db/knex';
import { migrate } from '../backend/db/migrate';
import { rollupDaily } from '../backend/features/dashboards/rollups';
import { ACTIVITY } from '../schema/rules/pipeline';
import { seed } from '../seeds';
import { sessionCookie } from './benchSession';

const STAGE_ROWS = Number(process.env.STAGE_ROWS ?? 2_000_000);
const APPEARANCE_ROWS = Number(process.env.APPEARANCE_ROWS ?? 20_000_000);
const RUNS = Number(process.env.RUNS ?? 40);
const CHUNK = 1_000_000;
const TARGET_MS = 150;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'talentbase-bench-dashboards-'));
const config = loadConfig({ worker: false, dataDir, embeddedPgPort: 20000 + Math.floor(Math.random() * 20000) });
const db = await openDatabase(config, () => {});
const knex = createKnex(db.connectionString);
const server = createServer(createApp({ knex, config }));

const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/** Inserts `total` rows by chunks, each chunk one INSERT … SELECT over generate_series; prints progress. */
async function fill(label: string, total: number, chunkSql: (n: number) => string) {
  const t0 = performance.now();
  for (let done = 0; done < total; done += CHUNK) {
    await knex.raw(chunkSql(Math.min(CHUNK, total - done)));
    process.stdout.write(`\r${label}: ${Math.min(total, done + CHUNK).toLocaleString('en')} rows (${seconds(t0)})`);
  }
  process.stdout.write('\n');
}

/** Two years back from now, uniformly: the instant a generated row is dated. */
const WHEN = `now() - random() * interval '730 days'`;

async function loadHistory() {
  // The pool of ids the rows draw from: every candidate, and every project with its company.
  await knex.raw(`create temporary table bench_candidates as select row_number() over () as n, id from candidates`);
  await knex.raw(`create temporary table bench_projects as select row_number() over () as n, id, company_id from projects`);
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
    'pipeline activity',
    STAGE_ROWS,
    (n) => `
    insert into candidate_recruitment_stage_logs (candidate_id, activity, project_id, from_stage, to_stage, actor_kind, actor_id, company_id, actor_name, created_at, updated_at)
    select c.id, a.activity, pr.id, a.stage, case when a.activity = ${ACTIVITY.stageChanged} then least(a.stage + 1, 7) end,
           1, ${admin.id}, pr.company_id, 'Alex Morgan', g.at, g.at
    from (select i, ${WHEN} as at, 1 + floor(random() * ${c})::int as cn, 1 + floor(random() * ${p})::int as pn,
                 (array[${activities.join(',')}])[1 + floor(random() * ${activities.length})::int] as act,
                 1 + floor(random() * 6)::int as st
          from generate_series(1, ${n}) i) g
    join bench_candidates c on c.n = g.cn
    join bench_projects pr on pr.n = g.pn
    cross join lateral (select g.act as activity, g.st as stage) a`,
  );
  // The appearance log is partitioned by month: the two years of history need their months.
  await knex.raw(`select ensure_month_partition('candidate_search_or_view_logs', now() - make_interval(months => k)) from generate_series(0, 25) k`);
  await fill(
    'search appearances and views',
    APPEARANCE_ROWS,
    (n) => `
    insert into candidate_search_or_view_logs (candidate_id, kind, project_id, actor_kind, actor_id, company_id, created_at, updated_at)
    select c.id, case when random() < 0.9 then 1 else 2 end, null, 2, 1, pr.company_id, g.at, g.at
    from (select ${WHEN} as at, 1 + floor(random() * ${c})::int as cn, 1 + floor(random() * ${p})::int as pn from generate_series(1, ${n})) g
    join bench_candidates c on c.n = g.cn
    join bench_projects pr on pr.n = g.pn`,
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
  return { candidates: c, projects: p };
}

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

interface Row {
  name: string;
  p50: number;
  p95: number;
  raw?: { p50: number; p95: number };
}

async function timed(runs: number, once: (i: number) => Promise<void>): Promise<{ p50: number; p95: number }> {
  await once(0); // warm: the first call reads the pages from disk once
  const ms: number[] = [];
  for (let i = 1; i <= runs; i++) {
    const t0 = performance.now();
    await once(i);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { p50: pct(ms, 0.5), p95: pct(ms, 0.95) };
}

try {
  await migrate(knex, db.connectionString);
  await seed(knex, { log: () => {} });
  const { candidates } = await loadHistory();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const adminCookie = await sessionCookie(base, knex, 'admin@example.com');
  const ownerCookie = await sessionCookie(base, knex, 'owner@acme.example.com');
  const companies = (await knex('companies').orderBy('id').limit(20).pluck('id')) as number[];
  const projects = (await knex('projects').orderBy('id').pluck('id')) as number[];
  const candidateIds = (await knex('candidates').orderBy('id').limit(500).pluck('id')) as number[];

  const get = async (cookie: string, url: string) => {
    const res = await fetch(`${base}/api/v1${url}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  // Each run asks a different slice: a company, a project, a week or a range, as admins browse.
  const rangeOf = (i: number) => (i % 3 === 0 ? `from=${day(364)}&to=${day(0)}` : i % 3 === 1 ? `week=${day(7 * (i % 50))}` : '');
  const companyOf = (i: number) => (i % 4 === 0 ? `&company_id=Company:${companies[i % companies.length]}` : '');
  const projectOf = (i: number) => (i % 5 === 0 ? `&project_id=Project:${projects[i % projects.length]}` : '');
  const candidateOf = (i: number) => candidateIds[(i * 37) % candidateIds.length];

  const rows: Row[] = [];
  const add = (name: string, ours: { p50: number; p95: number }, raw?: { p50: number; p95: number }) => {
    rows.push({ name, ...ours, raw });
    console.log(`measured ${name}`);
  };

  add(
    'activity-per-week',
    await timed(RUNS, (i) => get(adminCookie, `/dashboard/activity-per-week?${rangeOf(i)}${companyOf(i)}${projectOf(i)}`)),
    await timed(RUNS, async (i) => {
      const from = i % 3 === 0 ? day(364) : day(84);
      await knex.raw(
        `select date_trunc('week', created_at) as week, to_stage, count(*) from candidate_recruitment_stage_logs
         where activity = ${ACTIVITY.stageChanged} and created_at >= ?::date group by 1, 2 order by 1`,
        [from],
      );
    }),
  );
  add(
    'project-overview-log-per-week',
    await timed(RUNS, (i) => get(adminCookie, `/dashboard/project-overview-log-per-week?${rangeOf(i)}${companyOf(i)}`)),
    await timed(RUNS, async (i) => {
      const from = i % 3 === 0 ? day(364) : day(84);
      await knex.raw(
        `select date_trunc('week', l.created_at), p.company_id, l.to_stage, count(*) from candidate_recruitment_stage_logs l join projects p on p.id = l.project_id
         where l.activity = ${ACTIVITY.stageChanged} and l.created_at >= ?::date group by 1, 2, 3`,
        [from],
      );
    }),
  );
  add('ta-project-assignment-log', await timed(RUNS, (i) => get(adminCookie, `/dashboard/ta-project-assignment-log?${rangeOf(i)}${companyOf(i)}`)));
  add(
    'ta-recruitment-event-log',
    await timed(RUNS, (i) => get(adminCookie, `/dashboard/ta-recruitment-event-log?${rangeOf(i)}${companyOf(i)}${projectOf(i)}&page=${1 + (i % 3)}`)),
  );
  add('recruiter (company owner)', await timed(RUNS, (i) => get(ownerCookie, `/dashboard/recruiter?${i % 2 ? `from=${day(364)}&to=${day(0)}` : ''}`)));
  add(
    'insights: appearances and views',
    await timed(RUNS, (i) => get(adminCookie, `/candidate-search-or-view-log/profile-insights/Candidate:${candidateOf(i)}/${['7', '30', 'all'][i % 3]}`)),
    await timed(RUNS, async (i) => {
      await knex.raw(
        `select kind, count(*) filter (where created_at >= now() - interval '7 days'), count(*) filter (where created_at >= now() - interval '30 days'), count(*)
         from candidate_search_or_view_logs where candidate_id = ? group by kind`,
        [candidateOf(i)],
      );
    }),
  );
  add(
    'insights: shortlists and interview requests',
    await timed(RUNS, (i) =>
      get(adminCookie, `/candidate-recruitment-stages-activity-log/profile-insights/Candidate:${candidateOf(i)}/${['7', '30', 'all'][i % 3]}`),
    ),
  );

  const f = (n: number) => n.toFixed(1).padStart(9);
  console.log('');
  console.log(
    `history: ${STAGE_ROWS.toLocaleString('en')} pipeline-activity rows, ${APPEARANCE_ROWS.toLocaleString('en')} appearance and view rows over 730 days, ${candidates.toLocaleString('en')} candidates; ${RUNS} calls each`,
  );
  console.log(`${'call'.padEnd(46)}   p50 ms    p95 ms   raw-log p50   raw-log p95`);
  for (const r of rows) console.log(`${r.name.padEnd(46)}${f(r.p50)} ${f(r.p95)}${r.raw ? `    ${f(r.raw.p50)}     ${f(r.raw.p95)}` : ''}`);
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log(`target: every call p95 <= ${TARGET_MS} ms · load average ${load}`);
  process.exitCode = rows.every((r) => r.p95 <= TARGET_MS) ? 0 : 1;
} finally {
  server.closeAllConnections();
  server.close();
  await knex.destroy();
  await db.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);
