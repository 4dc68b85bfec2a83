/**
 * A candidate who paused their own profile keeps their way back in: signed out, they sign in again
 * with a fresh emailed code or link, their session check holds, and they activate the profile. A
 * candidate an admin made inactive stays out by either way.
 */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { linkParam } from '../helpers/mailbox';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';

describe('A paused candidate signing in again', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await testApp();
    admin = await t.login('admin@example.com');
  });

  async function newCandidate(): Promise<{ id: string; email: string }> {
    const res = await t.http
      .post('/api/v1/candidates')
      .set(bearer(admin))
      .send(candidatePayload(await talentIds(t.knex)))
      .expect(201);
    return { id: res.body.id, email: res.body.email };
  }

  async function byCode(email: string) {
    await t.http.post('/api/v1/auth/send-email-otp').send({ email }).expect(200);
    return t.http.post('/api/v1/auth/login-by-email-otp').send({ email, otp: await t.lastCode(email) });
  }

  /** Asks for a link and opens it in the same browser, which holds the cookie the ask left. */
  async function byLink(email: string) {
    const browser = request.agent(t.app);
    await browser.post('/api/v1/auth/send-magic-link').send({ email }).expect(200);
    const token = await linkParam(t.knex, email, '/auth/magic-link', 'token');
    return browser.post('/api/v1/auth/login-by-magic-link').send({ token });
  }

  it.each([
    ['code', byCode],
    ['link', byLink],
  ] as const)('Pauses, signs out, signs in with a fresh %s and activates the profile', async (_way, signIn) => {
    const me = await newCandidate();
    const first = await byCode(me.email);
    expect(first.status).toBe(200);
    const paused = await t.http.post(`/api/v1/candidates/${me.id}/pause`).set(bearer(first.body.accessToken));
    expect(paused.body).toMatchObject({ status: 2, selfChosenStatus: true });

    // Still signed in after pausing; signing out ends that session.
    await t.http.get('/api/v1/auth/check/user').set(bearer(first.body.accessToken)).expect(200);
    await t.http.post('/api/v1/auth/logout').set(bearer(first.body.accessToken)).expect(200);
    await t.http.get('/api/v1/auth/check/user').set(bearer(first.body.accessToken)).expect(401);

    const again = await signIn(me.email);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ status: 2, user: { email: me.email, userRole: 3 } });
    const check = await t.http.get('/api/v1/auth/check/user').set(bearer(again.body.accessToken)).expect(200);
    expect(check.body).toMatchObject({ status: 2, isLoggedIn: true, user: { userRole: 3 } });
    // Their own profile reads, and says why it is inactive.
    const profile = await t.http.get(`/api/v1/candidates/${me.id}`).set(bearer(again.body.accessToken)).expect(200);
    expect(profile.body).toMatchObject({ status: 2, selfChosenStatus: true });

    const active = await t.http.post(`/api/v1/candidates/${me.id}/activate`).set(bearer(again.body.accessToken));
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ status: 1 });
    const after = await t.http.get('/api/v1/auth/check/user').set(bearer(again.body.accessToken)).expect(200);
    expect(after.body.status).toBe(1);
  });

  it.each([
    ['code', byCode],
    ['link', byLink],
  ] as const)('A candidate an admin made inactive cannot sign in with a %s', async (_way, signIn) => {
    const me = await newCandidate();
    await t.http.put(`/api/v1/candidates/${me.id}`).set(bearer(admin)).send({ status: 2 }).expect(200);
    const refused = await signIn(me.email);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'user.notActivate', flag: 'userNotActivate' });
  });
});
