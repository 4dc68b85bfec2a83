import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';

/** A six-digit code that is not `code`. */
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('Sign-in by emailed code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });

  const send = (email: string) => t.http.post('/api/v1/auth/send-email-otp').send({ email });
  const login = (email: string, otp: unknown) => t.http.post('/api/v1/auth/login-by-email-otp').send({ email, otp });
  const refused = (res: { status: number; body: { error?: { code?: string } } }, status: number, code: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error?.code).toBe(code);
  };

  it('An admin signs in with the code emailed to them and gets the session user', async () => {
    await t.http.post('/api/v1/auth/send-email-otp').send({ email: 'Admin@Example.com ' }).expect(200);
    const code = await t.lastCode('admin@example.com');
    const res = await t.http
      .post('/api/v1/auth/login-by-email-otp')
      .send({ email: 'admin@example.com', otp: code })
      .expect(200);
    expect(res.body).toMatchObject({
      status: 1,
      authorizedModules: ['*'],
      user: { email: 'admin@example.com', userRole: 1, adminId: expect.stringMatching(/^Admin:/) },
    });
    const check = await t.http
      .get('/api/v1/auth/check/user')
      .set('Authorization', `Bearer ${res.body.accessToken}`)
      .expect(200);
    expect(check.body.user.email).toBe('admin@example.com');
  });

  it('A wrong code is refused as otp.invalid, and the right one still works after it', async () => {
    await send('advocate@example.com').expect(200);
    const code = await t.lastCode('advocate@example.com');
    refused(await login('advocate@example.com', other(code)), 401, 'otp.invalid');
    expect((await login('advocate@example.com', code)).status).toBe(200);
  });

  it('A code is used once only', async () => {
    await send('advocate@example.com').expect(200);
    const code = await t.lastCode('advocate@example.com');
    expect((await login('advocate@example.com', code)).status).toBe(200);
    refused(await login('advocate@example.com', code), 401, 'otp.invalid');
  });

  it('An expired code is refused', async () => {
    await send('advocate@example.com').expect(200);
    const code = await t.lastCode('advocate@example.com');
    await t
      .knex('email_codes')
      .where('email', 'advocate@example.com')
      .whereNull('used_at')
      .update({ expires_at: new Date(Date.now() - 60_000) });
    refused(await login('advocate@example.com', code), 401, 'otp.invalid');
  });

  it('Five wrong codes lock the code: the right one is then refused as otp.locked', async () => {
    await send('owner@acme.example.com').expect(200);
    const code = await t.lastCode('owner@acme.example.com');
    for (let i = 1; i <= 4; i += 1) refused(await login('owner@acme.example.com', other(code)), 401, 'otp.invalid');
    refused(await login('owner@acme.example.com', other(code)), 401, 'otp.locked');
    refused(await login('owner@acme.example.com', code), 401, 'otp.locked');
  });

  it('A new code cancels the one sent before it', async () => {
    await send('owner@acme.example.com').expect(200);
    const first = await t.lastCode('owner@acme.example.com');
    await send('owner@acme.example.com').expect(200);
    const second = await t.lastCode('owner@acme.example.com');
    refused(await login('owner@acme.example.com', first), 401, 'otp.invalid');
    expect((await login('owner@acme.example.com', second)).status).toBe(200);
  });

  it('An unknown email gets the same answer as a known one, and no email is sent', async () => {
    const known = await send('member@acme.example.com');
    const unknown = await send('nobody@nowhere.example.com');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(await t.knex('outbox_emails').where('to', 'nobody@nowhere.example.com').first()).toBeUndefined();
    expect(await t.knex('email_codes').where('email', 'nobody@nowhere.example.com').first()).toBeUndefined();
    refused(await login('nobody@nowhere.example.com', '123456'), 401, 'otp.invalid');
  });

  it('A malformed email or code is a 400 naming the field', async () => {
    const fields = async (
      res: { status: number; body: { error: { fields: unknown } } },
      expected: Record<string, string>,
    ) => {
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual(expected);
    };
    await fields(await t.http.post('/api/v1/auth/send-email-otp').send({}), { email: 'email.errors.required' });
    await fields(await send('not-an-email'), { email: 'email.errors.invalid' });
    await fields(await t.http.post('/api/v1/auth/send-email-otp').send({ email: ['admin@example.com'] }), {
      email: 'email.errors.invalid',
    });
    await fields(await login('not-an-email', '123456'), { email: 'email.errors.invalid' });
    await fields(await login('admin@example.com', ''), { otp: 'otp.errors.required' });
    await fields(await login('admin@example.com', '12a456'), { otp: 'otp.errors.invalid' });
    await fields(await login('admin@example.com', '1234567'), { otp: 'otp.errors.invalid' });
    await fields(await login('admin@example.com', 123456), { otp: 'otp.errors.invalid' });
  });

  it('Codes are stored only as keyed hashes', async () => {
    await send('member@acme.example.com').expect(200);
    const code = await t.lastCode('member@acme.example.com');
    const row = await t.knex('email_codes').where('email', 'member@acme.example.com').orderBy('id', 'desc').first();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await t.knex('email_codes').select('*'))).not.toContain(code);
  });

  it('A logged-out request is a 401, a signed-in one without the role a 403', async () => {
    refused(await t.http.get('/api/v1/admins'), 401, 'errors.unauthorized');
    refused(
      await t.http.get('/api/v1/admins').set('Authorization', 'Bearer not-a-real-token'),
      401,
      'errors.unauthorized',
    );
    const candidate = await t.login('candidate@example.com');
    refused(await t.http.get('/api/v1/admins').set('Authorization', `Bearer ${candidate}`), 403, 'errors.forbidden');
    refused(await t.http.get('/api/v1/auth/check/user'), 401, 'errors.unauthorized');
  });

  it('Logging out ends the session', async () => {
    const token = await t.login('admin@example.com');
    await t.http.get('/api/v1/admins').set('Authorization', `Bearer ${token}`).expect(200);
    await t.http.post('/api/v1/auth/logout').set('Authorization', `Bearer ${token}`).expect(200);
    refused(
      await t.http.get('/api/v1/auth/check/user').set('Authorization', `Bearer ${token}`),
      401,
      'errors.unauthorized',
    );
    refused(await t.http.get('/api/v1/admins').set('Authorization', `Bearer ${token}`), 401, 'errors.unauthorized');
  });

  it('The session cookie works for reads; a write with it from another site is refused', async () => {
    await send('admin@example.com').expect(200);
    const res = await login('admin@example.com', await t.lastCode('admin@example.com'));
    const cookie = ([res.headers['set-cookie']].flat() as string[]).find((c) => c.startsWith('tb_session='));
    expect(cookie, 'a session cookie').toMatch(/HttpOnly/i);
    const session = (cookie as string).split(';')[0];
    const check = await t.http.get('/api/v1/auth/check/user').set('Cookie', session);
    expect(check.status).toBe(200);
    expect(check.body.user.email).toBe('admin@example.com');
    const tag = { name: 'Cross-site', description: 'Should not be written', identifier: 'crosssite', icon: 'bolt' };
    for (const origin of ['https://evil.example.com', 'null']) {
      const res = await t.http.post('/api/v1/tags').set('Cookie', session).set('Origin', origin).send(tag);
      refused(res, 403, 'errors.crossSite');
      expect(res.body.error.message, 'a sentence from the catalogue').not.toContain('errors.');
    }
    expect(await t.knex('tags').where('identifier', 'crosssite').first()).toBeUndefined();
    await t.http
      .post('/api/v1/tags')
      .set('Authorization', `Bearer ${res.body.accessToken}`)
      .set('Origin', 'https://evil.example.com')
      .send(tag)
      .expect(201);
  });

  it('An inactive admin is refused as user.notActivate', async () => {
    const { email } = await t.knex('admins').where('status', 0).first('email');
    await send(email).expect(200);
    refused(await login(email, await t.lastCode(email)), 403, 'user.notActivate');
  });

  it('A user of a company pending approval is refused as company.pending', async () => {
    const { email } = await t
      .knex('company_users as u')
      .join('companies as c', 'c.id', 'u.company_id')
      .where({ 'c.status': 0, 'u.status': 1 })
      .first('u.email');
    await send(email).expect(200);
    refused(await login(email, await t.lastCode(email)), 403, 'company.pending');
  });
});
