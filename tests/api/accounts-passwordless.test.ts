/**
 * The password calls of spec section 7 in a product without passwords: forgot-password, reset-password and
 * send-password-reset-email each email the sign-in link (or code) and say so, with the same answer whether or not an
 * account uses the address, under the sign-in emails' limits, and never a 404.
 */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { linkParam, mailsTo } from '../helpers/mailbox';

const PATHS = ['/auth/forgot-password', '/auth/reset-password', '/auth/send-password-reset-email'];

describe('Password calls in a passwordless product', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });

  it.each(PATHS)('%s emails a sign-in link that signs the person in, and says there are no passwords', async (path) => {
    const email = 'member@acme.example.com';
    // The browser that asked opens the link: it holds the cookie the ask left.
    const browser = request.agent(t.app);
    const res = await browser.post(`/api/v1${path}`).send({ email: 'Member@Acme.example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      passwordless: true,
      method: 'link',
      message: 'messages.passwordlessLink',
    });
    const token = await linkParam(t.knex, email, '/auth/magic-link', 'token');
    const login = await browser.post('/api/v1/auth/login-by-magic-link').send({ token });
    expect(login.status).toBe(200);
    expect(login.body.user.email).toBe(email);
  });

  it('Asked for a code, it emails the six-digit sign-in code instead', async () => {
    const email = 'owner@acme.example.com';
    const res = await t.http.post('/api/v1/auth/forgot-password').send({ email, method: 'code' });
    expect(res.body).toMatchObject({ success: true, method: 'code', message: 'messages.passwordlessCode' });
    const login = await t.http.post('/api/v1/auth/login-by-email-otp').send({ email, otp: await t.lastCode(email) });
    expect(login.status).toBe(200);
  });

  it('An address with no account gets the same answer and no email', async () => {
    const known = await t.http.post('/api/v1/auth/forgot-password').send({ email: 'admin@example.com' });
    const unknown = await t.http.post('/api/v1/auth/forgot-password').send({ email: 'nobody@example.com' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await mailsTo(t.knex, 'nobody@example.com')).toEqual([]);
  });

  it('A reset token or a new password sent by an older client is dropped unread: no password exists to set', async () => {
    const res = await t.http
      .post('/api/v1/auth/reset-password')
      .send({ email: 'advocate@example.com', token: 'abc', password: 'hunter22', confirmPassword: 'hunter22' });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('hunter22');
    const stored = JSON.stringify(await t.knex('email_codes').where('email', 'advocate@example.com'));
    expect(stored).not.toContain('hunter22');
  });

  it('A missing or malformed email is refused at its field', async () => {
    for (const body of [{}, { email: 'not-an-email' }, { email: 42 }]) {
      const res = await t.http.post('/api/v1/auth/send-password-reset-email').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields).toHaveProperty('email');
    }
  });

  it('The sign-in emails’ limits hold: too many asks for one address are refused', async () => {
    const limited = await testApp({ rateLimit: { perEmail: 2, perIp: 100, documents: 10000, windowMinutes: 15 } });
    const ask = () => limited.http.post('/api/v1/auth/forgot-password').send({ email: 'candidate@example.com' });
    expect([(await ask()).status, (await ask()).status, (await ask()).status]).toEqual([200, 200, 429]);
  });
});
