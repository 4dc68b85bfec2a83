/**
 * Browser tests: the real server (built console and portal, real API) on a free port over a
 * cloned database, and Debian's Chromium driven by playwright-core.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import { createApp } from '../../backend/app';
import { loadConfig } from '../../backend/config';
import { listOutbox } from '../../backend/features/mail/outbox';
import { TEST_SECRET } from './app';
import { testDatabase, type TestDatabase } from './db';

export interface E2E {
  baseUrl: string;
  db: TestDatabase;
  browser: Browser;
  newPage(): Promise<Page>;
  /** The newest six-digit code emailed to `email`. */
  lastCode(email: string): Promise<string>;
}

export async function startE2E(): Promise<E2E> {
  const db = await testDatabase();
  const server: Server = await new Promise((resolve) => {
    const s = createApp({ knex: db.knex, config: loadConfig({ secret: TEST_SECRET, env: 'test', worker: false }) }).listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  afterAll(async () => {
    await browser.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  const lastCode = async (email: string) => {
    const [mail] = await listOutbox(db.knex, email, 1);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(code, `a code emailed to ${email}`).toBeTruthy();
    return code as string;
  };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db,
    browser,
    lastCode,
    newPage: async () => {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      return context.newPage();
    },
  };
}
