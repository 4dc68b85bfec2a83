import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { lastMail, linkParam, mailsTo } from '../helpers/mailbox';

describe('Sign-in by magic link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });

  const sendLink = (email: string, redirectUrl?: string) =>
    t.http.post('/api/v1/auth/send-magic-link').send({ email, redirectUrl });
  const useLink = (token: unknown) => t.http.post('/api/v1/auth/login-by-magic-link').send({ token });

  it('A company user signs in once with the emailed link and is sent to the page they asked for', async () => {
    const sent = await sendLink('Owner@Acme.example.com', '/projects?tab=1').expect(200);
    expect(sent.body).toEqual({ success: true, message: 'messages.magicLinkSent' });
    const mail = await lastMail(t.knex, 'owner@acme.example.com');
    expect(mail.text).toContain(`${t.config.publicUrl}/auth/magic-link?token=`);
    const token = await linkParam(t.knex, 'owner@acme.example.com', '/auth/magic-link', 'token');

    const res = await useLink(token).expect(200);
    expect(res.body).toMatchObject({
      accessToken: expect.any(String),
      expiresAt: expect.any(String),
      status: 1,
      redirectUrl: '/projects?tab=1',
      user: {
        email: 'owner@acme.example.com',
        userRole: 2,
        subUserRole: 1,
        companyName: 'Acme',
        company: { id: expect.stringMatching(/^Company:/) },
      },
    });
    expect((res.headers['set-cookie'] as unknown as string[] | undefined)?.join(';')).toMatch(
      /tb_session=[^;]+;.*HttpOnly/,
    );
    await t.http.get('/api/v1/auth/check/user').set('Authorization', `Bearer ${res.body.accessToken}`).expect(200);

    const again = await useLink(token).expect(401);
    expect(again.body.error).toMatchObject({
      code: 'magicLink.invalid',
      message: 'This sign-in link is invalid or has expired',
    });
  });

  it('The link is stored only as a hash', async () => {
    await sendLink('admin@example.com').expect(200);
    const token = await linkParam(t.knex, 'admin@example.com', '/auth/magic-link', 'token');
    const rows = await t.knex('email_codes').where({ email: 'admin@example.com', purpose: 2 });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.code_hash !== token && !JSON.stringify(r).includes(token))).toBe(true);
  });

  it('A link older than 15 minutes is refused', async () => {
    await sendLink('member@acme.example.com').expect(200);
    const token = await linkParam(t.knex, 'member@acme.example.com', '/auth/magic-link', 'token');
    const row = await t
      .knex('email_codes')
      .where({ email: 'member@acme.example.com', purpose: 2 })
      .orderBy('id', 'desc')
      .first();
    expect(
      Math.abs(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime() - 15 * 60_000),
    ).toBeLessThan(1000);
    await t
      .knex('email_codes')
      .where('id', row.id)
      .update({ expires_at: new Date(Date.now() - 1000) });
    const res = await useLink(token).expect(401);
    expect(res.body.error.code).toBe('magicLink.invalid');
  });

  it('An unknown or malformed token is refused, a missing one is a field error', async () => {
    expect((await useLink('A'.repeat(43)).expect(401)).body.error.code).toBe('magicLink.invalid');
    expect((await useLink('not a token').expect(401)).body.error.code).toBe('magicLink.invalid');
    expect((await useLink(undefined).expect(400)).body.error.fields).toEqual({ token: 'token.errors.required' });
  });

  it('An email without an account gets the same answer and no email', async () => {
    const res = await sendLink('nobody@nowhere.example.com').expect(200);
    expect(res.body).toEqual({ success: true, message: 'messages.magicLinkSent' });
    expect(await mailsTo(t.knex, 'nobody@nowhere.example.com')).toHaveLength(0);
  });

  it('A redirect to another site is refused, and a bad email is a field error', async () => {
    expect((await sendLink('admin@example.com', 'https://evil.example.com/').expect(400)).body.error.fields).toEqual({
      redirectUrl: 'redirectUrl.errors.invalid',
    });
    expect((await sendLink('admin@example.com', '//evil.example.com').expect(400)).body.error.fields).toEqual({
      redirectUrl: 'redirectUrl.errors.invalid',
    });
    expect((await sendLink('not-an-email').expect(400)).body.error.fields).toEqual({ email: 'email.errors.invalid' });
  });

  it('The link applies the same state rules as every sign-in', async () => {
    await t.knex('admins').where('email', 'advocate@example.com').update({ status: 0 });
    await sendLink('advocate@example.com').expect(200);
    const token = await linkParam(t.knex, 'advocate@example.com', '/auth/magic-link', 'token');
    const res = await useLink(token).expect(403);
    expect(res.body.error).toMatchObject({ code: 'user.notActivate', flag: 'userNotActivate' });
  });
});
