import request from 'supertest';
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
  /** Opens a link from a browser holding `cookie` (none unless told), as the portal's page posts it. */
  const useLink = (token: unknown, cookie = '', extra: Record<string, unknown> = {}) =>
    t.http
      .post('/api/v1/auth/login-by-magic-link')
      .set('Cookie', cookie)
      .send({ token, ...extra });
  /** The cookies an answer left in the browser that asked, as its next requests send them. */
  const cookiesOf = (res: { headers: Record<string, unknown> }) =>
    ((res.headers['set-cookie'] as string[] | undefined) ?? []).map((c) => c.split(';')[0]).join('; ');
  /** Asks for a link to `email` and answers the cookie the asking browser now holds and the emailed token. */
  const askLink = async (email: string, redirectUrl?: string) => {
    const cookie = cookiesOf(await sendLink(email, redirectUrl).expect(200));
    return { cookie, token: await linkParam(t.knex, email.toLowerCase(), '/auth/magic-link', 'token') };
  };

  it('A company user signs in once with the emailed link and is sent to the page they asked for', async () => {
    const sent = await sendLink('Owner@Acme.example.com', '/projects?tab=1').expect(200);
    expect(sent.body).toEqual({ success: true, message: 'messages.magicLinkSent' });
    const mail = await lastMail(t.knex, 'owner@acme.example.com');
    expect(mail.text).toContain(`${t.config.publicUrl}/auth/magic-link?token=`);
    const token = await linkParam(t.knex, 'owner@acme.example.com', '/auth/magic-link', 'token');

    const res = await useLink(token, cookiesOf(sent)).expect(200);
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

    const again = await useLink(token, cookiesOf(sent)).expect(401);
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

  it('A link older than 15 minutes is refused, in the browser that asked for it or confirmed anywhere', async () => {
    const { cookie, token } = await askLink('member@acme.example.com');
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
    for (const res of [await useLink(token, cookie), await useLink(token), await useLink(token, '', { confirm: true })])
      expect([res.status, res.body.error.code]).toEqual([401, 'magicLink.invalid']);
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
    const { cookie, token } = await askLink('advocate@example.com');
    const res = await useLink(token, cookie).expect(403);
    expect(res.body.error).toMatchObject({ code: 'user.notActivate', flag: 'userNotActivate' });
  });

  describe('A link opens at once only in the browser that asked for it (login CSRF)', () => {
    /** When the newest link to `email` was used, null while it is not. */
    const usedAt = async (email: string) =>
      (await t.knex('email_codes').where({ email, purpose: 2 }).orderBy('id', 'desc').first('used_at')).used_at;

    it('Asking leaves the browser an HttpOnly, SameSite=Lax cookie for 15 minutes, whether or not an account uses the address', async () => {
      const known = await sendLink('member@acme.example.com').expect(200);
      const unknown = await sendLink('no.account@nowhere.example.com').expect(200);
      expect(unknown.body).toEqual(known.body);
      for (const res of [known, unknown]) {
        const cookie = ((res.headers['set-cookie'] as unknown as string[]) ?? []).find((c) =>
          c.startsWith('tb_magic_link='),
        );
        expect(cookie).toMatch(
          /^tb_magic_link=\d+\.[0-9a-f]{64}; Max-Age=900; Path=\/api\/v1\/auth; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
        );
      }
    });

    it('The asking browser signs in at once, and the binding is spent', async () => {
      const { cookie, token } = await askLink('Member@Acme.example.com', '/company-users');
      const res = await useLink(token, cookie).expect(200);
      expect(res.body).toMatchObject({ redirectUrl: '/company-users', user: { email: 'member@acme.example.com' } });
      expect((res.headers['set-cookie'] as unknown as string[]).join(';')).toMatch(/tb_magic_link=;/);
    });

    it('Another browser is asked first, is told the address, and the link stays usable', async () => {
      const { cookie, token } = await askLink('owner@acme.example.com', '/projects');
      const victim = `tb_session=${await t.login('candidate@example.com')}`;
      for (const elsewhere of ['', victim]) {
        const res = await useLink(token, elsewhere).expect(409);
        expect(res.body.error).toMatchObject({ code: 'magicLink.confirm', email: 'owner@acme.example.com' });
        expect(res.body).not.toHaveProperty('accessToken');
        expect((res.headers['set-cookie'] as unknown as string[] | undefined)?.join(';') ?? '').not.toContain(
          'tb_session=',
        );
      }
      // Only `true` confirms.
      expect((await useLink(token, '', { confirm: 'true' }).expect(409)).body.error.code).toBe('magicLink.confirm');
      expect(await usedAt('owner@acme.example.com')).toBeNull();
      const res = await useLink(token, cookie).expect(200);
      expect(res.body).toMatchObject({ redirectUrl: '/projects', user: { email: 'owner@acme.example.com' } });
    });

    it('Confirmed, a link opened elsewhere signs in as it always did, once', async () => {
      const { token } = await askLink('owner@acme.example.com', '/projects');
      const res = await useLink(token, '', { confirm: true }).expect(200);
      expect(res.body).toMatchObject({
        redirectUrl: '/projects',
        user: { email: 'owner@acme.example.com', userRole: 2 },
      });
      expect((res.headers['set-cookie'] as unknown as string[]).join(';')).toContain('tb_session=');
      expect((await useLink(token, '', { confirm: true }).expect(401)).body.error.code).toBe('magicLink.invalid');
    });

    it('A cookie made for another address, or altered, does not count', async () => {
      const { cookie: mine } = await askLink('candidate@example.com');
      const nobodys = cookiesOf(await sendLink('no.account@nowhere.example.com').expect(200));
      const { cookie: theirs, token } = await askLink('owner@acme.example.com');
      const [, expiresAt, mac] = /tb_magic_link=(\d+)\.([0-9a-f]+)/.exec(theirs) ?? [];
      const later = `tb_magic_link=${Number(expiresAt) + 60_000}.${mac}`;
      for (const cookie of [mine, nobodys, later, 'tb_magic_link=garbage']) {
        const res = await useLink(token, cookie).expect(409);
        expect(res.body.error).toMatchObject({ code: 'magicLink.confirm', email: 'owner@acme.example.com' });
      }
      await useLink(token, theirs).expect(200);
    });

    it('An unknown token is refused as before, confirmed or not', async () => {
      for (const extra of [{}, { confirm: true }])
        expect((await useLink('B'.repeat(43), '', extra).expect(401)).body.error.code).toBe('magicLink.invalid');
    });

    it('Browsers keep their own cookies: the one that asked signs in at once, a fresh one is asked first', async () => {
      const browser = request.agent(t.app);
      await browser.post('/api/v1/auth/send-magic-link').send({ email: 'member@acme.example.com' }).expect(200);
      const token = await linkParam(t.knex, 'member@acme.example.com', '/auth/magic-link', 'token');
      await request.agent(t.app).post('/api/v1/auth/login-by-magic-link').send({ token }).expect(409);
      await browser.post('/api/v1/auth/login-by-magic-link').send({ token }).expect(200);
    });
  });
});
