/**
 * A deactivation by an admin ends the person's sessions for good, whichever way it arrives: an admin, a company
 * suspended or held (its people), a candidate and a community user, deactivated and then made active again, find
 * their old token signed out (401) rather than back in; signing in again works. A candidate pausing their own
 * profile, which they may still sign in to, keeps their session.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { bearer } from '../helpers/talent';

let t: TestApp;
let general: string;

const check = (token: string) => t.http.get('/api/v1/auth/check/user').set(bearer(token));
const idOf = async (table: string, email: string) =>
  (await t.knex(table).where('email', email).first('id')).id as number;

beforeAll(async () => {
  t = await testApp();
  general = await t.login('admin@example.com');
});

describe('Sessions end when an admin deactivates someone', () => {
  it('An admin deactivated and active again: the old token stays signed out', async () => {
    const id = await idOf('admins', 'advocate@example.com');
    const token = await t.login('advocate@example.com');
    await check(token).expect(200);
    const status = (s: number) =>
      t.http
        .put('/api/v1/admins/status')
        .set(bearer(general))
        .send({ ids: [`Admin:${id}`], status: s })
        .expect(200);
    await status(0);
    await status(1);
    await check(token).expect(401);
    // The console's edit of one admin ends them the same way.
    const again = await t.login('advocate@example.com');
    await check(again).expect(200);
    await t.http.put(`/api/v1/admins/Admin:${id}`).set(bearer(general)).send({ status: 0 }).expect(200);
    await t.http.put(`/api/v1/admins/Admin:${id}`).set(bearer(general)).send({ status: 1 }).expect(200);
    await check(again).expect(401);
    await check(await t.login('advocate@example.com')).expect(200);
  });

  it("A company suspended, then active again: its people's old tokens stay signed out", async () => {
    const acme = (await t.knex('companies').where('company_name', 'Acme').first('id')).id as number;
    const owner = await t.login('owner@acme.example.com');
    const member = await t.login('member@acme.example.com');
    await check(owner).expect(200);
    const status = (s: number) =>
      t.http
        .put('/api/v1/companies/status')
        .set(bearer(general))
        .send({ ids: [`Company:${acme}`], status: s })
        .expect(200);
    await status(2);
    await status(1);
    await check(owner).expect(401);
    await check(member).expect(401);
    await check(await t.login('owner@acme.example.com')).expect(200);
  });

  it('A company held (pending) by the console, then approved: the old token stays signed out', async () => {
    const raas = (await t.knex('company_users').where('email', 'owner@raas.example.com').first('company_id'))
      .company_id as number;
    const token = await t.login('owner@raas.example.com');
    await check(token).expect(200);
    await t.http.put(`/api/v1/companies/Company:${raas}`).set(bearer(general)).send({ status: 0 }).expect(200);
    await t.http.put(`/api/v1/companies/Company:${raas}`).set(bearer(general)).send({ status: 1 }).expect(200);
    await check(token).expect(401);
    await check(await t.login('owner@raas.example.com')).expect(200);
  });

  it('A candidate deactivated and active again: the old token stays signed out; their own pause keeps it', async () => {
    const id = await idOf('candidates', 'candidate@example.com');
    const token = await t.login('candidate@example.com');
    await check(token).expect(200);
    // Paused by themself, a candidate may still sign in (to activate it again): the session stays.
    await t.http.post(`/api/v1/candidates/Candidate:${id}/pause`).set(bearer(token)).expect(200);
    await check(token).expect(200);
    await t.http.post(`/api/v1/candidates/Candidate:${id}/activate`).set(bearer(token)).expect(200);
    const status = (s: number) =>
      t.http
        .post('/api/v1/candidates/update/status')
        .set(bearer(general))
        .send({ candidates: [`Candidate:${id}`], status: s, confirm: true })
        .expect(200);
    await status(2);
    await status(1);
    await check(token).expect(401);
    // The console's edit of the profile ends them the same way.
    const again = await t.login('candidate@example.com');
    await t.http.put(`/api/v1/candidates/Candidate:${id}`).set(bearer(general)).send({ status: 2 }).expect(200);
    await t.http.put(`/api/v1/candidates/Candidate:${id}`).set(bearer(general)).send({ status: 1 }).expect(200);
    await check(again).expect(401);
    await check(await t.login('candidate@example.com')).expect(200);
  });

  it('A community user deactivated and active again: the old token stays signed out', async () => {
    const email = 'rowan@community.example.org';
    const [{ id }] = await t
      .knex('community_users')
      .insert({ email, first_name: 'Rowan', last_name: 'Ng', status: 1 })
      .returning('id');
    const token = await t.login(email);
    await check(token).expect(200);
    const status = (s: number) =>
      t.http
        .put('/api/v1/community-users/status')
        .set(bearer(general))
        .send({ ids: [`Community:${id}`], status: s })
        .expect(200);
    await status(2);
    await status(1);
    await check(token).expect(401);
    expect(await t.knex('sessions').where({ actor_kind: 5, actor_id: id })).toHaveLength(0);
    await check(await t.login(email)).expect(200);
  });
});
