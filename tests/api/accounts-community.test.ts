import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { lastMail, linkParam } from '../helpers/mailbox';

describe('Community sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ communityUrl: 'https://talk.example.net' });
  });

  const traditional = (body: Record<string, unknown>) => t.http.post('/api/v1/auth/community/traditional-email/signup').send(body);
  const magic = (email: unknown) => t.http.post('/api/v1/auth/community/magic-link/signup').send({ email });

  it('Signing up with name and email creates an active community user and sends them to the community site', async () => {
    const res = await traditional({ firstName: 'Ken', lastName: 'Ito', email: 'Ken@Example.org' }).expect(200);
    expect(res.body).toEqual({ success: true, redirectUrl: 'https://talk.example.net' });
    expect(await t.knex('community_users').where('email', 'ken@example.org').first()).toMatchObject({
      first_name: 'Ken',
      last_name: 'Ito',
      status: 1,
      signup_method: 1,
    });
    expect((await lastMail(t.knex, 'ken@example.org')).text).toContain('https://talk.example.net');
    const token = await t.login('ken@example.org');
    const me = await t.http.get('/api/v1/auth/check/user').set('Authorization', `Bearer ${token}`).expect(200);
    expect(me.body.user).toMatchObject({ userRole: 5, _id: expect.stringMatching(/^Community:/) });
  });

  it('The form reports missing fields, and an email already in use carries exitemail', async () => {
    expect((await traditional({}).expect(400)).body.error.fields).toEqual({
      firstName: 'firstName.errors.required',
      lastName: 'lastName.errors.required',
      email: 'email.errors.required',
    });
    const taken = await traditional({ firstName: 'A', lastName: 'B', email: 'owner@acme.example.com' }).expect(400);
    expect(taken.body.error).toMatchObject({ code: 'email.exists', flag: 'exitemail', fields: { email: 'email.errors.exists' } });
    expect((await traditional({ firstName: 'A', lastName: 'B', email: 'ken@example.org' }).expect(400)).body.error.code).toBe('email.exists');
  });

  it('Signing up by magic link leaves the user pending until the emailed link is opened', async () => {
    await magic('mei@example.org').expect(200, { success: true });
    expect(await t.knex('community_users').where('email', 'mei@example.org').first()).toMatchObject({ status: 0, signup_method: 2, email_confirmed_at: null });

    await t.http.post('/api/v1/auth/send-email-otp').send({ email: 'mei@example.org' }).expect(200);
    const early = await t.http
      .post('/api/v1/auth/login-by-email-otp')
      .send({ email: 'mei@example.org', otp: await t.lastCode('mei@example.org') })
      .expect(403);
    expect(early.body.error).toMatchObject({ code: 'user.pendingActivation', flag: 'userPendingActivation' });

    await magic('mei@example.org').expect(200, { success: true });
    const token = await linkParam(t.knex, 'mei@example.org', '/auth/magic-link', 'token');
    const res = await t.http.post('/api/v1/auth/login-by-magic-link').send({ token }).expect(200);
    expect(res.body).toMatchObject({ redirectUrl: 'https://talk.example.net', user: { email: 'mei@example.org', userRole: 5 }, status: 1 });
    const row = await t.knex('community_users').where('email', 'mei@example.org').first();
    expect(row.status).toBe(1);
    expect(row.email_confirmed_at).not.toBeNull();
    expect(await t.knex('community_users').where('email', 'mei@example.org').count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('A magic-link sign-up with someone else’s address or a bad one is refused', async () => {
    expect((await magic('member@acme.example.com').expect(400)).body.error).toMatchObject({ code: 'email.exists', flag: 'exitemail' });
    expect((await magic('nope').expect(400)).body.error.fields).toEqual({ email: 'email.errors.invalid' });
  });

  it('Nobody else can take a community user’s address', async () => {
    const admin = { Authorization: `Bearer ${await t.login('admin@example.com')}` };
    const acme = await t.knex('companies').where('company_name', 'Acme').first('id');
    const res = await t.http
      .post('/api/v1/company-users')
      .set(admin)
      .send({ firstName: 'K', lastName: 'I', email: 'ken@example.org', phone: '+659 123 45678', jobTitle: 'X', companyId: acme.id, role: 2, status: 1 })
      .expect(400);
    expect(res.body.error.fields).toEqual({ email: 'email.errors.exists' });
  });
});
