/**
 * The browser apps sign in with the httpOnly cookie alone; API clients keep the Bearer token the
 * login answer carries. A cookie-authenticated write from another site is refused, also when the
 * browser names it only by Sec-Fetch-Site (a sibling subdomain shares the cookie's site).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let session: string;
let accessToken: string;

beforeAll(async () => {
  t = await testApp();
  await t.http.post('/api/v1/auth/send-email-otp').send({ email: 'admin@example.com' }).expect(200);
  const res = await t.http
    .post('/api/v1/auth/login-by-email-otp')
    .send({ email: 'admin@example.com', otp: await t.lastCode('admin@example.com') });
  expect(res.status).toBe(200);
  accessToken = res.body.accessToken;
  const cookie = ([res.headers['set-cookie']].flat() as string[]).find((c) => c.startsWith('tb_session='));
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  session = (cookie as string).split(';')[0];
});

const tag = (identifier: string) => ({
  name: 'Site check',
  description: 'Written only from our own pages',
  identifier,
  icon: 'bolt',
});

describe('The session cookie', () => {
  it('A write with the cookie from another site or a sibling subdomain is refused, by Sec-Fetch-Site alone too', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await t.http
        .post('/api/v1/tags')
        .set('Cookie', session)
        .set('Sec-Fetch-Site', site)
        .send(tag(`site${site.replace('-', '')}`));
      expect(res.status, site).toBe(403);
      expect(res.body.error.code).toBe('errors.crossSite');
    }
    expect(await t.knex('tags').whereIn('identifier', ['sitecrosssite', 'sitesamesite']).first()).toBeUndefined();
  });

  it('A write with the cookie from our own pages goes through', async () => {
    const res = await t.http
      .post('/api/v1/tags')
      .set('Cookie', session)
      .set('Sec-Fetch-Site', 'same-origin')
      .set('Origin', t.config.publicUrl)
      .set('Host', new URL(t.config.publicUrl).host)
      .send(tag('siteown'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('API clients keep the Bearer token of the login answer, from anywhere', async () => {
    expect(accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await t.http
      .post('/api/v1/tags')
      .set('Authorization', `Bearer ${accessToken}`)
      .set('Sec-Fetch-Site', 'cross-site')
      .send(tag('sitebearer'));
    expect(res.status).toBe(201);
  });
});
