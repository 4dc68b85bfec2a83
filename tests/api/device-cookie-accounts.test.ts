/**
 * One browser signed in to several accounts (a recruiter's company account and their admin one) keeps a device
 * cookie entry for each of the last five, so a stranger filling any of those addresses' shared limits does not lock
 * that browser out of it (backend/auth/deviceCookie.ts, backend/auth/rateLimit.ts).
 */
import type { Response } from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';

// The production limits, behind a proxy on this machine that names each client in X-Forwarded-For.
describe('A browser signed in to several accounts keeps the device cookie of each', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({
      rateLimit: { perEmail: 5, perIp: 30, documents: 10000, windowMinutes: 15 },
      trustProxy: ['loopback'],
    });
  });

  let n = 0;
  /** A new IP for each request: no test is refused by a per-IP limit. */
  const nextIp = () => `198.51.${100 + Math.floor(n / 250)}.${((n += 1) % 250) + 1}`;
  const tooMany = { code: 'errors.tooManyRequests', message: expect.stringMatching(/^Too many requests/) };

  const send = (email: string, cookie?: string) => {
    const req = t.http.post('/api/v1/auth/send-email-otp').set('X-Forwarded-For', nextIp());
    return (cookie ? req.set('Cookie', cookie) : req).send({ email });
  };
  const deviceCookieOf = (res: Response) =>
    ([res.headers['set-cookie'] ?? []].flat() as string[]).find((c) => c.startsWith('tb_device='))?.split(';')[0];

  /** Signs in to `email` from the browser holding `cookie`; answers the device cookie the browser then holds. */
  const signIn = async (email: string, cookie?: string): Promise<string> => {
    await send(email, cookie).expect(200);
    const req = t.http.post('/api/v1/auth/login-by-email-otp').set('X-Forwarded-For', nextIp());
    const res = await (cookie ? req.set('Cookie', cookie) : req).send({ email, otp: await t.lastCode(email) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return deviceCookieOf(res) ?? '';
  };

  /** A stranger, from a new IP each time, asks for codes for `email` until its shared limit refuses. */
  const lockOut = async (email: string) => {
    let sent = 0;
    while ((await send(email)).status === 200) sent += 1;
    expect(sent).toBeLessThanOrEqual(5);
    expect((await send(email)).body.error).toEqual(tooMany);
  };

  const entries = (cookie: string) => cookie.replace(/^tb_device=/, '').split('~');

  it('The cookie keeps the five accounts signed in to last, newest first, one entry each, and stays small', async () => {
    const accounts = [
      'owner@raas.example.com',
      'advocate@example.com',
      'candidate@example.com',
      'owner@acme.example.com',
      'member@acme.example.com',
      'admin@example.com',
    ];
    let cookie = '';
    for (const email of accounts) cookie = await signIn(email, cookie || undefined);
    expect(entries(cookie)).toHaveLength(5);
    expect(cookie.length).toBeLessThan(520);
    // Signing in to one of them again moves its entry first instead of adding one.
    const before = entries(cookie);
    cookie = await signIn('owner@acme.example.com', cookie);
    const after = entries(cookie);
    expect(after).toHaveLength(5);
    expect(after.slice(1)).toEqual(before.filter((_, i) => i !== 2));
    // The oldest sign-in (the RaaS owner) was dropped: its address's lockout holds for this browser; the others' not.
    await lockOut('owner@raas.example.com');
    expect((await send('owner@raas.example.com', cookie).expect(429)).body.error).toEqual(tooMany);
    await lockOut('advocate@example.com');
    await send('advocate@example.com', cookie).expect(200);
  });

  it('After signing in to a company account and then an admin one, the browser still asks in its own bucket for both', async () => {
    const company = 'member@acme.example.com';
    const admin = 'admin@example.com';
    const first = await signIn(company);
    const cookie = await signIn(admin, first);
    expect(entries(cookie)).toHaveLength(2);
    expect(cookie).not.toContain('example');
    await lockOut(company);
    await lockOut(admin);
    // The company account's entry was kept beside the admin's: a stranger cannot lock this browser out of either.
    await send(company, cookie).expect(200);
    await send(admin, cookie).expect(200);
    // And it signs in with the code it was sent, checked in its own bucket.
    const again = await signIn(company, cookie);
    expect(entries(again)).toHaveLength(2);
    // Without the cookie, both are still refused.
    expect((await send(company).expect(429)).body.error).toEqual(tooMany);
    expect((await send(admin).expect(429)).body.error).toEqual(tooMany);
  });

  it('An entry is good for its own address only, whatever else the cookie holds', async () => {
    // Addresses the tests above did not lock out yet, then one they did.
    const cookie = await signIn('owner@acme.example.com', await signIn('candidate@example.com'));
    const victim = 'member@acme.example.com';
    await lockOut(victim);
    expect((await send(victim, cookie).expect(429)).body.error).toEqual(tooMany);
    // Garbage beside a valid entry is skipped; but only the first five places are read.
    const [, candidate] = entries(cookie);
    await lockOut('candidate@example.com');
    await send('candidate@example.com', `tb_device=garbage~${candidate}`).expect(200);
    const padded = `tb_device=${Array<string>(5).fill('x').join('~')}~${candidate}`;
    expect((await send('candidate@example.com', padded).expect(429)).body.error).toEqual(tooMany);
  });
});
