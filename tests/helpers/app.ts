/** The real Express app on a test database, driven over HTTP with supertest. */
import type { Express } from 'express';
import type { Knex } from 'knex';
import { Agent, type Server } from 'node:http';
import request from 'supertest';
import { expect } from 'vitest';
import { atsConfig } from '../../backend/adapters/ats/config';
import { createApp } from '../../backend/app';
import { loadConfig, type Config } from '../../backend/config';
import { listOutbox } from '../../backend/services/mail/outbox';
import { testDatabase, type DatabaseOptions } from './db';
import { atFileEnd, listenUntilFileEnd, tempDirUntilFileEnd } from './fileEnd';

export interface TestApp {
  app: Express;
  knex: Knex;
  url: string;
  /** Signs in through the real emailed-code flow and returns the access token. */
  login(email: string): Promise<string>;
  /** The newest emailed code sent to `email`. */
  lastCode(email: string): Promise<string>;
  http: ReturnType<typeof request>;
  config: Config;
}

export const TEST_SECRET = 'test-secret-for-hmac-only';

/** `overrides` change the configuration, e.g. `{ env: 'production' }`; `database` the test database's settings. */
export async function testApp(overrides: Partial<Config> = {}, database: DatabaseOptions = {}): Promise<TestApp> {
  const { knex, url } = await testDatabase(database);
  const config = loadConfig({
    secret: TEST_SECRET,
    env: 'test',
    // Every test signs in through the real emailed-code flow from one IP: the production limits
    // (config defaults) would refuse most files; tests of the limits pass their own.
    rateLimit: { perEmail: 1000, perIp: 10000, documents: 10000, windowMinutes: 15 },
    // Files sync again right after a sync: the production cooldown of "Sync now" would refuse them; its tests set it.
    ats: { ...atsConfig(), syncCooldownMinutes: 0 },
    uploadDir: overrides.uploadDir ?? tempDirUntilFileEnd('talentbase-uploads'),
    ...overrides,
  });
  const app = createApp({ knex, config });
  // One server for the file's requests, not one per request (supertest listens afresh for each request given an app).
  const http = keptAlive(await listenUntilFileEnd(app));
  const lastCode = async (email: string) => {
    const [mail] = await listOutbox(knex, email, 1);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error(`no code emailed to ${email}`);
    return code;
  };
  const login = async (email: string) => {
    await http.post('/api/v1/auth/send-email-otp').send({ email }).expect(200);
    const res = await http.post('/api/v1/auth/login-by-email-otp').send({ email, otp: await lastCode(email) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.accessToken as string;
  };
  return { app, knex, url, login, lastCode, http, config };
}

/**
 * Requests to `server` over connections kept open between them, as a browser's are. Left to itself, supertest
 * (superagent's `agent: false`) opens and closes a connection for every request, which costs the test process,
 * client and server side, as much again as a small request itself. The server keeps idle connections until the
 * file ends (no idle timeout), so a request never meets one it is closing.
 */
function keptAlive(server: Server): ReturnType<typeof request> {
  server.keepAliveTimeout = 0;
  const agent = new Agent({ keepAlive: true });
  atFileEnd(() => agent.destroy());
  const base = request(server);
  return Object.fromEntries(
    Object.entries(base).map(([method, start]) => [method, (url: string) => start(url).agent(agent)]),
  ) as unknown as ReturnType<typeof request>;
}

/** simple-rest list query string. */
export function listQuery(
  params: { sort?: [string, string]; range?: [number, number]; filter?: Record<string, unknown> } = {},
): string {
  const q = new URLSearchParams();
  if (params.sort) q.set('sort', JSON.stringify(params.sort));
  if (params.range) q.set('range', JSON.stringify(params.range));
  if (params.filter) q.set('filter', JSON.stringify(params.filter));
  return q.toString();
}
