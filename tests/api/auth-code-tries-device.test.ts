import type { Response } from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';

// A stranger who knows someone's address sends five wrong codes to lock the code the person just asked for. The
// person's own browser, which signed in to the account before and so carries its device cookie, keeps its own tries.
describe("A stranger's wrong codes do not lock the code for the person's own browser", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });

  const send = (email: string) => t.http.post('/api/v1/auth/send-email-otp').send({ email }).expect(200);
  const check = (email: string, otp: string, cookie?: string) => {
    const req = t.http.post('/api/v1/auth/login-by-email-otp');
    return (cookie ? req.set('Cookie', cookie) : req).send({ email, otp });
  };
  const answer = (res: Response) => `${res.status} ${(res.body as { error?: { code?: string } }).error?.code ?? ''}`;
  /** A code that is not `right`. */
  const wrong = (right: string) => (right === '000000' ? '111111' : '000000');

  /** Signs in with an emailed code and returns the device cookie the browser was given. */
  const signIn = async (email: string): Promise<string> => {
    await send(email);
    const res = await check(email, await t.lastCode(email));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cookie = ([res.headers['set-cookie'] ?? []].flat() as string[]).find((c) => c.startsWith('tb_device='));
    expect(cookie).toBeDefined();
    return cookie!.split(';')[0];
  };

  it('Five wrong tries without the cookie lock the code for them; the right code with the cookie signs in', async () => {
    const email = 'member@acme.example.com';
    const device = await signIn(email);
    await send(email);
    const code = await t.lastCode(email);
    const stranger: string[] = [];
    for (let i = 0; i < 5; i += 1) stranger.push(answer(await check(email, wrong(code))));
    expect(stranger).toEqual([...Array(4).fill('401 otp.invalid'), '401 otp.locked']);
    // Without the cookie the sixth try stays locked, even with the right code.
    expect(answer(await check(email, code))).toBe('401 otp.locked');
    const res = await check(email, code, device);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.email).toBe(email);
  });

  it("The cookie's side locks only itself: five wrong tries with it leave the code to a browser without one", async () => {
    const email = 'owner@acme.example.com';
    const device = await signIn(email);
    await send(email);
    const code = await t.lastCode(email);
    const own: string[] = [];
    for (let i = 0; i < 5; i += 1) own.push(answer(await check(email, wrong(code), device)));
    expect(own).toEqual([...Array(4).fill('401 otp.invalid'), '401 otp.locked']);
    expect(answer(await check(email, code, device))).toBe('401 otp.locked');
    const res = await check(email, code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('Without a cookie the answers are the same whether or not the address has an account', async () => {
    const answers = async (email: string, guess: string) => {
      const out: string[] = [];
      for (let i = 0; i < 6; i += 1) out.push(answer(await check(email, guess)));
      return out;
    };
    const expected = [...Array(4).fill('401 otp.invalid'), '401 otp.locked', '401 otp.locked'];
    await send('candidate@example.com');
    expect(await answers('candidate@example.com', wrong(await t.lastCode('candidate@example.com')))).toEqual(expected);
    await send('nobody-here@nowhere.example.com');
    expect(await answers('nobody-here@nowhere.example.com', '000000')).toEqual(expected);
  });
});
