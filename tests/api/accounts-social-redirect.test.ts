/**
 * Google and LinkedIn sign-in remember the page the visitor asked for: `?redirect=` on the sign-in start comes back on
 * the portal's callback page after the provider's round trip, and only when it is a path on this site.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { signInAtProvider, socialApp, type OidcStandIn } from '../helpers/oidc';

describe('Social sign-in returns to the page asked for', () => {
  let t: TestApp;
  let google: OidcStandIn;
  let linkedin: OidcStandIn;
  const publicUrl = 'http://localhost:3000';

  beforeAll(async () => {
    ({ t, google, linkedin } = await socialApp(publicUrl));
    google.accounts['olivia'] = { email: 'owner@acme.example.com', email_verified: true, given_name: 'Olivia' };
    google.accounts['stranger'] = { email: 'stranger@nowhere.example.com', email_verified: true };
    linkedin.accounts['rachel'] = { email: 'owner@raas.example.com', email_verified: true, given_name: 'Rachel' };
  });

  const cookiesOf = (res: { headers: Record<string, unknown> }) =>
    ((res.headers['set-cookie'] as string[] | undefined) ?? []).map((c) => c.split(';')[0]).join('; ');

  /** The sign-in start with `redirect` (sent as the portal sends it), the provider, then where our callback sends the browser. */
  async function signInReturningTo(provider: 'google' | 'linkedin', login: string, redirect?: string) {
    const query = redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`;
    const start = await t.http.get(`/api/v1/auth/${provider}/signin${query}`).expect(302);
    const callback = await signInAtProvider(start.headers.location, login, publicUrl);
    const done = await t.http.get(`${callback.pathname}${callback.search}`).set('Cookie', cookiesOf(start)).expect(302);
    return { location: done.headers.location as string, browser: cookiesOf(done) };
  }

  const exchange = (location: string, cookie: string) => {
    const key = new URL(location, publicUrl).searchParams.get('gnbsl') as string;
    return t.http.get(`/api/v1/auth/get/profile/via/social/login?gnbsl=${key}`).set('Cookie', cookie);
  };

  it('A sign-in started from a page lands back on it after the provider, with Google and with LinkedIn', async () => {
    const google = await signInReturningTo('google', 'olivia', '/projects/42?tab=notes');
    expect(google.location).toMatch(/^\/auth\/social-callback\?gnbsl=[A-Za-z0-9_-]{43}&redirect=/);
    expect(new URL(google.location, publicUrl).searchParams.get('redirect')).toBe('/projects/42?tab=notes');
    const res = await exchange(google.location, google.browser).expect(200);
    expect(res.body.user).toMatchObject({ email: 'owner@acme.example.com' });

    const linkedin = await signInReturningTo('linkedin', 'rachel', '/team');
    expect(new URL(linkedin.location, publicUrl).searchParams.get('redirect')).toBe('/team');
  });

  it('Without a redirect the callback page gets none, so the visitor lands on their home', async () => {
    const { location } = await signInReturningTo('google', 'olivia');
    expect(location).toMatch(/^\/auth\/social-callback\?gnbsl=[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    '//evil.example',
    'https://evil.example',
    'https://evil.example/projects',
    '/\\evil.example',
    '\\\\evil.example',
    '/%2F%2Fevil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
  ])('A hostile redirect %j is dropped: the visitor lands on the default page', async (hostile) => {
    const { location, browser } = await signInReturningTo('google', 'olivia', hostile);
    expect(location).toMatch(/^\/auth\/social-callback\?gnbsl=[A-Za-z0-9_-]{43}$/);
    await exchange(location, browser).expect(200);
  });

  it('A refused sign-in goes back to login keeping the page asked for; a hostile one is not kept', async () => {
    expect((await signInReturningTo('google', 'stranger', '/projects/42')).location).toBe(
      `/auth/login/${encodeURIComponent('/projects/42')}?userNotFound=true`,
    );
    expect((await signInReturningTo('google', 'stranger', '//evil.example')).location).toBe(
      '/auth/login?userNotFound=true',
    );
  });

  it('The kept page belongs to one round trip: a sign-in started without one forgets an earlier one', async () => {
    // A browser's cookie jar over two starts: the second one's answer clears what the first kept.
    const jar = new Map<string, string>();
    const keep = (res: { headers: Record<string, unknown> }) => {
      for (const pair of cookiesOf(res).split('; ').filter(Boolean)) {
        const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
        if (value) jar.set(name, value);
        else jar.delete(name);
      }
    };
    const sent = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    keep(await t.http.get(`/api/v1/auth/google/signin?redirect=${encodeURIComponent('/team')}`).expect(302));
    expect(jar.get('tb_social_back')).toBe(encodeURIComponent('/team'));
    const second = await t.http.get('/api/v1/auth/google/signin').set('Cookie', sent()).expect(302);
    keep(second);
    expect(jar.has('tb_social_back')).toBe(false);
    const callback = await signInAtProvider(second.headers.location, 'olivia', publicUrl);
    const done = await t.http.get(`${callback.pathname}${callback.search}`).set('Cookie', sent()).expect(302);
    expect(done.headers.location).toMatch(/^\/auth\/social-callback\?gnbsl=[A-Za-z0-9_-]{43}$/);
  });
});
