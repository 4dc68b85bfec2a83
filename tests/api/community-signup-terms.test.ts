/** Spec section 5, "Terms must be agreed": every community sign-up form asks for the terms and records when they were agreed. */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { linkParam, mailsTo } from '../helpers/mailbox';
import { signInAtProvider, socialApp, type OidcStandIn } from '../helpers/oidc';

describe('Community sign-up asks for the terms', () => {
  let t: TestApp;
  let linkedin: OidcStandIn;
  const publicUrl = 'http://localhost:3000';

  beforeAll(async () => {
    ({ t, linkedin } = await socialApp(publicUrl));
    linkedin.accounts['joiner'] = {
      email: 'joiner@community.example.org',
      email_verified: true,
      given_name: 'Jo',
      family_name: 'Iner',
    };
  });

  /** The browser signing up: a link opens at once in the browser that asked for it. */
  const browser = () => request.agent(t.app);
  let agent: ReturnType<typeof request.agent>;
  const post = (path: string, body: Record<string, unknown>, by = browser()) =>
    by.post(`/api/v1/auth/community/${path}`).send(body);
  const pendingLinks = async (email: string) =>
    Number((await t.knex('email_codes').where({ email }).count<{ c: string }[]>('* as c'))[0].c);
  const account = (email: string) => t.knex('community_users').where({ email }).first();

  /** Opens the newest emailed link, as its owner would. */
  const openLink = async (email: string) => {
    const token = await linkParam(t.knex, email, '/auth/magic-link', 'token');
    await agent.post('/api/v1/auth/login-by-magic-link').send({ token }).expect(200);
  };

  it('Name and email without the terms box ticked is refused at the box, and nothing is emailed or reserved', async () => {
    const email = 'nobox@example.org';
    for (const agreeTerms of [undefined, false, 'false', 'yes']) {
      const res = await post('traditional-email/signup', { firstName: 'No', lastName: 'Box', email, agreeTerms });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ agreeTerms: 'agreeTerms.errors.required' });
    }
    expect(await mailsTo(t.knex, email)).toEqual([]);
    expect(await pendingLinks(email)).toBe(0);
    expect(await account(email)).toBeUndefined();
  });

  it('The magic link form without the terms box ticked is refused at the box, and nothing is emailed or reserved', async () => {
    const email = 'nolink@example.org';
    for (const agreeTerms of [undefined, false]) {
      const res = await post('magic-link/signup', { email, agreeTerms });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ agreeTerms: 'agreeTerms.errors.required' });
    }
    expect(await mailsTo(t.knex, email)).toEqual([]);
    expect(await pendingLinks(email)).toBe(0);
  });

  it('With the box ticked, the account made when the link is opened records when the terms were agreed', async () => {
    const before = Date.now();
    const forms: [string, string, Record<string, unknown>][] = [
      ['ticked@example.org', 'traditional-email/signup', { firstName: 'Tick', lastName: 'Ed' }],
      ['linked@example.org', 'magic-link/signup', {}],
    ];
    for (const [email, path, names] of forms) {
      agent = browser();
      await post(path, { ...names, email, agreeTerms: true }, agent).expect(200);
      expect(await account(email)).toBeUndefined();
      await openLink(email);
      const row = await account(email);
      expect(row.terms_accepted_at).not.toBeNull();
      expect(new Date(row.terms_accepted_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
  });

  it('After a LinkedIn round trip the account is made only with the box ticked, and records when', async () => {
    const start = await t.http.get('/api/v1/auth/linkedin/signup/community').expect(302);
    const cookies = ((start.headers['set-cookie'] as unknown as string[] | undefined) ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const callback = await signInAtProvider(start.headers.location, 'joiner', publicUrl);
    const done = await t.http.get(`${callback.pathname}${callback.search}`).set('Cookie', cookies).expect(302);
    const gnbsl = new URL(done.headers.location, publicUrl).searchParams.get('gnbsl') ?? '';

    const refused = await post('social/signup', { gnbsl }).expect(400);
    expect(refused.body.error.fields).toEqual({ agreeTerms: 'agreeTerms.errors.required' });
    expect(await account('joiner@community.example.org')).toBeUndefined();

    await post('social/signup', { gnbsl, agreeTerms: true }).expect(200);
    const row = await account('joiner@community.example.org');
    expect(row).toMatchObject({ first_name: 'Jo', signup_method: 4 });
    expect(row.terms_accepted_at).not.toBeNull();
  });
});
