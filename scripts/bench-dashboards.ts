/**
 * `npm run bench:dashboards`: the admins' dashboards, the recruiter dashboard and the candidate's profile insights
 * over two years of history: 2,000,000 pipeline-activity rows and 20,000,000 search-appearance and view rows
 * (STAGE_ROWS, APPEARANCE_ROWS; `--quick` loads 200,000 and 1,000,000), written in the shape the product writes
 * them over the demo data's candidates, companies and projects (scripts/benchDashboards/history.ts), then rolled up
 * by the real rollup_daily code. Each call is made over HTTP to the real
 * server, signed in as an admin or a company owner, RUNS times with varied filters, and printed as p50/p95 beside
 * the same figure computed over the raw logs alone (what each call costs without the rollups).
 * Target: every call at p95 <= 150 ms. A fresh embedded PostgreSQL in a temporary folder.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../backend/app';
import { loadConfig } from '../backend/config';
import { openDatabase } from '../backend/db/database';
import { removeDataFolder } from '../backend/db/reachability';
import { createKnex } from '../backend/db/knex';
import { migrate } from '../backend/db/migrate';
import { ACTIVITY } from '../schema/rules/pipeline';
import { seed } from '../seeds';
import { loadHistory } from './benchDashboards/history';
import { sessionCookie } from './benchSession';

// `--quick` (or the variables) loads less for a first look; the target holds at the full volumes.
const quick = process.argv.includes('--quick');
const STAGE_ROWS = Number(process.env.STAGE_ROWS ?? (quick ? 200_000 : 2_000_000));
const APPEARANCE_ROWS = Number(process.env.APPEARANCE_ROWS ?? (quick ? 1_000_000 : 20_000_000));
const RUNS = Number(process.env.RUNS ?? 40);
const TARGET_MS = 150;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'talentbase-bench-dashboards-'));
const config = loadConfig({ worker: false, dataDir, embeddedPgPort: 20000 + Math.floor(Math.random() * 20000) });
const db = await openDatabase(config, () => {});
const knex = createKnex(db.connectionString);
const server = createServer(createApp({ knex, config }));

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
  const t0 = performance.now();
  const { candidates } = await loadHistory(knex, { stageRows: STAGE_ROWS, appearanceRows: APPEARANCE_ROWS });
  console.log(`history loaded and rolled up in ${((performance.now() - t0) / 60_000).toFixed(1)} min`);
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
  const rangeOf = (i: number) =>
    i % 3 === 0 ? `from=${day(364)}&to=${day(0)}` : i % 3 === 1 ? `week=${day(7 * (i % 50))}` : '';
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
    await timed(RUNS, (i) =>
      get(adminCookie, `/dashboard/activity-per-week?${rangeOf(i)}${companyOf(i)}${projectOf(i)}`),
    ),
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
  add(
    'ta-project-assignment-log',
    await timed(RUNS, (i) => get(adminCookie, `/dashboard/ta-project-assignment-log?${rangeOf(i)}${companyOf(i)}`)),
  );
  add(
    'ta-recruitment-event-log',
    await timed(RUNS, (i) =>
      get(
        adminCookie,
        `/dashboard/ta-recruitment-event-log?${rangeOf(i)}${companyOf(i)}${projectOf(i)}&page=${1 + (i % 3)}`,
      ),
    ),
  );
  add(
    'recruiter (company owner)',
    await timed(RUNS, (i) => get(ownerCookie, `/dashboard/recruiter?${i % 2 ? `from=${day(364)}&to=${day(0)}` : ''}`)),
  );
  add(
    'insights: appearances and views',
    await timed(RUNS, (i) =>
      get(
        adminCookie,
        `/candidate-search-or-view-log/profile-insights/Candidate:${candidateOf(i)}/${['7', '30', 'all'][i % 3]}`,
      ),
    ),
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
      get(
        adminCookie,
        `/candidate-recruitment-stages-activity-log/profile-insights/Candidate:${candidateOf(i)}/${['7', '30', 'all'][i % 3]}`,
      ),
    ),
  );

  const f = (n: number) => n.toFixed(1).padStart(9);
  console.log('');
  console.log(
    `history: ${STAGE_ROWS.toLocaleString('en')} pipeline-activity rows, ${APPEARANCE_ROWS.toLocaleString('en')} appearance and view rows over 730 days, ${candidates.toLocaleString('en')} candidates; ${RUNS} calls each`,
  );
  console.log(`${'call'.padEnd(46)}   p50 ms    p95 ms   raw-log p50   raw-log p95`);
  for (const r of rows)
    console.log(`${r.name.padEnd(46)}${f(r.p50)} ${f(r.p95)}${r.raw ? `    ${f(r.raw.p50)}     ${f(r.raw.p95)}` : ''}`);
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
  await removeDataFolder(dataDir);
}
process.exit(process.exitCode ?? 0);
