import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { lastMail, linkParam } from '../helpers/mailbox';

describe('Community sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ communityUrl: 'https://talk.example.net' });
  });

  /** The browser signing up: it keeps the cookie asking for a link leaves, so the link opens there at once. */
  let browser: ReturnType<typeof request.agent>;
  beforeEach(() => {
    browser = request.agent(t.app);
  });
  const traditional = (body: Record<string, unknown>) =>
    browser.post('/api/v1/auth/community/traditional-email/signup').send({ agreeTerms: true, ...body });
  const magic = (email: unknown) =>
    browser.post('/api/v1/auth/community/magic-link/signup').send({ email, agreeTerms: true });

  /** Opens the link emailed to `email`, as its owner would in the browser that asked for it. */
  const openLink = async (email: string) =>
    browser
      .post('/api/v1/auth/login-by-magic-link')
      .send({ token: await linkParam(t.knex, email, '/auth/magic-link', 'token') })
      .expect(200);

  it('Signing up with name and email reserves nothing until the emailed link is opened, then sends them to the community site', async () => {
    const res = await traditional({ firstName: 'Ken', lastName: 'Ito', email: 'Ken@Example.org' }).expect(200);
    expect(res.body).toEqual({ success: true, message: 'messages.signupLinkSent' });
    expect(await t.knex('community_users').where('email', 'ken@example.org').first()).toBeUndefined();
    expect((await lastMail(t.knex, 'ken@example.org')).subject).toMatch(/Finish joining/);

    const opened = await openLink('ken@example.org');
    expect(opened.body).toMatchObject({
      redirectUrl: 'https://talk.example.net',
      user: { email: 'ken@example.org', userRole: 5 },
      status: 1,
    });
    const row = await t.knex('community_users').where('email', 'ken@example.org').first();
    expect(row).toMatchObject({ first_name: 'Ken', last_name: 'Ito', status: 1, signup_method: 1 });
    expect(row.email_confirmed_at).not.toBeNull();
    expect((await lastMail(t.knex, 'ken@example.org')).text).toContain('https://talk.example.net');
    const token = await t.login('ken@example.org');
    const me = await t.http.get('/api/v1/auth/check/user').set('Authorization', `Bearer ${token}`).expect(200);
    expect(me.body.user).toMatchObject({ userRole: 5, _id: expect.stringMatching(/^Community:/) });
  });

  it('A name is one line: text typed as a name cannot write paragraphs of its own into the email sent to the address', async () => {
    const firstName = 'Ken\n\nYour account is locked: verify at https://evil.example/v\n\n';
    await traditional({ firstName, lastName: 'Ito', email: 'lure@example.org' }).expect(200);
    // The link greets the unproven address by no name (signup-greeting.test.ts); the welcome, once it is proven, does.
    expect((await lastMail(t.knex, 'lure@example.org')).text).not.toContain('Your account is locked');
    await openLink('lure@example.org');
    const mail = await lastMail(t.knex, 'lure@example.org');
    const line = mail.text.split('\n').find((l) => l.includes('Ken'));
    expect(line).toContain('Ken Your account is locked');
    expect(mail.text).not.toMatch(/\n\s*Your account is locked/);
  });

  it('A typed address stays free for its owner: a sign-up nobody confirmed blocks no one', async () => {
    await traditional({ firstName: 'Not', lastName: 'Me', email: 'squat@hopperlabs.example.com' }).expect(200);
    await traditional({ firstName: 'Real', lastName: 'Owner', email: 'squat@hopperlabs.example.com' }).expect(200);
    await openLink('squat@hopperlabs.example.com');
    expect(await t.knex('community_users').where('email', 'squat@hopperlabs.example.com').first('first_name')).toEqual({
      first_name: 'Real',
    });
  });

  it('The form reports missing fields; an address in use answers the same as a new one and only its owner is told', async () => {
    expect((await traditional({}).expect(400)).body.error.fields).toEqual({
      firstName: 'firstName.errors.required',
      lastName: 'lastName.errors.required',
      email: 'email.errors.required',
    });
    const taken = await traditional({ firstName: 'A', lastName: 'B', email: 'owner@acme.example.com' }).expect(200);
    const fresh = await traditional({ firstName: 'A', lastName: 'B', email: 'brand.new@example.org' }).expect(200);
    expect(taken.body).toEqual(fresh.body);
    const notice = await lastMail(t.knex, 'owner@acme.example.com');
    expect(notice.subject).toMatch(/tried to sign up/);
    expect(notice.text).not.toContain('/auth/magic-link');
    expect(await t.knex('community_users').where('email', 'owner@acme.example.com').first()).toBeUndefined();
  });

  it('Signing up by magic link creates the user only when the emailed link is opened', async () => {
    await magic('mei@example.org').expect(200, { success: true });
    expect(await t.knex('community_users').where('email', 'mei@example.org').first()).toBeUndefined();
    await magic('mei@example.org').expect(200, { success: true });
    const res = await openLink('mei@example.org');
    expect(res.body).toMatchObject({
      redirectUrl: 'https://talk.example.net',
      user: { email: 'mei@example.org', userRole: 5 },
      status: 1,
    });
    const row = await t.knex('community_users').where('email', 'mei@example.org').first();
    expect(row).toMatchObject({ status: 1, signup_method: 2 });
    expect(row.email_confirmed_at).not.toBeNull();
    expect(await t.knex('community_users').where('email', 'mei@example.org').count({ n: '*' })).toEqual([{ n: 1 }]);
    // Asking again as a member sends a sign-in link.
    await magic('mei@example.org').expect(200, { success: true });
    expect((await lastMail(t.knex, 'mei@example.org')).subject).toMatch(/sign-in link/);
  });

  it('A member an admin set to Pending stays pending: opening a sign-in link does not undo the hold', async () => {
    await magic('held@example.org').expect(200);
    await openLink('held@example.org');
    const { id } = await t.knex('community_users').where('email', 'held@example.org').first('id');
    const admin = { Authorization: `Bearer ${await t.login('admin@example.com')}` };
    await t.http.put(`/api/v1/community-users/Community:${id}`).set(admin).send({ status: 0 }).expect(200);

    await browser.post('/api/v1/auth/send-magic-link').send({ email: 'held@example.org' }).expect(200);
    const token = await linkParam(t.knex, 'held@example.org', '/auth/magic-link', 'token');
    const res = await browser.post('/api/v1/auth/login-by-magic-link').send({ token }).expect(403);
    expect(res.body.error.code).toBe('user.pendingActivation');
    expect(await t.knex('community_users').where('id', id).first('status')).toEqual({ status: 0 });
  });

  it('A magic-link sign-up with someone else’s address answers like any other and tells only the owner; a bad one is refused', async () => {
    await magic('member@acme.example.com').expect(200, { success: true });
    expect((await lastMail(t.knex, 'member@acme.example.com')).subject).toMatch(/tried to sign up/);
    expect(await t.knex('community_users').where('email', 'member@acme.example.com').first()).toBeUndefined();
    expect((await magic('nope').expect(400)).body.error.fields).toEqual({ email: 'email.errors.invalid' });
  });

  it('Without a community site, a new member lands on the product’s own welcome page', async () => {
    const plain = await testApp({ communityUrl: '' });
    const wendy = request.agent(plain.app);
    await wendy
      .post('/api/v1/auth/community/magic-link/signup')
      .send({ email: 'wendy@example.org', agreeTerms: true })
      .expect(200);
    const token = await linkParam(plain.knex, 'wendy@example.org', '/auth/magic-link', 'token');
    const res = await wendy.post('/api/v1/auth/login-by-magic-link').send({ token }).expect(200);
    expect(res.body.redirectUrl).toBe('/community/welcome');
    expect((await lastMail(plain.knex, 'wendy@example.org')).text).toContain('/community/welcome');
  });

  it('Nobody else can take a community user’s address', async () => {
    const admin = { Authorization: `Bearer ${await t.login('admin@example.com')}` };
    const acme = await t.knex('companies').where('company_name', 'Acme').first('id');
    const res = await t.http
      .post('/api/v1/company-users')
      .set(admin)
      .send({
        firstName: 'K',
        lastName: 'I',
        email: 'ken@example.org',
        phone: '+659 123 45678',
        jobTitle: 'X',
        companyId: acme.id,
        role: 2,
        status: 1,
      })
      .expect(400);
    expect(res.body.error.fields).toEqual({ email: 'email.errors.exists' });
  });
});
