/**
 * The process's Prometheus metrics (prom-client), served at /metrics (backend/http/metrics.ts).
 * Requests are labelled by declared route, never by raw URL, so ids do not make new series; the
 * job queue is read from graphile-worker's tables when scraped; outside calls are seen through
 * Node's diagnostics channels (fetch and http), so no adapter has to count its own calls.
 */
import diagnostics from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Knex } from 'knex';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from './config';
import { logContext, logger } from './logger';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const FAST = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, declared route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: FAST,
  registers: [registry],
});

const statementDuration = new Histogram({
  name: 'db_statement_duration_seconds',
  help: 'Database statements by area: search, pipeline, a job task, or other',
  labelNames: ['area'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

const poolWait = new Histogram({
  name: 'db_pool_acquire_wait_seconds',
  help: 'Time a query waited for a pooled connection',
  labelNames: ['pool'] as const,
  buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
  registers: [registry],
});

const pools = new Map<string, Knex>();
new Gauge({
  name: 'db_pool_connections',
  help: 'Pooled database connections by pool and state (used, free, pending_create, waiting = queries waiting for one)',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [name, knex] of pools) {
      const pool = (knex.client as { pool?: TarnPool }).pool;
      if (!pool) continue;
      this.set({ pool: name, state: 'used' }, pool.numUsed());
      this.set({ pool: name, state: 'free' }, pool.numFree());
      this.set({ pool: name, state: 'pending_create' }, pool.numPendingCreates());
      this.set({ pool: name, state: 'waiting' }, pool.numPendingAcquires());
    }
  },
});

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingCreates(): number;
  numPendingAcquires(): number;
  on(event: 'acquireRequest' | 'acquireSuccess' | 'acquireFail', handler: (id: number) => void): void;
}

/** Counts a Knex pool's connections and waits under `name` (primary, replica, worker). */
export function watchPool(knex: Knex, name: string): void {
  pools.set(name, knex);
  const pool = (knex.client as { pool?: TarnPool }).pool;
  if (!pool) return;
  const asked = new Map<number, number>();
  pool.on('acquireRequest', (id) => asked.set(id, performance.now()));
  const done = (id: number) => {
    const at = asked.get(id);
    asked.delete(id);
    if (at !== undefined) poolWait.observe({ pool: name }, (performance.now() - at) / 1000);
  };
  pool.on('acquireSuccess', done);
  pool.on('acquireFail', done);
}

/** The area a statement is counted under: the capability of the request's declared route, or the job's task. */
export function areaOf(route: string | undefined, task: string | undefined): string {
  if (task) return `job:${task}`;
  if (!route) return 'other';
  if (/\/(search|candidate-search|ai-match)/.test(route)) return 'search';
  if (/\/(projects\/(candidate|pipe-line|recruitment|get-project-tab)|candidate-note)/.test(route)) return 'pipeline';
  return 'other';
}

let slowStatementMs = 500;
/** Statements slower than this are logged (SLOW_STATEMENT_MS, set at start-up). */
export function logStatementsSlowerThan(ms: number): void {
  slowStatementMs = ms;
}

/**
 * Times every statement of a Knex instance, and logs those slower than SLOW_STATEMENT_MS with the
 * request or job they ran for (the logger adds its id) and the first characters of their SQL, never the values.
 */
export function watchStatements(knex: Knex): void {
  const started = new Map<string, number>();
  knex.on('query', (q: { __knexQueryUid?: string }) => {
    if (q.__knexQueryUid) started.set(q.__knexQueryUid, performance.now());
  });
  const end = (q: { __knexQueryUid?: string; sql?: string }) => {
    const at = q.__knexQueryUid ? started.get(q.__knexQueryUid) : undefined;
    if (at === undefined) return;
    started.delete(q.__knexQueryUid as string);
    const ms = performance.now() - at;
    const store = logContext.getStore();
    statementDuration.observe({ area: areaOf(store?.route, store?.task) }, ms / 1000);
    if (ms >= slowStatementMs)
      logger.warn({ ms: Math.round(ms), route: store?.route, sql: q.sql?.slice(0, 300) }, 'slow statement');
  };
  knex.on('query-response', (_response: unknown, q: { __knexQueryUid?: string; sql?: string }) => end(q));
  knex.on('query-error', (_err: unknown, q: { __knexQueryUid?: string; sql?: string }) => end(q));
}

export const jobsCompleted = new Counter({
  name: 'jobs_completed_total',
  help: 'Jobs this process ran, by task and outcome (success, error: will be retried, failed: out of attempts)',
  labelNames: ['task', 'outcome'] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'job_duration_seconds',
  help: 'Time a job took in this process, by task',
  labelNames: ['task'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
  registers: [registry],
});

let queueKnex: Knex | undefined;
const QUEUE_SQL = `
  select task_identifier as task,
    count(*) filter (where locked_at is null and attempts < max_attempts and run_at <= now())::int as ready,
    count(*) filter (where locked_at is null and attempts < max_attempts and run_at > now())::int as scheduled,
    count(*) filter (where locked_at is not null)::int as running,
    count(*) filter (where attempts >= max_attempts)::int as failed,
    count(*) filter (where attempts > 0 and attempts < max_attempts and last_error is not null)::int as retrying,
    coalesce(extract(epoch from now() - min(run_at) filter (
      where locked_at is null and attempts < max_attempts and run_at <= now())), 0)::float8 as oldest
  from graphile_worker.jobs group by task_identifier`;

new Gauge({
  name: 'job_queue_jobs',
  help: 'Jobs in the queue by task and state (ready, scheduled, running, retrying, failed: out of attempts), read at scrape',
  labelNames: ['task', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    oldestAge.reset();
    if (!queueKnex) return;
    try {
      const { rows } = await queueKnex.raw(QUEUE_SQL).timeout(2000);
      for (const r of rows as Record<string, number | string>[]) {
        const task = String(r.task);
        for (const state of ['ready', 'scheduled', 'running', 'retrying', 'failed'])
          this.set({ task, state }, Number(r[state]));
        oldestAge.set({ task }, Number(r.oldest));
      }
    } catch (err) {
      logger.warn({ err }, 'metrics: could not read the job queue');
    }
  },
});

const oldestAge = new Gauge({
  name: 'job_queue_oldest_ready_age_seconds',
  help: 'How long the oldest job ready to run has waited, by task, read at scrape',
  labelNames: ['task'] as const,
  registers: [registry],
});

/** Where the job queue is read at scrape time. */
export function watchJobQueue(knex: Knex): void {
  queueKnex = knex;
}

let liveClients: (() => number) | undefined;
new Gauge({
  name: 'live_sockets',
  help: 'Live-channel sockets open on this process',
  registers: [registry],
  collect() {
    this.set(liveClients?.() ?? 0);
  },
});

export const liveDeliveryLag = new Histogram({
  name: 'live_delivery_lag_seconds',
  help: 'From a live event written to its frames written to the sockets of this process',
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export function watchLiveSockets(count: () => number): void {
  liveClients = count;
}

export const emailsSent = new Counter({
  name: 'emails_total',
  help: 'Emails by outcome: sent to the mail server, stored in the outbox only (no SMTP_URL), or failed',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

const outsideCalls = new Counter({
  name: 'outside_calls_total',
  help: 'Calls to outside services (stripe, whatsapp, llm, ats, analytics) by outcome: 2xx..5xx or error',
  labelNames: ['service', 'outcome'] as const,
  registers: [registry],
});

const outsideDuration = new Histogram({
  name: 'outside_call_duration_seconds',
  help: 'Time to an outside service answer headers, by service',
  labelNames: ['service'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [registry],
});

type Matcher = (host: string) => boolean;
let services: [string, Matcher][] = [];

/** A matcher for a configured base URL; `{subdomain}` in it matches any subdomain. */
function hostOf(url: string | undefined): Matcher | undefined {
  if (!url) return undefined;
  const templated = url.replace('{subdomain}', 'x');
  if (!URL.canParse(templated)) return undefined;
  const { host } = new URL(templated);
  if (url.includes('{subdomain}')) {
    const suffix = host.slice(host.indexOf('.'));
    return (h) => h.endsWith(suffix);
  }
  return (h) => h === host;
}

function serviceOf(host: string): string {
  for (const [name, matches] of services) if (matches(host)) return name;
  return 'other';
}

function record(service: string, startedAt: number | undefined, outcome: string): void {
  outsideCalls.inc({ service, outcome });
  if (startedAt !== undefined) outsideDuration.observe({ service }, (performance.now() - startedAt) / 1000);
}

const outcomeOf = (status: number) => `${Math.floor(status / 100)}xx`;
let watching = false;

/** Names the outside services by the hosts the configuration points at, and starts counting their calls. */
export function watchOutsideCalls(config: Config): void {
  const named: [string, string | undefined][] = [
    ['stripe', config.credits.stripe?.apiUrl ?? 'https://api.stripe.com'],
    ['whatsapp', config.whatsapp.apiUrl],
    ['llm', config.llm?.baseUrl],
    ['ats', config.ats.workableUrl],
    ['ats', config.ats.ashbyUrl],
    ['ats', config.ats.greenhouseUrl],
    ['ats', config.ats.greenhouseTokenUrl],
    ['ats', config.ats.lever.apiUrl],
    ['ats', config.ats.lever.authUrl],
    ['analytics', config.analytics?.url],
  ];
  services = named.flatMap(([name, url]) => {
    const matcher = hostOf(url);
    return matcher ? [[name, matcher] as [string, Matcher]] : [];
  });
  if (watching) return;
  watching = true;

  // fetch (undici): the language model, WhatsApp, the ATS vendors, analytics.
  const fetches = new WeakMap<object, { service: string; at: number }>();
  diagnostics.subscribe('undici:request:create', (message) => {
    const { request } = message as { request: { origin: string } };
    const service = URL.canParse(request.origin) ? serviceOf(new URL(request.origin).host) : 'other';
    if (service !== 'other') fetches.set(request, { service, at: performance.now() });
  });
  diagnostics.subscribe('undici:request:headers', (message) => {
    const { request, response } = message as { request: object; response: { statusCode: number } };
    const call = fetches.get(request);
    if (call) record(call.service, call.at, outcomeOf(response.statusCode));
    fetches.delete(request);
  });
  diagnostics.subscribe('undici:request:error', (message) => {
    const { request } = message as { request: object };
    const call = fetches.get(request);
    if (call) record(call.service, call.at, 'error');
    fetches.delete(request);
  });

  // Node's http client: Stripe's SDK.
  diagnostics.subscribe('http.client.request.start', (message) => {
    const { request } = message as { request: ClientRequest };
    const service = serviceOf(String(request.getHeader('host') ?? request.host));
    if (service === 'other') return;
    const at = performance.now();
    let answered = false;
    request.once('response', (response: IncomingMessage) => {
      answered = true;
      record(service, at, outcomeOf(response.statusCode ?? 0));
    });
    request.once('error', () => {
      if (!answered) record(service, at, 'error');
    });
  });
}
