/**
 * The multi-process run behind `npm run bench:cluster` and its test: two web processes
 * (scripts/benchCluster/web.ts) and one worker (backend/jobs/run.ts, the real entry) on one
 * PostgreSQL, each started as `node --import tsx <entry>` so a signal reaches the process itself.
 * Virtual users of one company run a mixed load through a round-robin "load balancer": searches,
 * stage moves, notes, chat messages, plan upgrades that spend credits (scripts/benchCluster/credits.ts)
 * and sign-ins. Three phases of equal length: one process, two,
 * then two with one killed (SIGKILL) half-way, after which the balancer sends to the survivor only.
 *
 * What it checks, against the load's own record of acknowledged requests: no 5xx from any process;
 * every acknowledged move, note and message written exactly once, and none of those cut by the kill
 * written twice; every job queued during the run completed exactly once (a trigger records each job
 * queued, the worker's jobs_completed_total counts completions); the live sockets held on the killed
 * process reconnect to the survivor and receive every event raised about the project's chat.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { newToken, sha256 } from '../../backend/auth/tokens';
import { freePort } from '../../backend/db/embedded';
import { createKnex } from '../../backend/db/knex';
import { listOutbox } from '../../backend/services/mail/outbox';
import { creditProblems, creditWorld } from './credits';
import { completions, drained } from './jobs';
import { holdSockets, type Sockets } from './sockets';

export interface ClusterOptions {
  databaseUrl: string;
  /** Seconds of each phase. */
  seconds: number;
  /** Virtual users (concurrent requests). */
  users: number;
  log?: (line: string) => void;
}

export interface Phase {
  name: string;
  requests: number;
  seconds: number;
  rate: number;
}

export interface ClusterResult {
  phases: Phase[];
  /** Requests per second of two processes over one. */
  ratio: number;
  /** What went wrong; empty when the run holds. */
  problems: string[];
  counts: Record<string, number>;
}

type Op = 'search' | 'move' | 'note' | 'chat' | 'signIn' | 'credit';
const OPS: Op[] = ['search', 'move', 'search', 'note', 'search', 'chat', 'credit', 'signIn'];
const OWNER = 'owner@acme.example.com';
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function start(file: string, env: Record<string, string>): ChildProcess {
  return fork(file, {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      LOG_LEVEL: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'warn'),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

async function web(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const child = start(here('./web.ts'), env);
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`a web process ended before listening (${code})`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

interface Record_ {
  op: Op;
  key: string;
  status: number | 'network';
  process: number;
}

export async function runCluster(options: ClusterOptions): Promise<ClusterResult> {
  const log = options.log ?? (() => undefined);
  const knex = createKnex(options.databaseUrl, { max: 4 });
  const children: ChildProcess[] = [];
  const problems: string[] = [];
  let sockets: Sockets | undefined;
  try {
    const env = {
      DATABASE_URL: options.databaseUrl,
      WORKER: 'off',
      APP_SECRET: 'bench-cluster-secret-of-at-least-32-chars',
      RATE_LIMIT_PER_EMAIL: '1000000',
      RATE_LIMIT_PER_IP: '1000000',
    };
    const metricsPort = await freePort();
    const worker = start(here('../../backend/jobs/run.ts'), {
      ...env,
      METRICS_PORT: String(metricsPort),
      WORKER_CONCURRENCY: '3',
    });
    children.push(worker);
    const metricsBase = `http://127.0.0.1:${metricsPort}`;
    const workerUp = (async () => {
      for (let i = 0; ; i++) {
        const up = await fetch(`${metricsBase}/metrics`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) return;
        if (worker.exitCode !== null) throw new Error(`the worker ended (${worker.exitCode})`);
        if (i > 1200) throw new Error('the worker did not start within 2 minutes');
        await sleep(100);
      }
    })();
    const [a, b] = await Promise.all([web(env), web(env), workerUp]);
    children.push(a.child, b.child);
    log(`worker, web A ${a.base}, web B ${b.base}`);

    // Signing in through the emailed code, as a person does; the worker sends the mail.
    const signIn = async (base: string): Promise<{ status: number | 'network'; token?: string }> => {
      const since = new Date();
      const sent = await fetch(`${base}/api/v1/auth/send-email-otp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: OWNER }),
      }).catch(() => undefined);
      if (!sent) return { status: 'network' };
      if (sent.status !== 200) return { status: sent.status };
      let code: string | undefined;
      for (let i = 0; i < 200 && !code; i++) {
        const [mail] = await listOutbox(knex, OWNER, 1);
        if (mail && new Date(mail.createdAt) >= new Date(since.getTime() - 1000))
          code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
        if (!code) await sleep(50);
      }
      if (!code) return { status: 0 };
      const res = await fetch(`${base}/api/v1/auth/login-by-email-otp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: OWNER, otp: code }),
      }).catch(() => undefined);
      if (!res) return { status: 'network' };
      const body = (await res.json().catch(() => ({}))) as { accessToken?: string };
      return { status: res.status, token: body.accessToken };
    };
    const first = await signIn(a.base);
    if (!first.token) throw new Error(`signing in failed (${first.status})`);
    const token = first.token;
    const call = (base: string, method: string, url: string, body?: unknown) =>
      fetch(`${base}/api/v1${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    // The company's pipeline: projects with the candidates it sees waiting in "qualify", one move each.
    const found = (await (await call(a.base, 'GET', '/search?perPage=20')).json()) as { docs: { id: string }[] };
    const candidates = found.docs.map((d) => Number(d.id.split(':')[1]));
    if (!candidates.length) throw new Error('the company sees no candidate');
    const company = await knex('company_users').where('email', OWNER).first('id', 'company_id');
    const job = await knex('job_titles').first('id');
    const country = await knex('countries').first('id');
    const perPhase = options.seconds * options.users * 20;
    const projectCount = Math.ceil(perPhase / candidates.length) + 1;
    const projects = (
      await knex('projects')
        .insert(
          Array.from({ length: projectCount }, (_, i) => ({
            title: `Cluster run ${i}`,
            company_id: company.company_id,
            owner_id: company.id,
            job_title_id: job.id,
            countries: [country.id],
            headcount: 1,
            salary_min: 5000,
            salary_max: 9000,
          })),
        )
        .returning('id')
    ).map((r: { id: number }) => r.id);
    const pairs: [number, number][] = projects.flatMap((p) => candidates.map((c): [number, number] => [p, c]));
    for (let i = 0; i < pairs.length; i += 1000)
      await knex('project_candidates').insert(
        pairs.slice(i, i + 1000).map(([project, candidate]) => ({
          project_id: project,
          candidate_id: candidate,
          company_id: company.company_id,
          stage: 1,
          revealed_at: new Date(),
        })),
      );
    const credits = await creditWorld(knex, perPhase);
    let upgradeAt = 0;
    const noteProject = projects[0];
    const movable = pairs.filter(([p]) => p !== noteProject);

    // Sockets of the company user on B, which is killed: they must reconnect to A and miss nothing.
    // Each socket a page of its own: a session holds at most a few sockets in a process.
    const pages = Array.from({ length: 10 }, () => newToken());
    await knex('sessions').insert(
      pages.map((page) => ({
        token_hash: sha256(page),
        actor_kind: 2,
        actor_id: company.id,
        expires_at: new Date(Date.now() + 3600_000),
      })),
    );
    sockets = await holdSockets({ bases: [b.base, a.base], tokens: pages });

    // Every job queued from now on is recorded; the worker's completions are counted from here.
    if (!(await drained(knex))) problems.push('jobs queued before the run did not drain');
    await knex.raw(`create table if not exists bench_cluster_jobs (id bigint primary key)`);
    await knex.raw(`create or replace function bench_cluster_job() returns trigger language plpgsql as $$
      begin insert into bench_cluster_jobs values (new.id) on conflict do nothing; return new; end $$`);
    await knex.raw(`create or replace trigger bench_cluster_job after insert on graphile_worker._private_jobs
      for each row execute function bench_cluster_job()`);
    const before = await completions(metricsBase);

    const records: Record_[] = [];
    const phases: Phase[] = [];
    let moveAt = 0;
    const bases = [a.base, b.base];
    const runPhase = async (name: string, targets: number[], kill?: () => void) => {
      let live = targets;
      let rr = 0;
      let requests = 0;
      const t0 = performance.now();
      const end = t0 + options.seconds * 1000;
      let killed = false;
      const user = async (vu: number) => {
        for (let i = vu; performance.now() < end; i++) {
          if (kill && !killed && performance.now() >= t0 + (options.seconds * 1000) / 2) {
            killed = true;
            kill();
            live = targets.filter((p) => p !== 1);
          }
          // Shifted by one, so the one user who signs in does so first in each phase, however slow the machine.
          const op = OPS[(i + OPS.length - 1) % OPS.length];
          if (op === 'signIn' && vu !== 0) continue;
          const proc = live[rr++ % live.length];
          const base = bases[proc];
          const key = randomUUID();
          const record: Record_ = { op, key, status: 'network', process: proc };
          try {
            if (op === 'search') record.status = (await call(base, 'GET', '/search?ts=engineer')).status;
            else if (op === 'note')
              record.status = (
                await call(base, 'POST', '/candidate-note', {
                  candidateId: `Candidate:${candidates[i % candidates.length]}`,
                  projectId: `Project:${noteProject}`,
                  note: `cluster ${key}`,
                })
              ).status;
            else if (op === 'chat')
              record.status = (
                await call(base, 'POST', `/projects/${noteProject}/conversation/messages`, { body: `cluster ${key}` })
              ).status;
            else if (op === 'move') {
              const pair = movable[moveAt++];
              if (!pair) continue;
              record.key = pair.join(':');
              record.status = (
                await call(base, 'POST', '/projects/recruitment', {
                  projectId: `Project:${pair[0]}`,
                  candidateId: `Candidate:${pair[1]}`,
                  recruitmentStatus: 2,
                })
              ).status;
            } else if (op === 'credit') {
              const project = credits.projects[upgradeAt++];
              if (project === undefined) continue;
              record.key = String(project);
              record.status = (
                await fetch(`${base}/api/v1/projects/upgrade`, {
                  method: 'POST',
                  headers: { authorization: `Bearer ${credits.token}`, 'content-type': 'application/json' },
                  body: JSON.stringify({ projectId: `Project:${project}` }),
                })
              ).status;
            } else record.status = (await signIn(base)).status;
          } catch {
            record.status = 'network';
          }
          records.push(record);
          if (record.status !== 'network') requests++;
        }
      };
      await Promise.all(Array.from({ length: options.users }, (_, vu) => user(vu)));
      const seconds = (performance.now() - t0) / 1000;
      phases.push({ name, requests, seconds, rate: requests / seconds });
      log(`${name}: ${requests} requests in ${seconds.toFixed(1)} s, ${(requests / seconds).toFixed(1)}/s`);
    };
    await runPhase('one process', [0]);
    await runPhase('two processes', [0, 1]);
    await runPhase('two, one killed half-way', [0, 1], () => {
      log('killing web B (SIGKILL)');
      b.child.kill('SIGKILL');
    });

    // No 5xx from any process; the survivor answered every request sent to it.
    const counts: Record<string, number> = { requests: records.length };
    for (const r of records) {
      if (typeof r.status === 'number' && r.status >= 500)
        problems.push(`${r.op} answered ${r.status} by process ${r.process}`);
      if (r.status === 'network' && r.process === 0) problems.push(`${r.op} to the survivor failed on the network`);
      const kind = r.status === 'network' ? 'cut' : r.status < 300 ? 'acknowledged' : `refused ${r.status}`;
      counts[`${r.op} ${kind}`] = (counts[`${r.op} ${kind}`] ?? 0) + 1;
    }
    // Writes: each acknowledged one exactly once, each refused one never, each cut one at most once.
    const written = async (op: Op, sql: string) => {
      const { rows } = await knex.raw(sql);
      const seen = new Map<string, number>((rows as { key: string; n: number }[]).map((r) => [r.key, r.n]));
      for (const r of records.filter((x) => x.op === op)) {
        const n = seen.get(r.key) ?? 0;
        const allowed = r.status === 'network' ? n <= 1 : r.status < 300 ? n === 1 : n === 0;
        if (!allowed) problems.push(`${op} ${r.key} written ${n} times (answer ${r.status})`);
        seen.delete(r.key);
      }
      if (seen.size) problems.push(`${seen.size} ${op} writes no request asked for`);
    };
    await written(
      'note',
      `select substr(note, 9) as key, count(*)::int as n from candidate_notes where note like 'cluster %' group by 1`,
    );
    await written(
      'chat',
      `select substr(body, 9) as key, count(*)::int as n from chat_messages where body like 'cluster %' group by 1`,
    );
    await written(
      'move',
      `select project_id || ':' || candidate_id as key, count(*)::int as n from candidate_recruitment_stage_logs
        where to_stage = 2 and project_id in (${projects.join(',')}) group by 1`,
    );
    problems.push(
      ...(await creditProblems(
        knex,
        credits,
        records.filter((r) => r.op === 'credit'),
      )),
    );
    const moved = await knex('project_candidates').whereIn('project_id', projects).where('stage', 2).count({ n: '*' });
    counts['moves in stage'] = Number(moved[0].n);

    // Jobs: every one queued during the run completed once; those set for later (a debounced
    // digest, a reminder) are made due now rather than waited for.
    await knex.raw(`update graphile_worker._private_jobs set run_at = now()
      where id in (select id from bench_cluster_jobs) and run_at > now()`);
    if (!(await drained(knex))) problems.push('the queue did not drain after the run');
    await knex.raw('drop trigger if exists bench_cluster_job on graphile_worker._private_jobs');
    const after = await completions(metricsBase);
    const { rows } = await knex.raw(`select count(*)::int as queued,
        count(*) filter (where not exists (select from graphile_worker._private_jobs j where j.id = b.id))::int as done
        from bench_cluster_jobs b`);
    counts['jobs queued'] = rows[0].queued;
    counts['jobs done'] = rows[0].done;
    counts['jobs completed'] = after.success - before.success;
    counts['job failures'] = after.failure - before.failure;
    if (counts['jobs completed'] !== counts['jobs done'])
      problems.push(`${counts['jobs done']} jobs left the queue but ${counts['jobs completed']} completed`);

    // Sockets: every chat event raised during the run reached each socket, across the kill.
    const heard = await sockets.finish();
    counts['socket reconnects'] = heard.reconnects;
    counts['socket events expected'] = heard.expected;
    problems.push(...heard.problems);

    const ratio = phases[1].rate / phases[0].rate;
    return { phases, ratio, problems, counts };
  } finally {
    sockets?.close();
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await knex.raw('drop trigger if exists bench_cluster_job on graphile_worker._private_jobs').catch(() => undefined);
    await knex.destroy();
  }
}
