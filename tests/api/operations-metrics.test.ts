/**
 * Metrics and request ids from an operator's side: /metrics answers in Prometheus' format only
 * with the configured token; requests are counted by declared route (ids never make a series),
 * with the pool, search statements, the job queue, jobs run, emails, live sockets and their delivery
 * lag, and Stripe calls;
 * every request carries an id that the jobs it queued carry too, and their log lines name it.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../backend/app';
import { LIVE_TOPIC } from '../../schema/entities/live/liveEvent';
import { listenForMetrics } from '../../backend/http/metrics';
import { startWorker, type Worker } from '../../backend/jobs/worker';
import { logger } from '../../backend/logger';
import { watchLiveSockets, watchOutsideCalls } from '../../backend/metrics';
import { client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { liveServer, openSocket, type LiveServer } from '../helpers/live';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe';

const TOKEN = 'metrics-token-for-the-test-0123456789';
let t: TestApp;
let worker: Worker | undefined;
let standIn: StripeStandIn;
let live: LiveServer;
let metricsPort: Server;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await testApp({ metrics: { token: TOKEN } });
  t.config.credits = {
    ...t.config.credits,
    stripe: { secretKey: 'sk_test_standin', webhookSecret: 'whsec_test_local_standin', apiUrl: standIn.url },
  };
  watchOutsideCalls(t.config);
  live = await liveServer(t);
  watchLiveSockets(() => live.live.hub.clients.size);
  metricsPort = await listenForMetrics(0);
});

afterAll(async () => {
  await worker?.stop();
  await live?.close();
  metricsPort?.close();
  await standIn?.close();
});

const scrape = async () => {
  const res = await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text;
};

/** The value of one series, by name and exact labels as Prometheus prints them. */
const value = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('/metrics', () => {
  it('is refused without the token or with a wrong one, and absent when no token is configured', async () => {
    expect((await t.http.get('/metrics')).status).toBe(401);
    const wrong = await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('errors.unauthorized');
    const bare = createApp({ knex: t.knex, config: { ...t.config, metrics: {} } });
    expect((await request(bare).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(404);
  });

  it('is served without a token on its own port', async () => {
    const port = (metricsPort.address() as AddressInfo).port;
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^# HELP /m);
    expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(404);
  });

  it('counts requests by declared route and status, never by raw URL', async () => {
    const list = await t.http.get('/api/v1/countries?range=[0,1]');
    const [a, b] = (list.body as { id: unknown }[]).map((c) => String(c.id));
    for (const id of [a, b]) expect((await t.http.get(`/api/v1/countries/${id}`)).status).toBe(200);
    // The registry is the process's: other files run in the same worker count too, so the test reads a difference.
    const unmatched = 'http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}';
    const before = value(await scrape(), unmatched) ?? 0;
    await t.http.get('/api/v1/no-such-thing/123');
    const text = await scrape();
    const route = 'http_request_duration_seconds_count{method="GET",route="/api/v1/countries/:id",status="200"}';
    expect(value(text, route)).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain(`/countries/${a}`);
    expect(value(text, unmatched)).toBe(before + 1);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
  });

  it("shows the pool's connections and waits, and the time of search's statements", async () => {
    const admin = client(t, await t.login('admin@example.com'));
    expect((await admin.get('/search?q=engineer')).status).toBe(200);
    const text = await scrape();
    expect(value(text, 'db_pool_connections{pool="primary",state="used"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'db_pool_connections{pool="primary",state="free"}')).toBeGreaterThan(0);
    expect(value(text, 'db_pool_acquire_wait_seconds_count{pool="primary"}')).toBeGreaterThan(0);
    expect(value(text, 'db_statement_duration_seconds_count{area="search"}')).toBeGreaterThan(0);
    expect(value(text, 'db_statement_duration_seconds_count{area="other"}')).toBeGreaterThan(0);
  });

  it('counts live sockets and calls to Stripe with their outcome', async () => {
    const owner = await t.login('owner@raas.example.com');
    const socket = await openSocket(live, owner, { origin: live.origin });
    if ('refused' in socket) throw new Error(`socket refused: ${socket.refused}`);
    await socket.next((m) => m.type === 'ready');
    expect(value(await scrape(), 'live_sockets')).toBe(1);
    // An event raised while a socket is open is delivered by this process, and its lag is counted.
    const lagBefore = value(await scrape(), 'live_delivery_lag_seconds_count') ?? 0;
    await t.knex('live_events').insert({ topic: LIVE_TOPIC.project, subject_id: 1, kind: 'moved' });
    await expect
      .poll(async () => value(await scrape(), 'live_delivery_lag_seconds_count'), { timeout: 5000 })
      .toBeGreaterThan(lagBefore);
    socket.close();

    const raas = client(t, owner);
    const r = await t.knex('company_users').where('email', 'owner@raas.example.com').first('id', 'company_id');
    const res = await raas.post('/credit/instant-purchase/stripe', {
      companyId: `Company:${r.company_id}`,
      userId: `User:${r.id}`,
      noOfCredits: 12,
      discountAmount: 20,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(value(await scrape(), 'outside_calls_total{service="stripe",outcome="2xx"}')).toBeGreaterThanOrEqual(1);
  });
});

describe('Request ids', () => {
  it('are made for every request and echoed, a sane incoming one kept and an odd one replaced', async () => {
    const made = await t.http.get('/health');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.http.get('/health').set('X-Request-Id', 'lb-7f3a9c:01');
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c:01');
    const odd = await t.http.get('/health').set('X-Request-Id', 'a b {"level":60}');
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('go with the jobs a request queues, whose queue, outcome, email and log lines the metrics and logs show', async () => {
    const sent = await t.http
      .post('/api/v1/auth/send-email-otp')
      .set('X-Request-Id', 'req-sign-in-42')
      .send({ email: 'admin@example.com' });
    expect(sent.status).toBe(200);
    const jobs = await t.knex.raw(
      "select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'send_email' and j.payload->>'requestId' = ?",
      ['req-sign-in-42'],
    );
    expect(jobs.rows).toHaveLength(1);
    expect(value(await scrape(), 'job_queue_jobs{task="send_email",state="ready"}')).toBeGreaterThanOrEqual(1);
    // A job queued outside any request carries no id.
    await t.knex.raw("select graphile_worker.add_job('purge_expired', '{}'::json)");
    const plain = await t.knex.raw(
      "select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'purge_expired'",
    );
    expect(plain.rows[0].payload).toEqual({});

    // The worker's log lines for the job name the request.
    const stream = (logger as unknown as Record<symbol, { write(line: string): void }>)[pino.symbols.streamSym];
    const lines: string[] = [];
    const write = vi.spyOn(stream, 'write').mockImplementation((line: string) => void lines.push(line));
    const level = logger.level;
    logger.level = 'info';
    try {
      worker = await startWorker(t.url, t.config, 1);
      await expect
        .poll(async () => Number((await t.knex.raw('select count(*)::int as n from graphile_worker.jobs')).rows[0].n), {
          timeout: 15_000,
        })
        .toBe(0);
    } finally {
      logger.level = level;
      write.mockRestore();
    }
    const ofJob = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.task === 'send_email');
    const mine = ofJob.filter((l) => l.reqId === 'req-sign-in-42');
    expect(mine.map((l) => l.msg)).toEqual(['email']);
    expect(mine[0].job).toBeTruthy();

    const text = await scrape();
    expect(value(text, 'jobs_completed_total{task="send_email",outcome="success"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'job_duration_seconds_count{task="send_email"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'emails_total{outcome="stored"}')).toBeGreaterThanOrEqual(1);
  });
});
