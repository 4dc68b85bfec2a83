/**
 * Nobody can keep a person from signing up by asking for sign-up emails to their address: sign-ups count per address
 * and asking network, and per IP, never in the address's sign-in bucket; an address is sent at most three networks'
 * worth in all, so rotating IPs cannot flood an inbox (backend/auth/rateLimit.ts: sign-ups).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { mailsTo } from '../helpers/mailbox';

const STEP = '/api/v1/auth/company/self/signup';

// The production limits (5 per address and 30 per IP in 15 minutes), behind a proxy on this machine that names each
// client in X-Forwarded-For.
describe('A stranger cannot lock a person out of signing up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({
      rateLimit: { perEmail: 5, perIp: 30, documents: 10000, windowMinutes: 15 },
      trustProxy: ['loopback'],
    });
  });

  let n = 0;
  /** A new IP each time: the stranger rotates them. */
  const nextIp = () => `198.51.${100 + Math.floor(n / 250)}.${((n += 1) % 250) + 1}`;
  const tooMany = { code: 'errors.tooManyRequests', message: expect.stringMatching(/^Too many requests/) };

  const stepOne = (email: string, ip = nextIp()) =>
    t.http.post(`${STEP}/step-1`).set('X-Forwarded-For', ip).send({
      firstName: 'Ada',
      lastName: 'Byron',
      email,
      phone: '+659 123 45678',
      jobTitle: 'Founder',
      agreeTerms: true,
    });
  const community = (email: string, ip = nextIp()) =>
    t.http
      .post('/api/v1/auth/community/magic-link/signup')
      .set('X-Forwarded-For', ip)
      .send({ email, agreeTerms: true });

  it('After a stranger asked for ten sign-up codes to an address from rotating IPs, its owner still signs up', async () => {
    const email = 'founder@newco.example.com';
    for (let i = 0; i < 10; i += 1) await stepOne(email).expect(200);
    const home = '203.0.113.10';
    const one = await stepOne(email, home).expect(200);
    const { signupToken } = one.body as { signupToken: string };
    await t.http
      .post(`${STEP}/confirm-email`)
      .set('X-Forwarded-For', home)
      .send({ signupToken, code: await t.lastCode(email) })
      .expect(200);
    // And asks for another code of the same draft from home.
    await t.http.post(`${STEP}/resend-code`).set('X-Forwarded-For', home).send({ signupToken }).expect(200);
  });

  it('The same holds for a community sign-up link', async () => {
    const email = 'joiner@example.org';
    for (let i = 0; i < 10; i += 1) await community(email).expect(200);
    await community(email, '203.0.113.11').expect(200);
    expect(await mailsTo(t.knex, email)).toHaveLength(11);
  });

  it("Sign-ups do not fill the address's sign-in limit", async () => {
    // An account's address: a sign-up to it only tells its owner, and the sign-in form still answers.
    const email = 'owner@acme.example.com';
    for (let i = 0; i < 6; i += 1) await stepOne(email).expect(200);
    for (let i = 0; i < 6; i += 1) await community(email).expect(200);
    await t.http.post('/api/v1/auth/send-email-otp').set('X-Forwarded-For', nextIp()).send({ email }).expect(200);
  });

  it('Each network may ask five sign-up emails per address (an IPv6 client by its /64), and thirty in all', async () => {
    const email = 'busy@newco.example.com';
    const net = (i: number) => `2001:db8:5:7::${i + 1}`;
    for (let i = 0; i < 5; i += 1) await stepOne(email, net(i)).expect(200);
    expect((await stepOne(email, net(5)).expect(429)).body.error).toEqual(tooMany);
    expect((await community(email, net(6)).expect(429)).body.error).toEqual(tooMany);
    // Another network is not refused for that address.
    await stepOne(email, '2001:db8:5:8::1').expect(200);
    // One IP asking for thirty sign-up emails to as many addresses is refused the thirty-first.
    const ip = '203.0.113.12';
    for (let i = 0; i < 30; i += 1) await community(`visitor${i}@example.org`, ip).expect(200);
    expect((await stepOne('late@newco.example.com', ip).expect(429)).body.error).toEqual(tooMany);
  });

  it('Rotating networks cannot flood an inbox: fifteen sign-up emails per address per window in all, its sign-in untouched', async () => {
    const email = 'member@acme.example.com';
    for (let i = 0; i < 8; i += 1) await stepOne(email).expect(200);
    for (let i = 0; i < 7; i += 1) await community(email).expect(200);
    expect((await stepOne(email).expect(429)).body.error).toEqual(tooMany);
    expect((await community(email).expect(429)).body.error).toEqual(tooMany);
    const before = (await mailsTo(t.knex, email)).length;
    await t.http.post('/api/v1/auth/send-email-otp').set('X-Forwarded-For', nextIp()).send({ email }).expect(200);
    expect(await mailsTo(t.knex, email)).toHaveLength(before + 1);
  });
});
