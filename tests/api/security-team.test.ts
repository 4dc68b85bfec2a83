/**
 * The team's rules probed from the attacker's side: they hold whichever route a change takes, bulk
 * changes answer what they changed, and each action has one route.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { testApp, type TestApp } from '../helpers/app';
import { candidatePayload, talentIds } from '../helpers/talent';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('The team rules hold whichever way a change arrives', () => {
  let t: TestApp;
  let olivia: string;
  let general: string;
  let acmeId: number;
  let ownerId: number;
  let oliviaId: number;
  const idOf = async (email: string) => (await t.knex('company_users').where('email', email).first('id')).id as number;
  const statusOf = async (id: number) =>
    (await t.knex('company_users').where('id', id).first('status')).status as number;

  beforeAll(async () => {
    t = await testApp();
    olivia = await t.login('owner@acme.example.com');
    general = await t.login('admin@example.com');
    acmeId = (await t.knex('companies').where('company_name', 'Acme').first('id')).id;
    ownerId = (await t.knex('company_users').where({ company_id: acmeId, role: 0 }).first('id')).id;
    oliviaId = await idOf('owner@acme.example.com');
  });

  it('An Admin-role user cannot deactivate the Owner, neither by the generic route nor in bulk', async () => {
    const one = await t.http
      .put(`/api/v1/company-users/User:${ownerId}`)
      .set(bearer(olivia))
      .send({ status: 2 })
      .expect(400);
    expect(one.body.error.fields).toEqual({ status: 'status.errors.owner' });
    const bulk = await t.http
      .put('/api/v1/company-users/status')
      .set(bearer(olivia))
      .send({ users: [ownerId], status: 2 })
      .expect(400);
    expect(bulk.body.error.fields).toEqual({ users: 'users.errors.owner' });
    expect(await statusOf(ownerId)).toBe(1);
  });

  it("An Admin-role user cannot rewrite the Owner's details; the Owner and platform admins can", async () => {
    const owner = await t.knex('company_users').where('id', ownerId).first('first_name', 'email');
    const res = await t.http
      .put(`/api/v1/company-users/User:${ownerId}`)
      .set(bearer(olivia))
      .send({ firstName: 'Mallory', jobTitle: 'Intern' })
      .expect(400);
    expect(Object.values(res.body.error.fields)).toEqual([expect.stringMatching(/\.errors\.ownerDetails$/)]);
    expect((await t.knex('company_users').where('id', ownerId).first('first_name')).first_name).toBe(owner.first_name);
    const self = await t.login(owner.email);
    await t.http.put(`/api/v1/company-users/User:${ownerId}`).set(bearer(self)).send({ jobTitle: 'CEO' }).expect(200);
    await t.http
      .put(`/api/v1/company-users/User:${ownerId}`)
      .set(bearer(general))
      .send({ jobTitle: 'Founder' })
      .expect(200);
    expect((await t.knex('company_users').where('id', ownerId).first('job_title')).job_title).toBe('Founder');
  });

  it('An Admin-role user cannot lock themself out', async () => {
    const res = await t.http
      .put(`/api/v1/company-users/User:${oliviaId}`)
      .set(bearer(olivia))
      .send({ status: 2 })
      .expect(400);
    expect(res.body.error.fields).toEqual({ status: 'status.errors.self' });
    const role = await t.http
      .put(`/api/v1/company-users/User:${oliviaId}`)
      .set(bearer(olivia))
      .send({ role: 2 })
      .expect(400);
    expect(role.body.error.fields).toEqual({ role: 'role.errors.self' });
    expect(await statusOf(oliviaId)).toBe(1);
    await t.http.get('/api/v1/auth/check/user').set(bearer(olivia)).expect(200);
  });

  it('A pending invitee who never accepted is not activated by a status change', async () => {
    await t.http
      .post('/api/v1/company-users/invite')
      .set(bearer(olivia))
      .send({ email: 'never.accepted@acme.example.com', role: 2 })
      .expect(201);
    const id = await idOf('never.accepted@acme.example.com');
    for (const token of [olivia, general]) {
      const res = await t.http
        .put(`/api/v1/company-users/User:${id}`)
        .set(bearer(token))
        .send({ status: 1 })
        .expect(400);
      expect(res.body.error.fields).toEqual({ status: 'status.errors.pendingInvitation' });
    }
    expect(await statusOf(id)).toBe(0);
  });

  it('A company user adds people by invitation alone: the generic create, which answers with the new row, refuses them whatever the address', async () => {
    const person = {
      firstName: 'Ext',
      lastName: 'Ernal',
      phone: '+659 123 4567',
      jobTitle: 'Recruiter',
      role: 1,
      status: 1,
    };
    // Its answer would tell whether an address has an account (the invite route answers the same either way).
    await t
      .knex('candidates')
      .insert({ email: 'job.seeker@acme.example.com', first_name: 'Jo', last_name: 'Seeker', status: 1 });
    const emails = ['new.colleague@acme.example.com', 'job.seeker@acme.example.com', 'ext.admin@gmail.com'];
    const answers = [];
    for (const email of emails) {
      const res = await t.http
        .post('/api/v1/company-users')
        .set(bearer(olivia))
        .send({ ...person, email })
        .expect(403);
      answers.push(res.body);
    }
    expect(answers[0].error).toMatchObject({ code: 'companyUser.inviteInstead' });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await t.knex('company_users').whereIn('email', emails).first()).toBeUndefined();
    expect(await listOutbox(t.knex, 'new.colleague@acme.example.com')).toHaveLength(0);
    expect(await listOutbox(t.knex, 'job.seeker@acme.example.com')).toHaveLength(0);
  });

  it('No admin deactivates themself in a bulk change, and the last active General admin stays', async () => {
    const self = (await t.knex('admins').where('email', 'admin@example.com').first('id')).id;
    const others = await t.knex('admins').where({ role: 1, status: 1 }).whereNot('id', self).pluck('id');
    const bulk = await t.http
      .put('/api/v1/admins/status')
      .set(bearer(general))
      .send({ ids: [...others, self].map((id) => `Admin:${id}`), status: 0 })
      .expect(400);
    expect(bulk.body.error.fields).toEqual({ status: 'status.errors.self' });
    expect(await t.knex('admins').whereIn('id', others).pluck('status')).toEqual(others.map(() => 1));

    // With every other General admin gone, the last one may not step down to advocate.
    await t.http
      .put('/api/v1/admins/status')
      .set(bearer(general))
      .send({ ids: others.map((id) => `Admin:${id}`), status: 0 })
      .expect(200, { success: true, updated: others.length, unchanged: 0, gone: [] });
    const demote = await t.http.put(`/api/v1/admins/Admin:${self}`).set(bearer(general)).send({ role: 2 }).expect(409);
    expect(demote.body.error).toMatchObject({
      code: 'admins.lastGeneralAdmin',
      message: 'At least one active General admin must remain',
    });
    expect((await t.knex('admins').where('id', self).first('role')).role).toBe(1);
    const own = await t.http.delete(`/api/v1/admins/Admin:${self}`).set(bearer(general)).expect(400);
    expect(own.body.error.code).toBe('admins.selfUndeletable');
  });

  it('Two General admins deactivating each other at once leave one of them active', async () => {
    const [g1, g2] = await t.knex('admins').where({ role: 1 }).orderBy('id').limit(2).pluck('id');
    const emails = await t.knex('admins').whereIn('id', [g1, g2]).orderBy('id').pluck('email');
    for (let round = 0; round < 8; round++) {
      await t.knex('admins').where({ role: 1 }).whereNotIn('id', [g1, g2]).update({ status: 0 });
      await t.knex('admins').whereIn('id', [g1, g2]).update({ status: 1 });
      const tokens = await Promise.all(emails.map((email) => t.login(email)));
      const [a, b] = await Promise.all([
        t.http.put(`/api/v1/admins/Admin:${g2}`).set(bearer(tokens[0])).send({ status: 0 }),
        t.http.put(`/api/v1/admins/Admin:${g1}`).set(bearer(tokens[1])).send({ status: 0 }),
      ]);
      // One goes through; the other is refused: 409 once it counts, or 401/403 when its author was already inactive.
      const statuses = [a.status, b.status].sort();
      expect(statuses[0], `round ${round}`).toBe(200);
      expect([401, 403, 409], `round ${round}: ${statuses}`).toContain(statuses[1]);
      expect(await t.knex('admins').where({ role: 1, status: 1 }).pluck('id')).toHaveLength(1);
    }
    await t.knex('admins').whereIn('id', [g1, g2]).update({ status: 1 });
    // Deactivated, the General admin was signed out for good: they sign in again.
    general = await t.login('admin@example.com');
  });

  it('One address is one account: an invite and a new candidate of the same address at once make one of them', async () => {
    const ids = await talentIds(t.knex);
    for (let round = 0; round < 6; round++) {
      const email = `twice${round}@acme.example.com`;
      const [invite, created] = await Promise.all([
        t.http.post('/api/v1/company-users/invite').set(bearer(olivia)).send({ email, role: 2 }),
        t.http
          .post('/api/v1/candidates')
          .set(bearer(general))
          .send(candidatePayload(ids, { email, linkedInUrl: null })),
      ]);
      // The invite is answered the same either way (when the candidate came first, its owner is told instead).
      expect(invite.status, `round ${round}: ${JSON.stringify(invite.body)}`).toBe(201);
      expect([201, 400], `round ${round}: ${JSON.stringify(created.body)}`).toContain(created.status);
      // An invitation's stand-in for an address with an account is no account (schema/entities/companyUser.ts).
      const held = [
        await t.knex('company_users').where('email', email).whereNull('account_elsewhere_at').first('id'),
        await t.knex('candidates').where('email', email).first('id'),
      ].filter(Boolean);
      expect(held, `round ${round}`).toHaveLength(1);
    }
  });

  it('Deleting a company that still has users is refused, and nobody is deleted with it', async () => {
    const before = await t.knex('company_users').where('company_id', acmeId).count({ n: '*' });
    const res = await t.http.delete(`/api/v1/companies/Company:${acmeId}`).set(bearer(general)).expect(409);
    expect(res.body.error).toMatchObject({ code: 'company.hasUsers', users: Number(before[0].n) });
    expect(await t.knex('companies').where('id', acmeId).first('id')).toBeDefined();
    expect(await t.knex('company_users').where('company_id', acmeId).count({ n: '*' })).toEqual(before);
  });
});

describe('Bulk status changes answer what they changed', () => {
  let t: TestApp;
  let olivia: string;
  let general: string;
  beforeAll(async () => {
    t = await testApp();
    olivia = await t.login('owner@acme.example.com');
    general = await t.login('admin@example.com');
  });

  it('A bulk change counts only the rows whose status changed', async () => {
    const member = (await t.knex('company_users').where('email', 'member@acme.example.com').first('id')).id;
    const put = (status: number) =>
      t.http
        .put('/api/v1/company-users/status')
        .set(bearer(olivia))
        .send({ users: [member], status });
    expect((await put(1).expect(200)).body).toEqual({ success: true, updated: 0, unchanged: 1, gone: [] });
    expect((await put(2).expect(200)).body).toEqual({ success: true, updated: 1, unchanged: 0, gone: [] });
    expect((await put(2).expect(200)).body).toEqual({ success: true, updated: 0, unchanged: 1, gone: [] });
    const tags = await t.knex('tags').where('status', 1).orderBy('id').limit(2).pluck('id');
    await t.knex('tags').where('id', tags[0]).update({ status: 0 });
    const res = await t.http
      .put('/api/v1/tags/status')
      .set(bearer(general))
      .send({ ids: tags.map((id: number) => `Tags:${id}`), status: 0 })
      .expect(200);
    expect(res.body).toEqual({ success: true, updated: 1, unchanged: 1, gone: [] });
  });

  it('A bulk change with one row it may not change is refused as a whole', async () => {
    const acme = (await t.knex('companies').where('company_name', 'Acme').first('id')).id;
    const owner = (await t.knex('company_users').where({ company_id: acme, role: 0 }).first('id')).id;
    const member = (await t.knex('company_users').where('email', 'member@acme.example.com').first('id')).id;
    await t.knex('company_users').where('id', member).update({ status: 1 });
    const res = await t.http
      .put('/api/v1/company-users/status')
      .set(bearer(olivia))
      .send({ users: [member, owner], status: 2 })
      .expect(400);
    expect(res.body.error.fields).toEqual({ users: 'users.errors.owner' });
    expect(await t.knex('company_users').whereIn('id', [member, owner]).pluck('status')).toEqual([1, 1]);
  });
});

describe('One route per action', () => {
  let t: TestApp;
  let general: string;
  beforeAll(async () => {
    t = await testApp();
    general = await t.login('admin@example.com');
  });

  it('PUT /candidates/status is gone: an admin cannot override a status the candidate chose without the warning', async () => {
    const candidate = await t.knex('candidates').where('email', 'candidate@example.com').first('id');
    await t.knex('candidates').where('id', candidate.id).update({ status: 2, self_chosen_status: true });
    await t.http
      .put('/api/v1/candidates/status')
      .set(bearer(general))
      .send({ ids: [`Candidate:${candidate.id}`], status: 1 })
      .expect(404);
    expect(await t.knex('candidates').where('id', candidate.id).first('status', 'self_chosen_status')).toEqual({
      status: 2,
      self_chosen_status: true,
    });
    const warned = await t.http
      .post('/api/v1/candidates/update/status')
      .set(bearer(general))
      .send({ candidates: [`Candidate:${candidate.id}`], status: 1 })
      .expect(409);
    expect(warned.body.error.code).toBe('candidates.errors.selfChosenStatus');
  });
});
