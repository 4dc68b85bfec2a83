/**
 * Accounts probed from the attacker's side: nobody takes over an account by changing its email,
 * and the candidate's email change cannot be triggered from another site nor without limit.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { testApp, type TestApp } from '../helpers/app';
import { candidatePayload, talentIds } from '../helpers/talent';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('An account cannot be taken over through its email', () => {
  let t: TestApp;
  let olivia: string;
  let general: string;
  let acmeId: number;
  let ownerId: number;
  let peerId: number;

  beforeAll(async () => {
    t = await testApp();
    olivia = await t.login('owner@acme.example.com');
    general = await t.login('admin@example.com');
    acmeId = (await t.knex('companies').where('company_name', 'Acme').first('id')).id;
    ownerId = (await t.knex('company_users').where({ company_id: acmeId, role: 0 }).first('id')).id;
    [{ id: peerId }] = await t
      .knex('company_users')
      .insert({
        email: 'peer.admin@acme.example.com',
        first_name: 'Pat',
        last_name: 'Lee',
        role: 1,
        status: 1,
        company_id: acmeId,
      })
      .returning('id');
  });

  const emailOf = async (table: string, id: number) =>
    (await t.knex(table).where('id', id).first('email')).email as string;

  it("An Admin-role user cannot change the Owner's email, to an address of the company or an outside one", async () => {
    const before = await emailOf('company_users', ownerId);
    for (const email of ['takeover.owner@acme.example.com', 'attacker@gmail.com']) {
      const res = await t.http
        .put(`/api/v1/company-users/User:${ownerId}`)
        .set(bearer(olivia))
        .send({ email })
        .expect(400);
      expect(res.body.error.fields).toEqual({ email: 'email.errors.notYours' });
    }
    expect(await emailOf('company_users', ownerId)).toBe(before);
    // Nobody can sign in as the Owner at the address the attacker tried.
    await t.http.post('/api/v1/auth/send-email-otp').send({ email: 'takeover.owner@acme.example.com' }).expect(200);
    expect(await listOutbox(t.knex, 'takeover.owner@acme.example.com', 1)).toHaveLength(0);
  });

  it("An Admin-role user cannot change a peer admin's email", async () => {
    const res = await t.http
      .put(`/api/v1/company-users/User:${peerId}`)
      .set(bearer(olivia))
      .send({ email: 'pat.takeover@acme.example.com' })
      .expect(400);
    expect(res.body.error.fields).toEqual({ email: 'email.errors.notYours' });
    expect(await emailOf('company_users', peerId)).toBe('peer.admin@acme.example.com');
  });

  it('A company user changing their own email through /company-users is sent to the account page, which confirms the address first', async () => {
    const self = (await t.knex('company_users').where('email', 'owner@acme.example.com').first('id')).id;
    const res = await t.http
      .put(`/api/v1/company-users/User:${self}`)
      .set(bearer(olivia))
      .send({ email: 'olivia.new@acme.example.com' })
      .expect(400);
    expect(res.body.error.fields).toEqual({ email: 'email.errors.useAccountPage' });
    expect(res.body.error.message).toBe('Some fields need your attention');
    expect(await emailOf('company_users', self)).toBe('owner@acme.example.com');
  });

  it("A platform admin cannot change another admin's, a company user's or a candidate's email through the generic routes", async () => {
    const advocate = (await t.knex('admins').where('email', 'advocate@example.com').first('id')).id;
    const candidate = (await t.knex('candidates').where('email', 'candidate@example.com').first('id')).id;
    for (const [path, table, id] of [
      [`/admins/Admin:${advocate}`, 'admins', advocate],
      [`/company-users/User:${ownerId}`, 'company_users', ownerId],
      [`/candidates/Candidate:${candidate}`, 'candidates', candidate],
    ] as const) {
      const before = await emailOf(table, id);
      const res = await t.http
        .put(`/api/v1${path}`)
        .set(bearer(general))
        .send({ email: 'moved.by.admin@example.org' })
        .expect(400);
      expect(res.body.error.fields, path).toEqual({ email: 'email.errors.notYours' });
      expect(await emailOf(table, id)).toBe(before);
    }
    const self = (await t.knex('admins').where('email', 'admin@example.com').first('id')).id;
    const own = await t.http
      .put(`/api/v1/admins/Admin:${self}`)
      .set(bearer(general))
      .send({ email: 'alex.new@example.com' })
      .expect(400);
    expect(own.body.error.fields).toEqual({ email: 'email.errors.useAccountPage' });
  });

  it("Saving a person's record with the email as it is still works", async () => {
    const res = await t.http
      .put(`/api/v1/company-users/User:${peerId}`)
      .set(bearer(olivia))
      .send({ email: 'peer.admin@acme.example.com', jobTitle: 'Recruiter' })
      .expect(200);
    expect(res.body).toMatchObject({ email: 'peer.admin@acme.example.com', jobTitle: 'Recruiter' });
  });

  it("A candidate's email change ends their other sessions and keeps the one that confirmed it", async () => {
    const ids = await talentIds(t.knex);
    const created = await t.http
      .post('/api/v1/candidates')
      .set(bearer(general))
      .send(candidatePayload(ids))
      .expect(201);
    const phone = await t.login(created.body.email);
    const laptop = await t.login(created.body.email);
    const moved = `moved.${Date.now()}@example.org`;
    await t.http
      .post(`/api/v1/candidate-email-change-request/is-send-confirmation-email-for-update/${created.body.id}`)
      .set(bearer(laptop))
      .send({ email: moved })
      .expect(200);
    await t.http
      .put(`/api/v1/candidate-email-change-request/confirm-email-to-update/${created.body.id}`)
      .set(bearer(laptop))
      .send({ code: await t.lastCode(moved) })
      .expect(200);
    await t.http.get('/api/v1/auth/check/user').set(bearer(phone)).expect(401);
    await t.http.get(`/api/v1/candidates/${created.body.id}`).set(bearer(laptop)).expect(200);
  });
});

describe("The candidate's email change cannot be abused", () => {
  let t: TestApp;
  let general: string;
  let me: { id: string; email: string; token: string };
  let other: { id: string; email: string; token: string };
  const ask = (id: string) => `/api/v1/candidate-email-change-request/is-send-confirmation-email-for-update/${id}`;
  const confirm = (id: string) => `/api/v1/candidate-email-change-request/confirm-email-to-update/${id}`;

  beforeAll(async () => {
    // The production limits: 5 per person, and a small IP budget so it can be reached here.
    t = await testApp({ rateLimit: { perEmail: 5, perIp: 10, documents: 10000, windowMinutes: 15 } });
    general = await t.login('admin@example.com');
    const ids = await talentIds(t.knex);
    const make = async () => {
      const res = await t.http.post('/api/v1/candidates').set(bearer(general)).send(candidatePayload(ids)).expect(201);
      return { id: res.body.id as string, email: res.body.email as string, token: await t.login(res.body.email) };
    };
    me = await make();
    other = await make();
  });

  it('A plain GET, as a link or an image on another site would send, emails nothing', async () => {
    await t.http
      .get(`${ask(me.id)}?email=attacker@evil.example`)
      .set(bearer(me.token))
      .expect(404);
    expect(await listOutbox(t.knex, 'attacker@evil.example', 1)).toHaveLength(0);
  });

  it("A cross-site POST carrying the candidate's cookie is refused and emails nothing", async () => {
    const res = await t.http
      .post(ask(me.id))
      .set('Cookie', `tb_session=${me.token}`)
      .set('Origin', 'https://evil.example')
      .send({ email: 'attacker@evil.example' })
      .expect(403);
    expect(res.body.error.code).toBe('errors.crossSite');
    expect(await listOutbox(t.knex, 'attacker@evil.example', 1)).toHaveLength(0);
  });

  it('Only the signed-in candidate completes the change: an admin holding the code cannot, nor anyone signed out', async () => {
    await t.http.post(ask(other.id)).set(bearer(general)).send({ email: 'other.moved@example.org' }).expect(200);
    const code = await t.lastCode('other.moved@example.org');
    await t.http.put(confirm(other.id)).set(bearer(general)).send({ code }).expect(403);
    await t.http.put(confirm(other.id)).send({ code }).expect(401);
    await t.http.put(confirm(other.id)).set(bearer(me.token)).send({ code }).expect(403);
    expect(await t.knex('candidates').where('email', 'other.moved@example.org').first()).toBeUndefined();
  });

  it('The sixth request for one candidate is refused, and so is any request past the IP budget', async () => {
    for (let i = 0; i < 5; i += 1)
      await t.http
        .post(ask(me.id))
        .set(bearer(me.token))
        .send({ email: `me.${i}@example.org` })
        .expect(200);
    const sixth = await t.http.post(ask(me.id)).set(bearer(me.token)).send({ email: 'me.5@example.org' }).expect(429);
    expect(sixth.body.error.code).toBe('errors.tooManyRequests');
    expect(await listOutbox(t.knex, 'me.5@example.org', 1)).toHaveLength(0);
    // The IP's budget is spent by the sign-ins, the admin's request and the five above:
    // the other candidate, far from their own limit, is refused too.
    const used = Number((await t.knex('rate_limit_hits').where('key', 'like', 'ip:%').count({ n: '*' }))[0].n);
    for (let i = used; i < 10; i += 1)
      await t.http
        .post(ask(other.id))
        .set(bearer(other.token))
        .send({ email: `other.${i}@example.org` })
        .expect(200);
    await t.http.post(ask(other.id)).set(bearer(other.token)).send({ email: 'other.last@example.org' }).expect(429);
  });

  it('The answer is the same for an address someone uses; they are told, and no code they could use is sent', async () => {
    const fresh = await testApp();
    const token = await fresh.login('candidate@example.com');
    const id = (await fresh.knex('candidates').where('email', 'candidate@example.com').first('id')).id;
    const taken = await fresh.http
      .post(ask(`Candidate:${id}`))
      .set(bearer(token))
      .send({ email: 'member@acme.example.com' })
      .expect(200);
    const free = await fresh.http
      .post(ask(`Candidate:${id}`))
      .set(bearer(token))
      .send({ email: 'brand.new@example.org' })
      .expect(200);
    expect(Object.keys(taken.body)).toEqual(Object.keys(free.body));
    expect(taken.body).toEqual({ isSend: true, email: 'member@acme.example.com', expiresInMinutes: 10 });
    const [notice] = await listOutbox(fresh.knex, 'member@acme.example.com', 1);
    expect(notice.text).toContain('already belongs to your Talentbase account');
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    // A request is kept, as for a free address (so the confirm answers alike), under a code no six digits match.
    const kept = await fresh.knex('candidate_email_changes').where('new_email', 'member@acme.example.com').first();
    expect(kept).toBeDefined();
  });
});
