import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../backend/app';
import { testApp, type TestApp } from '../helpers/app';

// The production limits: 5 per email and 30 per IP in 15 minutes, behind a proxy on this machine
// (TRUST_PROXY=loopback) that names each client in X-Forwarded-For.
describe('Rate limits on emailed codes and links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({
      rateLimit: { perEmail: 5, perIp: 30, documents: 10000, windowMinutes: 15 },
      trustProxy: ['loopback'],
    });
  });

  const from = (ip: string) => ({ 'X-Forwarded-For': ip });

  it('The sixth code for one email within 15 minutes is refused with 429 Too many requests', async () => {
    for (let i = 0; i < 5; i += 1)
      await t.http
        .post('/api/v1/auth/send-email-otp')
        .set(from(`198.51.100.${i + 1}`))
        .send({ email: 'member@acme.example.com' })
        .expect(200);
    const res = await t.http
      .post('/api/v1/auth/send-email-otp')
      .set(from('198.51.100.99'))
      .send({ email: 'member@acme.example.com' })
      .expect(429);
    expect(res.body.error).toEqual({
      code: 'errors.tooManyRequests',
      message: expect.stringMatching(/^Too many requests/),
    });
    // Links count against the same email.
    await t.http
      .post('/api/v1/auth/send-magic-link')
      .set(from('198.51.100.98'))
      .send({ email: 'member@acme.example.com' })
      .expect(429);
  });

  it('The limit holds in every process that shares the database', async () => {
    const other = request(createApp({ knex: t.knex, config: t.config }));
    await other
      .post('/api/v1/auth/send-magic-link')
      .set(from('198.51.100.97'))
      .send({ email: 'member@acme.example.com' })
      .expect(429);
  });

  it('Unknown emails count too, so the limit reveals nothing about accounts', async () => {
    for (let i = 0; i < 5; i += 1)
      await t.http
        .post('/api/v1/auth/send-magic-link')
        .set(from(`198.51.100.${i + 1}`))
        .send({ email: 'ghost@nowhere.example.com' })
        .expect(200);
    await t.http
      .post('/api/v1/auth/send-magic-link')
      .set(from('198.51.100.50'))
      .send({ email: 'ghost@nowhere.example.com' })
      .expect(429);
  });

  it('One IP may ask for 30 codes or links in 15 minutes, whatever the emails', async () => {
    for (let i = 0; i < 30; i += 1) {
      const path = i % 2 ? '/api/v1/auth/send-email-otp' : '/api/v1/auth/send-magic-link';
      await t.http
        .post(path)
        .set(from('203.0.113.7'))
        .send({ email: `visitor${i}@nowhere.example.com` })
        .expect(200);
    }
    const res = await t.http
      .post('/api/v1/auth/send-email-otp')
      .set(from('203.0.113.7'))
      .send({ email: 'visitor99@nowhere.example.com' })
      .expect(429);
    expect(res.body.error.code).toBe('errors.tooManyRequests');
    await t.http
      .post('/api/v1/auth/send-email-otp')
      .set(from('203.0.113.8'))
      .send({ email: 'visitor99@nowhere.example.com' })
      .expect(200);
  });

  it('Requests older than the window no longer count', async () => {
    await t
      .knex('rate_limit_hits')
      .where('key', 'email:member@acme.example.com')
      .update({ hit_at: new Date(Date.now() - 16 * 60_000) });
    await t.http
      .post('/api/v1/auth/send-email-otp')
      .set(from('198.51.100.60'))
      .send({ email: 'member@acme.example.com' })
      .expect(200);
  });

  it('A community magic-link sign-up is limited per address from each network (auth/rateLimit.ts: sign-ups)', async () => {
    for (let i = 0; i < 5; i += 1)
      await t.http
        .post('/api/v1/auth/community/magic-link/signup')
        .set(from('192.0.2.1'))
        .send({ email: 'fan@community.example.org', agreeTerms: true })
        .expect(200);
    await t.http
      .post('/api/v1/auth/community/magic-link/signup')
      .set(from('192.0.2.1'))
      .send({ email: 'fan@community.example.org', agreeTerms: true })
      .expect(429);
  });

  const check = (email: string, ip: string, otp = '000000') =>
    t.http.post('/api/v1/auth/login-by-email-otp').set(from(ip)).send({ email, otp });

  it('Wrong codes answer alike whether or not the address has an account, locked at the fifth', async () => {
    const answers = async (email: string, ip: string) => {
      await t.http.post('/api/v1/auth/send-email-otp').set(from(ip)).send({ email }).expect(200);
      const out: [number, string][] = [];
      for (let i = 0; i < 6; i += 1) {
        const res = await check(email, ip);
        out.push([res.status, res.body.error.code]);
      }
      return out;
    };
    const known = await answers('advocate@example.com', '192.0.2.201');
    expect(known).toEqual([
      ...Array.from({ length: 4 }, () => [401, 'otp.invalid']),
      [401, 'otp.locked'],
      [401, 'otp.locked'],
    ]);
    expect(await answers('nobody.here@nowhere.example.com', '192.0.2.202')).toEqual(known);
  });

  it('Checks of codes are bounded per address across codes, and per IP across addresses', async () => {
    const email = 'owner@raas.example.com';
    // Two codes' worth of tries (10) for one address, from as many IPs: the next check is refused.
    for (let i = 0; i < 10; i += 1) {
      if (i % 5 === 0)
        await t.http
          .post('/api/v1/auth/send-email-otp')
          .set(from(`192.0.2.${110 + i}`))
          .send({ email })
          .expect(200);
      expect((await check(email, `192.0.2.${120 + i}`)).status).toBe(401);
    }
    expect((await check(email, '192.0.2.150')).body.error.code).toBe('errors.tooManyRequests');
    // One IP guessing across 30 addresses: the 31st check is refused, whatever the address.
    for (let i = 0; i < 30; i += 1)
      expect((await check(`guess${i}@nowhere.example.com`, '203.0.113.50')).status).toBe(401);
    const refused = await check('guess99@nowhere.example.com', '203.0.113.50');
    expect([refused.status, refused.body.error.code]).toEqual([429, 'errors.tooManyRequests']);
  });
});
