/**
 * A page's first API calls are announced with its HTML (`Link: …; rel=preload; as=fetch`) only to a visit whose
 * session the API itself would take now, and only those calls the session's person may make: a preload answered 401
 * (no session, a session signed out, expired, or of a person deactivated since) or 403 (a role the endpoint refuses)
 * is kept by the browser and taken by the page's own request after its person signs in again on the same page.
 *
 * The pages are a small build served by the handler the app mounts (`spaAssets`) with the app's context, its cookie
 * parsing and the API's declared endpoints, beside the real app on the same database; every announced call is then
 * asked of the real API with the same cookie, which must not refuse it.
 */
import cookieParser from 'cookie-parser';
import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../backend/auth/tokens';
import type { AppContext } from '../../backend/context';
import { errorHandler } from '../../backend/errors';
import { endpoints } from '../../backend/features';
import { spaAssets } from '../../backend/http/staticAssets';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let pages: ReturnType<typeof request>;
let dir: string;

// Two pages that declare calls of every kind of access: a type the candidate lacks (search, read Project), any
// signed-in person ('signedIn'), and an address no endpoint answers, which is never announced.
const html = `<!doctype html><html lang="en"><head>
  <meta name="opening-request" content="/search /api/v1/search?{query}" />
  <meta name="opening-request" content="/search /api/v1/alerts/mine" />
  <meta name="opening-request" content="/search /api/v1/no-such-endpoint" />
  <meta name="opening-request" content="/project/{id} /api/v1/projects/find/{id}" />
  <meta name="opening-request" content="/project/{id} /api/v1/notifications/unread-count" />
  <script type="module" src="/assets/index-Aa11Bb22.js"></script></head><body></body></html>`;

beforeAll(async () => {
  t = await testApp();
  dir = mkdtempSync(path.join(tmpdir(), 'preload-session-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), html);
  writeFileSync(path.join(dir, 'assets', 'index-Aa11Bb22.js'), 'export {};\n');
  const ctx: AppContext = { knex: t.knex, config: t.config };
  const server = express();
  server.use((req, _res, next) => {
    req.ctx = ctx;
    next();
  });
  server.use(cookieParser());
  server.use('/', ...spaAssets(dir, endpoints()));
  server.use(errorHandler);
  pages = request(server);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cookie = (token: string) => `tb_session=${token}`;

/** The API calls a page's HTML announces to a visit with `cookieHeader`. */
async function announced(url: string, cookieHeader?: string): Promise<string[]> {
  const get = pages.get(url);
  if (cookieHeader) get.set('Cookie', cookieHeader);
  const res = await get.expect(200);
  expect(res.text).toBe(html);
  return ((res.headers.link as string | undefined) ?? '')
    .split(/,\s*(?=<)/)
    .filter((link) => link.includes('rel=preload'))
    .map((link) => /^<([^>]*)>/.exec(link)?.[1] ?? link);
}

/** What the real API answers the visit's own request for `address`, with the same cookie. */
const apiStatus = async (address: string, cookieHeader: string) =>
  (await t.http.get(address).set('Cookie', cookieHeader)).status;

const PAGES = ['/search?q=java', '/project/Project:1'];

describe("A page's API calls announced with its HTML", () => {
  it('announces none to a visit without a session cookie', async () => {
    for (const url of PAGES) expect(await announced(url), url).toEqual([]);
  });

  it('announces none to a visit whose cookie names no session', async () => {
    for (const url of PAGES) expect(await announced(url, cookie('not-a-session')), url).toEqual([]);
  });

  it('announces to a live session the calls its person may make, each one the API then answers', async () => {
    const token = await t.login('owner@acme.example.com');
    expect(await announced('/search?q=java', cookie(token))).toEqual(['/api/v1/search?q=java', '/api/v1/alerts/mine']);
    expect(await announced('/project/Project:1', cookie(token))).toEqual([
      '/api/v1/projects/find/Project%3A1',
      '/api/v1/notifications/unread-count',
    ]);
    for (const address of ['/api/v1/search?q=java', '/api/v1/alerts/mine', '/api/v1/notifications/unread-count'])
      expect(await apiStatus(address, cookie(token)), address).toBe(200);
  });

  it('announces none once the session is signed out through the API, the browser keeping its cookie', async () => {
    const token = await t.login('member@acme.example.com');
    expect(await announced('/search', cookie(token))).toHaveLength(2);
    await t.http.post('/api/v1/auth/logout').set('Authorization', `Bearer ${token}`).expect(200);
    for (const url of PAGES) expect(await announced(url, cookie(token)), url).toEqual([]);
    expect(await apiStatus('/api/v1/alerts/mine', cookie(token))).toBe(401);
  });

  it('announces none for a session that has expired, or whose row was revoked', async () => {
    const expired = await t.login('owner@acme.example.com');
    await t
      .knex('sessions')
      .where('token_hash', sha256(expired))
      .update({ expires_at: new Date(Date.now() - 60_000) });
    const revoked = await t.login('owner@acme.example.com');
    await t.knex('sessions').where('token_hash', sha256(revoked)).delete();
    for (const token of [expired, revoked]) {
      for (const url of PAGES) expect(await announced(url, cookie(token)), url).toEqual([]);
      expect(await apiStatus('/api/v1/alerts/mine', cookie(token))).toBe(401);
    }
  });

  it('announces none for a session whose person was deactivated, its row still there', async () => {
    const token = await t.login('member@acme.example.com');
    expect(await announced('/project/Project:1', cookie(token))).toHaveLength(2);
    // Straight in the table, so the session row stays: only the check of the person at each request refuses it.
    await t.knex('company_users').where('email', 'member@acme.example.com').update({ status: 2 });
    try {
      expect(await t.knex('sessions').where('token_hash', sha256(token)).first()).toBeDefined();
      for (const url of PAGES) expect(await announced(url, cookie(token)), url).toEqual([]);
      expect(await apiStatus('/api/v1/alerts/mine', cookie(token))).toBe(401);
    } finally {
      await t.knex('company_users').where('email', 'member@acme.example.com').update({ status: 1 });
    }
  });

  it('leaves out the calls the endpoint refuses the person, a candidate on the company pages', async () => {
    const token = await t.login('candidate@example.com');
    expect(await announced('/search?q=java', cookie(token))).toEqual(['/api/v1/alerts/mine']);
    expect(await apiStatus('/api/v1/search?q=java', cookie(token))).toBe(403);
    expect(await apiStatus('/api/v1/alerts/mine', cookie(token))).toBe(200);
    const project = await announced('/project/Project:1', cookie(token));
    expect(project).not.toContain('/api/v1/projects/find/Project%3A1');
    expect(await apiStatus('/api/v1/projects/find/Project%3A1', cookie(token))).toBe(403);
    for (const address of project) expect([401, 403], address).not.toContain(await apiStatus(address, cookie(token)));
  });
});
