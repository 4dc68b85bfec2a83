/**
 * `npm run bench:lighthouse`: Lighthouse's performance and accessibility audits, with its desktop settings and with its
 * default (mobile) ones, of four portal pages: /search and a project page signed in as the demo company owner, the
 * candidate's own profile signed in as the demo candidate, and the interview answer page a candidate opens from the
 * emailed link (signed out). Served by the real server from the last `npm run build` over a fresh embedded PostgreSQL
 * with the demo data. Beside them the same audit of a blank page on the same server: the machine's own ceiling, so a
 * score reads against what this machine can reach at all.
 * Lighthouse's simulated throttling reads the machine's own CPU time, so a score moves with the machine's load: each
 * page is audited LIGHTHOUSE_RUNS times (3 unless told), in turn, and the run of median performance is printed, with
 * the load average. Each run is then read a second time by CPU time (scripts/lighthouseCpu.ts): the same trace with
 * every main-thread task as long as the CPU its thread spent, re-audited, which is what the page's own work scores
 * with the machine's neighbours taken away (the network and the server's answer times stay as observed).
 * LIGHTHOUSE_FORM_FACTORS=desktop (or mobile) audits one setting only; LIGHTHOUSE_PAGES=search,profile only the
 * pages whose label holds one of the words (the target is then not judged).
 * Targets: performance >= 95 on desktop and >= 90 on mobile, accessibility 100, on the four pages. Exits 1 when one is
 * missed. Last mobile runs (medians of three): wall-clock, which the target reads, /search 85, a project 78, the
 * profile 80, the answer link 91 at load 0.6 to 1.0, and 76, 80, 75, 89 at load 4.5 to 1.5; by CPU time 94, 94, 91, 95
 * and 96, 92, 89, 95 (TBT by CPU 109 to 167 ms on three pages, 264 to 307 ms on the profile); accessibility 100.
 * Another day, on a host slower by CPU too (90, 91, 83, 93), at load 1.4 to 1.9: 77, 79, 70, 82; a third, 82, 77, 74, 84
 * (by CPU 90, 93, 87, 92) at load 1.1 to 2.0; a fourth, 77, 71, 73, 84 (by CPU 89, 90, 86, 92) at load 0.9 to 1.4,
 * and in an hour when a blank page's main thread took half as much CPU again (60 against 40 ms), the profile 68 (by CPU
 * 77). A fifth, 79, 79, 76, 87 (by CPU 92, 91, 86, 94) at load 2.5 to 1.6. `content-visibility: auto` on the profile's
 * form sections gave 64 (by CPU 78) against 68 in the same hour, and accessibility 96: axe cannot measure the size of a
 * button whose section is not rendered.
 * What is left: the page's main thread runs for 40 to 60% of its tasks' wall time, a blank page's too (39 of 79 ms): a
 * parallel scavenge waits for its helper threads, a layout for the scheduler, while Chromium's other threads,
 * Lighthouse and the server share the two cores, and at 4x every stretched task counts four times. By CPU the profile
 * is lowest: 86 inputs and 916 style rules, which React and MUI's runtime styling (emotion) draw a task after another.
 * The main thread waits mostly on Chromium's own threads. In one traced 35 ms stretch of a project page's load, the
 * main thread ran for 0.7 ms while the renderer's compile workers ran for 20 ms and the GPU process's compositor for
 * 7 ms. With the server, PostgreSQL and Lighthouse at the lowest priority, the main thread still ran for only 53-55%.
 * Lighthouse's own filmstrip costs the GPU process a screenshot per frame that changes (about 250 ms of its compositor
 * thread's CPU over a project page's load). The start-up spinner, now shown only after half a second, drew 13 of the
 * 24 such frames: without it the page gave 12 screenshots, and the same scores (project 79, /search 77, at load 0.8).
 * Debian's headless shell (CHROMIUM_PATH=/usr/bin/chromium-headless-shell) in place of the full Chromium gave 83 and
 * 80 against 76 and 74 in one run each at load 2: what the browser itself runs beside the page is worth those points.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { createApp } from '../backend/app';
import { requestToken } from '../backend/features/interviews';
import { attachLive } from '../backend/features/live';
import { loadConfig } from '../backend/config';
import { openDatabase } from '../backend/db/database';
import { removeDataFolder } from '../backend/db/reachability';
import { createKnex } from '../backend/db/knex';
import { migrate } from '../backend/db/migrate';
import { seed } from '../seeds';
import { sessionCookie } from './benchSession';
import { rewriteSavedTrace } from './lighthouseCpu';

const OWNER = 'owner@acme.example.com';
const CANDIDATE = 'candidate@example.com';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'talentbase-bench-lighthouse-'));
const config = loadConfig({ worker: false, dataDir, embeddedPgPort: 20000 + Math.floor(Math.random() * 20000) });
const db = await openDatabase(config, () => {});
const knex = createKnex(db.connectionString);
const app = createApp({ knex, config });
// The blank page: the same server, no application. Answered ahead of the app, whose own fallback would otherwise
// serve the portal's index.html at this path too (and the ceiling would be a portal page).
const BLANK =
  '<!doctype html><html lang="en"><head><title>Blank</title></head><body><main><h1>Blank</h1></main></body></html>';
const server = createServer((req, res) => {
  if (req.url !== '/bench-blank') return void app(req, res);
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }).end(BLANK);
});

type FormFactor = 'desktop' | 'mobile';
const TARGET: Record<FormFactor, number> = { desktop: 95, mobile: 90 };

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  failed: string[];
  /** The same run re-audited with each main-thread task as long as its CPU time (scripts/lighthouseCpu.ts). */
  cpu: { performance: number; lcp: number; tbt: number; longest: number; wallMs: number; cpuMs: number };
}

let chrome: chromeLauncher.LaunchedChrome | undefined;
let stopLive: (() => Promise<void> | void) | undefined;
try {
  await migrate(knex, db.connectionString);
  await seed(knex, { log: () => {} });
  // The live channel the pages open, as the product serves it (without it each page retries its WebSocket).
  const live = await attachLive(server, { knex, config });
  stopLive = () => live.close();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cookie = await sessionCookie(base, knex, OWNER);
  const owner = await knex('company_users').where('email', OWNER).first('company_id');
  const project = await knex('projects')
    .where('company_id', owner.company_id)
    .orderBy('id')
    .first('id', 'guid', 'title');

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  const audit = async (label: string, url: string, as: string | undefined, form: FormFactor): Promise<Row> => {
    // The run's artifacts are kept for the second reading, by CPU time.
    const saved = mkdtempSync(path.join(os.tmpdir(), 'talentbase-lighthouse-run-'));
    const flags = {
      port: chrome!.port,
      output: 'json' as const,
      logLevel: 'error' as const,
      onlyCategories: ['performance', 'accessibility'],
      ...(as ? { extraHeaders: { Cookie: as } } : {}),
    };
    // Lighthouse's default configuration is the mobile one: a phone's screen, a slow 4G link and a 4x slower CPU.
    const config = form === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(url, { ...flags, gatherMode: saved, auditMode: saved }, config);
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const totals = rewriteSavedTrace(saved);
    const { wallMs, cpuMs } = totals ?? { wallMs: NaN, cpuMs: NaN };
    // A run without a trace (the page failed to load) is read as Lighthouse read it.
    const byCpu = totals ? await lighthouse(undefined, { ...flags, auditMode: saved }, config) : result;
    // With LIGHTHOUSE_JSON the run's artifacts (its trace by CPU time among them) are kept beside the report.
    if (process.env.LIGHTHOUSE_JSON) console.log(`${label}: artifacts in ${saved}`);
    else rmSync(saved, { recursive: true, force: true });
    if (!byCpu) throw new Error(`no Lighthouse result by CPU time for ${url}`);
    const cpuAudits = byCpu.lhr.audits;
    const longest = Math.max(
      0,
      ...(((cpuAudits['long-tasks']?.details as { items?: { duration: number }[] } | undefined)?.items ?? []).map(
        (i) => i.duration,
      ) ?? []),
    );
    const { categories, audits } = result.lhr;
    // LIGHTHOUSE_JSON=<dir> keeps each page's whole report, to read any audit afterwards.
    if (process.env.LIGHTHOUSE_JSON)
      writeFileSync(
        path.join(
          process.env.LIGHTHOUSE_JSON,
          `${form}-${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.json`,
        ),
        JSON.stringify(result.lhr),
      );
    // LIGHTHOUSE_DETAIL=1 prints where the main thread's time went and the scripts that took it.
    if (process.env.LIGHTHOUSE_DETAIL) {
      type Items = { details?: { items?: Record<string, unknown>[] } };
      for (const id of ['mainthread-work-breakdown', 'bootup-time', 'long-tasks']) {
        const items = ((audits[id] as Items | undefined)?.details?.items ?? []).slice(0, 8);
        console.log(`${label} · ${id}`);
        for (const item of items) console.log(`  ${JSON.stringify(item).slice(0, 200)}`);
      }
    }
    const metric = (id: string) => audits[id]?.numericValue ?? NaN;
    if (process.env.LIGHTHOUSE_DETAIL)
      console.log(
        `${label} · run: performance ${Math.round((categories.performance.score ?? 0) * 100)}, FCP ${metric('first-contentful-paint').toFixed(0)} ms, LCP ${metric('largest-contentful-paint').toFixed(0)} ms, TBT ${metric('total-blocking-time').toFixed(0)} ms`,
      );
    const failed = categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => {
        const items = (
          (audits[ref.id]?.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? []
        ).slice(0, 3);
        return `${ref.id} (${items.map((i) => i.node?.snippet ?? '?').join(' ')})`;
      });
    return {
      page: label,
      performance: Math.round((categories.performance.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      failed,
      cpu: {
        performance: Math.round((byCpu.lhr.categories.performance.score ?? 0) * 100),
        lcp: cpuAudits['largest-contentful-paint']?.numericValue ?? NaN,
        tbt: cpuAudits['total-blocking-time']?.numericValue ?? NaN,
        longest,
        wallMs,
        cpuMs,
      },
    };
  };

  // The interview answer page needs a request: the owner asks the demo candidate for an interview, as a company does.
  const candidate = await knex('candidates').where('email', CANDIDATE).first('id');
  await knex('project_candidates')
    .insert({
      project_id: project.id,
      candidate_id: candidate.id,
      company_id: owner.company_id,
      stage: 2,
      curated: true,
      revealed_at: new Date(),
      last_recruitment_updated_at: new Date(),
    })
    .onConflict(['project_id', 'candidate_id'])
    .ignore();
  const asked = await fetch(`${base}/api/v1/projects/candidate/interview/request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({
      projectId: `Project:${project.id}`,
      candidateId: [`Candidate:${candidate.id}`],
      requestAction: 'request_interview',
    }),
  });
  if (asked.status >= 300) throw new Error(`no interview request: ${asked.status} ${await asked.text()}`);
  const request = await knex('interview_requests')
    .where('candidate_id', candidate.id)
    .orderBy('id', 'desc')
    .first('guid');
  const answerUrl = `${base}/interview-request?irt=${requestToken(config.secret, request.guid)}&av=approve&m=email`;
  const candidateCookie = await sessionCookie(base, knex, CANDIDATE);

  const pages: [string, string, string | undefined][] = [
    ['blank page (ceiling)', `${base}/bench-blank`, undefined],
    ['/search', `${base}/search`, cookie],
    // The address the portal's links write: the project's guid.
    [`/project/:guid (${project.title})`, `${base}/project/${project.guid}`, cookie],
    ['/candidate/profile (the candidate)', `${base}/candidate/profile`, candidateCookie],
    ['/interview-request (answer link)', answerUrl, undefined],
  ];
  // LIGHTHOUSE_PAGES=search,profile audits only the pages whose label holds one of the words (and the blank page).
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
  if (only) pages.splice(1, pages.length, ...pages.slice(1).filter(([label]) => only.some((w) => label.includes(w))));
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
  const forms = (process.env.LIGHTHOUSE_FORM_FACTORS ?? 'desktop,mobile')
    .split(',')
    .filter((f): f is FormFactor => f === 'desktop' || f === 'mobile');
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  let met = true;
  for (const form of forms) {
    const loadBefore = load();
    const all: Row[][] = pages.map(() => []);
    // Pages in turn within each round, so a burst of load elsewhere weighs on every page alike.
    for (let round = 0; round < runs; round++)
      for (const [i, [label, url, as]] of pages.entries()) all[i].push(await audit(label, url, as, form));
    const rows = all.map((of) => {
      const sorted = [...of].sort((a, b) => a.performance - b.performance || b.tbt - a.tbt);
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      return { ...median, page: `${median.page}${runs > 1 ? ` [${of.map((r) => r.performance).join(' ')}]` : ''}` };
    });
    const target = TARGET[form];
    console.log('');
    console.log(`${form} settings`);
    console.log(`${'page (median of the runs [each run])'.padEnd(58)} perf  a11y   FCP ms   LCP ms   TBT ms    CLS`);
    for (const r of rows) {
      const cells = [r.performance, r.accessibility].map((n) => String(n).padStart(5)).join(' ');
      const ms = [r.fcp, r.lcp, r.tbt].map((n) => n.toFixed(0).padStart(8)).join(' ');
      console.log(
        `${r.page.padEnd(58)}${cells} ${ms} ${r.cls.toFixed(3).padStart(6)}${r.failed.length ? `  accessibility misses: ${r.failed.join(', ')}` : ''}`,
      );
    }
    // The same runs read by CPU time: what the page's own work scores on this machine without its neighbours.
    console.log(
      `${'by CPU time (scripts/lighthouseCpu.ts), the same runs'.padEnd(58)} perf   LCP ms   TBT ms  longest  main thread CPU/wall ms`,
    );
    for (const r of rows) {
      const ms = [r.cpu.lcp, r.cpu.tbt, r.cpu.longest].map((n) => n.toFixed(0).padStart(8)).join(' ');
      console.log(
        `${r.page.padEnd(58)}${String(r.cpu.performance).padStart(5)} ${ms}  ${r.cpu.cpuMs.toFixed(0)}/${r.cpu.wallMs.toFixed(0)}`,
      );
    }
    console.log(
      `target (${form}): performance >= ${target}, accessibility 100 on the four pages · load average ${loadBefore} before, ${load()} after`,
    );
    met &&= pages.length === 5 && rows.slice(1).every((r) => r.performance >= target && r.accessibility === 100);
  }
  process.exitCode = met ? 0 : 1;
} finally {
  await chrome?.kill();
  await stopLive?.();
  server.closeAllConnections();
  server.close();
  await knex.destroy();
  await db.stop();
  await removeDataFolder(dataDir);
}
process.exit(process.exitCode ?? 0);
