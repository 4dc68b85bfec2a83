import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { signInAtProvider, socialApp, type OidcStandIn } from '../helpers/oidc';

describe('Sign-in and sign-up with Google and LinkedIn', () => {
  let t: TestApp;
  let google: OidcStandIn;
  let linkedin: OidcStandIn;
  const publicUrl = 'http://localhost:3000';

  beforeAll(async () => {
    ({ t, google, linkedin } = await socialApp(publicUrl));
    google.accounts['olivia'] = {
      email: 'owner@acme.example.com',
      email_verified: true,
      given_name: 'Olivia',
      family_name: 'Tan',
    };
    google.accounts['stranger'] = { email: 'stranger@nowhere.example.com', email_verified: true };
    google.accounts['unverified'] = { email: 'admin@example.com', email_verified: false };
    google.accounts['newcomer'] = {
      email: 'nina@newco.example.com',
      email_verified: true,
      given_name: 'Nina',
      family_name: 'Okafor',
    };
    linkedin.accounts['rachel'] = {
      email: 'owner@raas.example.com',
      email_verified: true,
      given_name: 'Rachel',
      family_name: 'Ng',
    };
    linkedin.accounts['fan'] = {
      email: 'sam@community.example.org',
      email_verified: true,
      given_name: 'Sam',
      family_name: 'Lee',
    };
  });

  /** Our start route → provider sign-in and consent → our callback; returns where our callback sends the browser. */
  async function roundTrip(startPath: string, login: string): Promise<string> {
    const start = await t.http.get(startPath).expect(302);
    const cookies = ((start.headers['set-cookie'] as unknown as string[] | undefined) ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(cookies).toMatch(/^tb_oidc=/);
    const callback = await signInAtProvider(start.headers.location, login, publicUrl);
    expect(callback.pathname).toMatch(/^\/api\/v1\/auth\/(google|linkedin)\/callback$/);
    const done = await t.http.get(`${callback.pathname}${callback.search}`).set('Cookie', cookies).expect(302);
    browser = ((done.headers['set-cookie'] as unknown as string[] | undefined) ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    return done.headers.location;
  }
  /** The cookies our callback left in the browser of the last round trip. */
  let browser = '';
  /** The portal's exchange of a sign-in key, from the browser that made the round trip unless told. */
  const exchange = (gnbsl: string, cookie = browser) =>
    t.http.get(`/api/v1/auth/get/profile/via/social/login?gnbsl=${gnbsl}`).set('Cookie', cookie);

  const gnbslOf = (location: string) => new URL(location, publicUrl).searchParams.get('gnbsl') as string;

  it('Lists the configured providers', async () => {
    await t.http.get('/api/v1/auth/providers').expect(200, { google: true, linkedin: true });
    const bare = await testApp({ google: undefined, linkedin: undefined });
    await bare.http.get('/api/v1/auth/providers').expect(200, { google: false, linkedin: false });
    await bare.http.get('/api/v1/auth/google/signin').expect(404);
  });

  it('A company user signs in with Google through the whole redirect flow, with PKCE', async () => {
    const location = await roundTrip('/api/v1/auth/google/signin', 'olivia');
    expect(location).toMatch(/^\/auth\/social-callback\?gnbsl=[A-Za-z0-9_-]{43}$/);
    const asked = google.authorizationRequests.at(-1) as URLSearchParams;
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('scope')).toBe('openid profile email');

    // The key alone, sent to someone else in a link, signs nobody in: it works only beside the callback's cookie.
    expect((await exchange(gnbslOf(location), '').expect(400)).body.error.code).toBe('sso.decodeFailed');
    const victim = `tb_session=${await t.login('candidate@example.com')}`;
    expect((await exchange(gnbslOf(location), victim).expect(400)).body.error.code).toBe('sso.decodeFailed');
    const res = await exchange(gnbslOf(location)).expect(200);
    expect(res.body).toMatchObject({
      accessToken: expect.any(String),
      status: 1,
      user: { email: 'owner@acme.example.com', userRole: 2, companyName: 'Acme' },
    });
    expect((res.headers['set-cookie'] as unknown as string[] | undefined)?.join(';')).toContain('tb_session=');
    const again = await exchange(gnbslOf(location)).expect(400);
    expect(again.body.error.code).toBe('sso.decodeFailed');
  });

  it('A RaaS user signs in with LinkedIn using state alone: no PKCE, no nonce', async () => {
    const location = await roundTrip('/api/v1/auth/linkedin/signin', 'rachel');
    const asked = linkedin.authorizationRequests.at(-1) as URLSearchParams;
    expect(asked.get('state')).toBeTruthy();
    expect(asked.has('code_challenge')).toBe(false);
    expect(asked.has('nonce')).toBe(false);
    const res = await exchange(gnbslOf(location)).expect(200);
    expect(res.body.user).toMatchObject({ email: 'owner@raas.example.com', userRole: 4 });
  });

  it('An email without an account goes back to login with userNotFound', async () => {
    expect(await roundTrip('/api/v1/auth/google/signin', 'stranger')).toBe('/auth/login?userNotFound=true');
  });

  it('The same state rules apply: a pending company goes back to login with companyPending', async () => {
    const initech = await t
      .knex('company_users as u')
      .join('companies as c', 'c.id', 'u.company_id')
      .where('c.company_name', 'Initech Robotics')
      .first('u.email');
    google.accounts['initech'] = { email: initech.email, email_verified: true };
    expect(await roundTrip('/api/v1/auth/google/signin', 'initech')).toBe('/auth/login?companyPending=true');
  });

  it('An address the provider has not verified signs nobody in', async () => {
    expect(await roundTrip('/api/v1/auth/google/signin', 'unverified')).toBe('/auth/login?ssoError=true');
  });

  it('A callback without the round trip’s cookie is refused', async () => {
    const start = await t.http.get('/api/v1/auth/google/signin').expect(302);
    const callback = await signInAtProvider(start.headers.location, 'olivia', publicUrl);
    const res = await t.http.get(`${callback.pathname}${callback.search}`).expect(302);
    expect(res.headers.location).toBe('/auth/login?ssoError=true');
  });

  it('Opening the callback without an answer from the provider goes back to login', async () => {
    const start = await t.http.get('/api/v1/auth/google/signin').expect(302);
    const cookies = ((start.headers['set-cookie'] as unknown as string[] | undefined) ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const res = await t.http.get('/api/v1/auth/google/callback').set('Cookie', cookies).expect(302);
    expect(res.headers.location).toBe('/auth/login?ssoError=true');
  });

  it('Cancelling at the provider goes back to login', async () => {
    const start = await t.http.get('/api/v1/auth/google/signin').expect(302);
    const cookies = ((start.headers['set-cookie'] as unknown as string[] | undefined) ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const iss = encodeURIComponent(google.issuer);
    const res = await t.http
      .get(`/api/v1/auth/google/callback?error=access_denied&iss=${iss}`)
      .set('Cookie', cookies)
      .expect(302);
    expect(res.headers.location).toBe('/auth/login?ssoError=true');
  });

  it('A keyless or made-up gnbsl is refused', async () => {
    expect((await t.http.get('/api/v1/auth/get/profile/via/social/login').expect(400)).body.error.code).toBe(
      'sso.decodeFailed',
    );
    await t.http.get(`/api/v1/auth/get/profile/via/social/login?gnbsl=${'x'.repeat(43)}`).expect(400);
  });

  it('Company sign-up with Google prefills step 1 from the provider', async () => {
    const location = await roundTrip('/api/v1/auth/google/signup/company', 'newcomer');
    expect(location).toMatch(/^\/auth\/company\/signup\/1\?gnbsl=/);
    const key = gnbslOf(location);
    await t.http
      .get(`/api/v1/auth/name/via/google?gnbsl=${key}`)
      .expect(200, { firstName: 'Nina', lastName: 'Okafor', email: 'nina@newco.example.com' });
    // Reading it again (a page refresh) still works; the other provider's route does not read it.
    await t.http.get(`/api/v1/auth/name/via/google?gnbsl=${key}`).expect(200);
    await t.http.get(`/api/v1/auth/name/via/linked-in?gnbsl=${key}`).expect(400);
  });

  it('Sign-up with an email that already has an account goes to login with exitemail', async () => {
    expect(await roundTrip('/api/v1/auth/google/signup/community', 'olivia')).toBe('/auth/login?exitemail=true');
  });

  it('Community sign-up with LinkedIn creates the community user and sends them to the community', async () => {
    const location = await roundTrip('/api/v1/auth/linkedin/signup/community', 'fan');
    expect(location).toMatch(/^\/community\/auth\/signup\?gnbsl=/);
    const key = gnbslOf(location);
    await t.http
      .get(`/api/v1/auth/name/via/linked-in?gnbsl=${key}`)
      .expect(200, { firstName: 'Sam', lastName: 'Lee', email: 'sam@community.example.org' });
    const res = await t.http
      .post('/api/v1/auth/community/social/signup')
      .send({ gnbsl: key, agreeTerms: true })
      .expect(200);
    expect(res.body).toEqual({ success: true, redirectUrl: '/community/welcome' });
    const row = await t.knex('community_users').where('email', 'sam@community.example.org').first();
    expect(row).toMatchObject({ first_name: 'Sam', last_name: 'Lee', status: 1, signup_method: 4 });
    expect(row.email_confirmed_at).not.toBeNull();
    expect(
      (await t.http.post('/api/v1/auth/community/social/signup').send({ gnbsl: key, agreeTerms: true }).expect(400))
        .body.error.code,
    ).toBe('sso.decodeFailed');
  });
});
