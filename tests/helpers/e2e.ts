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
import { attachLive } from '../../backend/features/live/socket';
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
  /** A new page signed in to the portal as `email` through the emailed code, at an optional screen size. */
  signIn(email: string, viewport?: { width: number; height: number }): Promise<Page>;
}

export async function startE2E(): Promise<E2E> {
  const db = await testDatabase();
  const ctx = { knex: db.knex, config: loadConfig({ secret: TEST_SECRET, env: 'test', worker: false }) };
  const server: Server = await new Promise((resolve) => {
    const s = createApp(ctx).listen(0, '127.0.0.1', () => resolve(s));
  });
  const live = await attachLive(server, ctx);
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  afterAll(async () => {
    await browser.close();
    await live.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  const lastCode = async (email: string) => {
    const [mail] = await listOutbox(db.knex, email, 1);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(code, `a code emailed to ${email}`).toBeTruthy();
    return code as string;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const newPage = async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    return context.newPage();
  };
  const signIn = async (email: string, viewport?: { width: number; height: number }) => {
    const page = await newPage();
    if (viewport) await page.setViewportSize(viewport);
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByLabel('Work email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await page.getByLabel('Digit 1 of 6').fill(await lastCode(email));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    return page;
  };
  return { baseUrl, db, browser, lastCode, newPage, signIn };
}
