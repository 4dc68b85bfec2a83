/**
 * An emailed sign-in code sent again once used (a double click, a second tab, many requests at once): it signs in
 * once, every other check of it is answered as a spent code (otp.invalid), never as a lock no wrong code caused; only
 * wrong codes count towards the lock, which still holds against guesses, with a live code or none.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';

/** A six-digit code that is not `code`. */
const other = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});

const send = (email: string) => t.http.post('/api/v1/auth/send-email-otp').send({ email }).expect(200);
const check = (email: string, otp: string) => t.http.post('/api/v1/auth/login-by-email-otp').send({ email, otp });
const outcome = (res: { status: number; body: { error?: { code?: string } } }) =>
  res.status === 200 ? 'signedIn' : `${res.status} ${res.body.error?.code}`;

describe('A used sign-in code given again', () => {
  it('fifteen checks of the right code at once: one signs in, the others are told the code is spent', async () => {
    const email = 'member@acme.example.com';
    await send(email);
    const code = await t.lastCode(email);
    const answers = await Promise.all(Array.from({ length: 15 }, () => check(email, code)));
    const outcomes = answers.map(outcome).sort();
    expect(outcomes).toEqual([...Array<string>(14).fill('401 otp.invalid'), 'signedIn']);
    expect(outcome(await check(email, code))).toBe('401 otp.invalid');
  });

  it('only wrong codes count towards the lock: after a sign-in and its replays, the fifth wrong code locks', async () => {
    const email = 'owner@acme.example.com';
    await send(email);
    const code = await t.lastCode(email);
    expect(outcome(await check(email, code))).toBe('signedIn');
    for (let i = 0; i < 5; i += 1) expect(outcome(await check(email, code))).toBe('401 otp.invalid');
    for (let i = 1; i <= 4; i += 1) expect(outcome(await check(email, other(code, i)))).toBe('401 otp.invalid');
    expect(outcome(await check(email, other(code, 5)))).toBe('401 otp.locked');
    // The spent code is still told apart from a guess, and a new code signs in as before.
    expect(outcome(await check(email, code))).toBe('401 otp.invalid');
    await send(email);
    expect(outcome(await check(email, await t.lastCode(email)))).toBe('signedIn');
  });
});

describe('The lock against guesses', () => {
  it('five wrong codes lock the live code: the right one is then refused too', async () => {
    const email = 'advocate@example.com';
    await send(email);
    const code = await t.lastCode(email);
    const wrong = await Promise.all([1, 2, 3, 4, 5].map((i) => check(email, other(code, i))));
    expect(wrong.map(outcome).sort()).toEqual([...Array<string>(4).fill('401 otp.invalid'), '401 otp.locked']);
    expect(outcome(await check(email, code))).toBe('401 otp.locked');
  });

  it('an address without an account is locked after five wrong codes, as one with an account', async () => {
    const email = 'nobody.here@example.com';
    await send(email);
    for (let i = 1; i <= 4; i += 1) expect(outcome(await check(email, other('000000', i)))).toBe('401 otp.invalid');
    expect(outcome(await check(email, other('000000', 5)))).toBe('401 otp.locked');
  });
});
