/**
 * The "your profile is ready, sign in" email goes only to a candidate who may sign in (active or semi-active, spec
 * section 4). One created pending activation with the email asked for gets it when activated, once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { testApp, type TestApp } from '../helpers/app';
import { candidatePayload, talentIds, type TalentIds } from '../helpers/talent';

describe('The profile-ready email and the candidate status', () => {
  let t: TestApp;
  let ids: TalentIds;
  let admin: string;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const profileReady = async (email: string) =>
    (await listOutbox(t.knex, email, 20)).filter((m) => m.subject === 'Your Talentbase profile is ready');

  beforeAll(async () => {
    t = await testApp();
    ids = await talentIds(t.knex);
    admin = await t.login('admin@example.com');
  });

  it('A candidate pending activation is not invited until activated, then once', async () => {
    const created = await t.http
      .post('/api/v1/candidates')
      .set(as(admin))
      .send({ ...candidatePayload(ids), status: 4, sendSetPasswordEmail: true })
      .expect(201);
    const { id, email } = created.body as { id: string; email: string };
    expect(await profileReady(email)).toHaveLength(0);
    // Saved again, still pending: nothing.
    await t.http.put(`/api/v1/candidates/${id}`).set(as(admin)).send({ summary: 'Edited' }).expect(200);
    expect(await profileReady(email)).toHaveLength(0);
    await t.http.put(`/api/v1/candidates/${id}`).set(as(admin)).send({ status: 1 }).expect(200);
    expect(await profileReady(email)).toHaveLength(1);
    // The candidate can use it: signing in works now.
    const token = await t.login(email);
    // A pause and activation of their own, or another save, sends nothing more.
    await t.http.post(`/api/v1/candidates/${id}/pause`).set(as(token)).expect(200);
    await t.http.post(`/api/v1/candidates/${id}/activate`).set(as(token)).expect(200);
    await t.http
      .put(`/api/v1/candidates/${id}`)
      .set(as(admin))
      .send({ summary: 'Again', sendSetPasswordEmail: true })
      .expect(200);
    expect(await profileReady(email)).toHaveLength(1);
  });

  it.each([
    ['A pending-curation', 0],
    ['An inactive', 2],
  ])('%s candidate is not told to sign in; becoming semi-active invites them', async (_, status) => {
    const created = await t.http
      .post('/api/v1/candidates')
      .set(as(admin))
      .send({ ...candidatePayload(ids), status, sendSetPasswordEmail: true })
      .expect(201);
    expect(await profileReady(created.body.email)).toHaveLength(0);
    await t.http.put(`/api/v1/candidates/${created.body.id}`).set(as(admin)).send({ status: 3 }).expect(200);
    expect(await profileReady(created.body.email)).toHaveLength(1);
  });

  it('An active candidate is invited when the email is asked for, as before', async () => {
    const created = await t.http
      .post('/api/v1/candidates')
      .set(as(admin))
      .send({ ...candidatePayload(ids), sendSetPasswordEmail: true })
      .expect(201);
    expect(await profileReady(created.body.email)).toHaveLength(1);
  });
});
