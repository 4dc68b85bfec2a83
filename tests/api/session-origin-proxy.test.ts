/**
 * Behind a reverse proxy on the same machine (`proxy_pass http://127.0.0.1:3000;`) the request's
 * Host is the proxy's upstream, not the public one the browser's Origin names. A page of PUBLIC_URL
 * is still ours there, for cookie writes and for the live socket; another site is still refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { testApp, type TestApp } from '../helpers/app';
import { liveServer, type LiveServer } from '../helpers/live';

const UPSTREAM = '127.0.0.1:3000';
const EVIL = 'https://evil.example.com';

let t: TestApp;
let s: LiveServer | undefined;
let session: string;

beforeAll(async () => {
  t = await testApp();
  await t.http.post('/api/v1/auth/send-email-otp').send({ email: 'admin@example.com' }).expect(200);
  const res = await t.http
    .post('/api/v1/auth/login-by-email-otp')
    .send({ email: 'admin@example.com', otp: await t.lastCode('admin@example.com') });
  expect(res.status).toBe(200);
  const cookie = ([res.headers['set-cookie']].flat() as string[]).find((c) => c.startsWith('tb_session='));
  session = (cookie as string).split(';')[0];
  s = await liveServer(t);
});

afterAll(async () => {
  await s?.close();
});

const tag = (identifier: string) => ({
  name: 'Proxy check',
  description: 'Written from our own pages behind a proxy',
  identifier,
  icon: 'bolt',
});

const write = (identifier: string, origin: string) =>
  t.http
    .post('/api/v1/tags')
    .set('Cookie', session)
    .set('Sec-Fetch-Site', 'same-origin')
    .set('Origin', origin)
    .set('Host', UPSTREAM)
    .send(tag(identifier));

/** Opens a live socket with the proxy's Host; resolves with 'open' or the status of the refused upgrade. */
function upgrade(origin: string): Promise<'open' | number> {
  const url = `${(s as LiveServer).origin.replace('http', 'ws')}/api/v1/live`;
  const ws = new WebSocket(url, { headers: { cookie: session, host: UPSTREAM }, origin });
  return new Promise((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
    ws.once('open', () => {
      ws.close();
      resolve('open');
    });
  });
}

describe('Our origin behind a reverse proxy', () => {
  it('A cookie write from a page of PUBLIC_URL goes through when the proxy sends its upstream as Host', async () => {
    const res = await write('proxyown', t.config.publicUrl);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('A cookie write from another site is still refused with that Host', async () => {
    const res = await write('proxyevil', EVIL);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('errors.crossSite');
    expect(await t.knex('tags').where('identifier', 'proxyevil').first()).toBeUndefined();
  });

  it('The live socket opens from a page of PUBLIC_URL with that Host, and refuses another site', async () => {
    expect(await upgrade(t.config.publicUrl)).toBe('open');
    expect(await upgrade(EVIL)).toBe(403);
  });
});
