import type { Response } from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { hmac } from '../../backend/auth/tokens';
import { testApp, TEST_SECRET, type TestApp } from '../helpers/app';

// The production limits (5 codes per address and 30 per IP in 15 minutes, twice as many checks per address), behind
// a proxy on this machine (TRUST_PROXY=loopback) that names each client in X-Forwarded-For.
describe('Nobody can lock a person out of signing in by asking for their codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({
      rateLimit: { perEmail: 5, perIp: 30, documents: 10000, windowMinutes: 15 },
      trustProxy: ['loopback'],
    });
  });

  let n = 0;
  /** A new address each time: the stranger rotates them, and no test shares another's per-IP counts. */
  const nextIp = () => `198.51.100.${(n += 1)}`;
  const tooMany = { code: 'errors.tooManyRequests', message: expect.stringMatching(/^Too many requests/) };

  const send = (email: string, ip = nextIp(), cookie?: string, path = '/api/v1/auth/send-email-otp') => {
    const req = t.http.post(path).set('X-Forwarded-For', ip);
    return (cookie ? req.set('Cookie', cookie) : req).send({ email });
  };
  const check = (email: string, otp: string, ip = nextIp(), cookie?: string) => {
    const req = t.http.post('/api/v1/auth/login-by-email-otp').set('X-Forwarded-For', ip);
    return (cookie ? req.set('Cookie', cookie) : req).send({ email, otp });
  };
  const setCookies = (res: Response) => [res.headers['set-cookie'] ?? []].flat() as string[];
  const deviceCookieOf = (res: Response) =>
    setCookies(res)
      .find((c) => c.startsWith('tb_device='))
      ?.split(';')[0];

  /** Signs in with an emailed code from one browser, and returns the device cookie it was given ('' for none). */
  const signIn = async (email: string): Promise<string> => {
    const ip = nextIp();
    await send(email, ip).expect(200);
    const res = await check(email, await t.lastCode(email), ip);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return deviceCookieOf(res) ?? '';
  };

  /** A stranger, from a new IP each time, asks for codes and guesses until the address's shared limits refuse. */
  const lockOut = async (email: string) => {
    let sent = 0;
    while ((await send(email)).status === 200) sent += 1;
    expect(sent).toBeLessThanOrEqual(5);
    expect((await send(email)).body.error).toEqual(tooMany);
    let guessed = 0;
    while ((await check(email, '000000')).status === 401) guessed += 1;
    expect(guessed).toBeLessThanOrEqual(10);
    expect((await check(email, '000000')).body.error).toEqual(tooMany);
  };

  it('A sign-in gives the browser a long-lived, signed, HttpOnly device cookie for the auth routes, without the address', async () => {
    const ip = nextIp();
    await send('admin@example.com', ip).expect(200);
    const res = await check('admin@example.com', await t.lastCode('admin@example.com'), ip);
    const cookie = setCookies(res).find((c) => c.startsWith('tb_device='));
    expect(cookie).toMatch(
      /^tb_device=1\.\d+\.\d+\.[0-9a-f]{64}; Max-Age=31536000; Path=\/api\/v1\/auth; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
    expect(cookie).not.toContain('admin');
  });

  it("After a stranger uses up the address's limits, the owner's browser with its device cookie still gets a code and signs in", async () => {
    const email = 'member@acme.example.com';
    const device = await signIn(email);
    await lockOut(email);
    const ip = nextIp();
    await send(email, ip, device).expect(200);
    const res = await check(email, await t.lastCode(email), ip, device);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.email).toBe(email);
    // Links too: the browser asks in its own bucket.
    await send(email, nextIp(), device, '/api/v1/auth/send-magic-link').expect(200);
    // And the password calls, which send the same code or link: the stranger is refused, the owner's browser is not.
    expect((await send(email, nextIp(), undefined, '/api/v1/auth/forgot-password')).status).toBe(429);
    await send(email, nextIp(), device, '/api/v1/auth/forgot-password').expect(200);
  });

  it('A browser without the cookie is still refused with the 429 envelope', async () => {
    const email = 'member@acme.example.com';
    await lockOut(email);
    expect((await send(email).expect(429)).body.error).toEqual(tooMany);
    expect((await send(email, nextIp(), undefined, '/api/v1/auth/send-magic-link').expect(429)).body.error).toEqual(
      tooMany,
    );
    expect((await check(email, '123456').expect(429)).body.error).toEqual(tooMany);
  });

  it("A forged, altered, expired or another account's cookie gives no exemption", async () => {
    const email = 'owner@acme.example.com';
    const mine = await signIn(email);
    const others = await signIn('candidate@example.com');
    await lockOut(email);
    const [, kind, id, issued, mac] = /^tb_device=(\d+)\.(\d+)\.(\d+)\.([0-9a-f]{64})$/.exec(mine) ?? [];
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}`;
    const signed = (device: string, secret = TEST_SECRET) =>
      `tb_device=${device}.${hmac(secret, `device:${device}:${email}`)}`;
    const yearAgo = Date.now() - 366 * 24 * 3600_000;
    const cookies = [
      others,
      `tb_device=${kind}.${id}.${issued}.${flipped}`,
      `tb_device=${kind}.${id}.${Number(issued) + 1}.${mac}`,
      `tb_device=${kind}.${Number(id) + 1}.${issued}.${mac}`,
      signed(`${kind}.${id}.${Date.now()}`, 'a-guessed-secret'),
      signed(`${kind}.${id}.${yearAgo}`),
      'tb_device=garbage',
    ];
    for (const cookie of cookies) {
      expect((await send(email, nextIp(), cookie).expect(429)).body.error, cookie).toEqual(tooMany);
      expect((await check(email, '123456', nextIp(), cookie).expect(429)).body.error, cookie).toEqual(tooMany);
    }
    // The real one still works.
    await send(email, nextIp(), mine).expect(200);
  });

  it("The device's own bucket is limited too, and the per-IP limit holds for everyone", async () => {
    const email = 'owner@raas.example.com';
    const device = await signIn(email);
    // The owner spamming from their browser: five codes, then 429, whatever the IP.
    for (let i = 0; i < 5; i += 1) await send(email, nextIp(), device).expect(200);
    expect((await send(email, nextIp(), device).expect(429)).body.error).toEqual(tooMany);
    // Ten checks, then 429.
    for (let i = 0; i < 10; i += 1) await check(email, '000000', nextIp(), device).expect(401);
    expect((await check(email, '000000', nextIp(), device).expect(429)).body.error).toEqual(tooMany);
    // The owner's tries were their browser's own: the shared bucket is untouched by them.
    await send(email).expect(200);
    // One IP that asked for 30 codes is refused, device cookie or not.
    const ip = '203.0.113.9';
    for (let i = 0; i < 30; i += 1) await send(`visitor${i}@nowhere.example.com`, ip).expect(200);
    const other = await signIn('advocate@example.com');
    expect((await send('advocate@example.com', ip, other).expect(429)).body.error).toEqual(tooMany);
  });
});
