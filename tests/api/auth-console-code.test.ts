/**
 * The admin console signs in platform admins only: asked as the console, the server sends a code to
 * admins and to nobody else, and answers every address alike so the answer tells nobody who has an account.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { testApp, type TestApp } from '../helpers/app';

describe('Sign-in codes asked for by the admin console', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });

  const askAsConsole = (email: string) => t.http.post('/api/v1/auth/send-email-otp').send({ email, app: 'console' });
  const codesFor = (email: string) =>
    t.knex('email_codes').where('email', email).count<{ count: string }[]>('id as count');
  const mailsTo = (email: string) => listOutbox(t.knex, email, 10);

  it('A platform admin gets a code and signs in with it', async () => {
    await askAsConsole('advocate@example.com').expect(200);
    const code = await t.lastCode('advocate@example.com');
    const res = await t.http.post('/api/v1/auth/login-by-email-otp').send({ email: 'advocate@example.com', otp: code });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.userRole).toBe(1);
  });

  it.each([
    ['owner@acme.example.com'],
    ['member@acme.example.com'],
    ['owner@raas.example.com'],
    ['candidate@example.com'],
  ])(
    'The console never asks %s, who is not an admin, for a code: no code is made, the email points to the portal',
    async (email) => {
      const before = (await mailsTo(email)).length;
      const [{ count: codesBefore }] = await codesFor(email);

      const res = await askAsConsole(email);

      expect(res.status).toBe(200);
      const [{ count: codesAfter }] = await codesFor(email);
      expect(Number(codesAfter)).toBe(Number(codesBefore));
      const mails = await mailsTo(email);
      expect(mails.length).toBe(before + 1);
      expect(mails[0].text).not.toMatch(/\b\d{6}\b/);
      expect(mails[0].text).toContain('/auth/login');
      expect(mails[0].text).toContain('no sign-in code was sent');
    },
  );

  it('A code guessed for a non-admin after asking the console signs nobody in', async () => {
    await askAsConsole('member@acme.example.com').expect(200);
    const res = await t.http
      .post('/api/v1/auth/login-by-email-otp')
      .send({ email: 'member@acme.example.com', otp: '123456' });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('otp.invalid');
  });

  it('The answer is the same for an admin, a company user, a candidate and an unknown address', async () => {
    const answers = await Promise.all(
      ['admin@example.com', 'owner@acme.example.com', 'candidate@example.com', 'nobody@nowhere.example.com'].map(
        async (email) => {
          const res = await askAsConsole(email);
          return { status: res.status, body: res.body as unknown };
        },
      ),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await mailsTo('nobody@nowhere.example.com')).toEqual([]);
  });

  it('The portal still sends a company user their code', async () => {
    await t.http.post('/api/v1/auth/send-email-otp').send({ email: 'owner@acme.example.com' }).expect(200);
    expect(await t.lastCode('owner@acme.example.com')).toMatch(/^\d{6}$/);
  });
});
