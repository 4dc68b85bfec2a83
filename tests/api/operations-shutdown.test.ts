/**
 * A graceful stop under load, on a real server process (`scripts/start.ts`, worker included): on
 * SIGTERM it reports not ready at once while it keeps serving for SHUTDOWN_NOTICE_MS, then stops
 * accepting, asks its live sockets to reconnect (close code 1012) and finishes the requests it
 * has; no request fails with a 5xx or a cut connection, and the process exits 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ROOT } from '../../backend/config';
import { freePort } from '../../backend/db/embedded';
import { listOutbox } from '../../backend/services/mail/outbox';
import { testDatabase, type TestDatabase } from '../helpers/db';

const NOTICE_MS = 1500;
let db: TestDatabase;
let child: ChildProcess;
let base: string;
let output = '';
let exited: Promise<number | null>;

beforeAll(async () => {
  db = await testDatabase();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // Node itself with tsx's loader, as docs/operations.md says to run it: tsx's own command relays a
  // signal to its child and kills it outright when the child does not acknowledge within 30 ms.
  child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      APP_SECRET: 'shutdown-test-secret',
      PORT: String(port),
      PUBLIC_URL: base,
      // Production needs a mail server to start (backend/startChecks.ts); nothing here sends mail.
      SMTP_URL: 'smtp://127.0.0.1:1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SHUTDOWN_NOTICE_MS: String(NOTICE_MS),
      SHUTDOWN_TIMEOUT_MS: '5000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/is running at/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', () => reject(new Error(`the server exited:\n${output}`)));
  });
}, 180_000);

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

/** One request on a connection of its own: its status, or the error code of a refused or cut connection. */
function get(pathname: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.get(`${base}${pathname}`, { agent: false }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
      res.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    });
    req.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

async function signIn(email: string): Promise<string> {
  const post = (p: string, body: unknown) =>
    fetch(`${base}/api/v1${p}`, {
      method: 'post',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await post('/auth/send-email-otp', { email })).status).toBe(200);
  const [mail] = await listOutbox(db.knex, email, 1);
  const otp = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  const res = await post('/auth/login-by-email-otp', { email, otp });
  expect(res.status).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

describe('SIGTERM under load', () => {
  it(
    'reports not ready, finishes what it accepted, asks live pages to reconnect and exits 0',
    { timeout: 60_000 },
    async () => {
      const token = await signIn('admin@example.com');
      const ws = new WebSocket(`${base.replace('http', 'ws')}/api/v1/live`, {
        headers: { cookie: `tb_session=${token}`, origin: base },
      });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const closedWith = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

      const outcomes: { at: number; outcome: number | string }[] = [];
      let running = true;
      const loops = Array.from({ length: 6 }, async () => {
        while (running) {
          const at = Date.now();
          outcomes.push({ at, outcome: await get('/api/v1/countries?range=[0,9]') });
        }
      });
      await new Promise((r) => setTimeout(r, 1000));
      expect(await get('/ready')).toBe(200);

      const signalledAt = Date.now();
      child.kill('SIGTERM');
      // Not ready at once, while requests are still served during the notice.
      // Both asked at once, so a busy machine's slow answers still fall inside the notice.
      await new Promise((r) => setTimeout(r, 300));
      const askedAt = Date.now();
      const [ready, served] = await Promise.all([get('/ready'), get('/api/v1/countries?range=[0,0]')]);
      if (askedAt < signalledAt + NOTICE_MS - 100) expect([ready, served]).toEqual([503, 200]);

      expect(await closedWith).toBe(1012);
      const code = await exited;
      running = false;
      await Promise.all(loops);

      expect(code).toBe(0);
      expect(output).toMatch(/Stopped\./);
      // Everything ended by itself before the bound: nothing was cut.
      expect(output).not.toMatch(/cut|released for a retry/);
      // Every request sent before the process stopped listening (SIGTERM + the notice) was answered
      // 200, those during the notice included; later ones are refused (or reset while the listener closes).
      const beforeClose = outcomes.filter((o) => o.at < signalledAt + NOTICE_MS - 100);
      expect(beforeClose.filter((o) => o.at > signalledAt).length).toBeGreaterThan(0);
      expect(beforeClose.filter((o) => o.outcome !== 200)).toEqual([]);
      const after = outcomes.filter((o) => o.at >= signalledAt + NOTICE_MS - 100).map((o) => o.outcome);
      expect(after.filter((o) => o !== 200 && o !== 'ECONNREFUSED' && o !== 'ECONNRESET')).toEqual([]);
    },
  );
});
