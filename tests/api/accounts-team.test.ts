import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';

describe('Team management', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let member: Record<string, string>;
  let admin: Record<string, string>;
  let raas: Record<string, string>;
  let acmeId: number;
  const idOf = async (email: string) => (await t.knex('company_users').where('email', email).first('id')).id as number;
  /** A project of `companyId` owned by `userId`, as the projects capability stores one. */
  async function projectOwnedBy(userId: number, companyId: number): Promise<string> {
    const jobTitle = await t.knex('job_titles').first('id');
    const country = await t.knex('countries').first('id');
    const [row] = await t
      .knex('projects')
      .insert({
        title: 'Handover',
        company_id: companyId,
        owner_id: userId,
        job_title_id: jobTitle.id,
        countries: [country.id],
        headcount: 1,
        salary_min: 1000,
        salary_max: 2000,
      })
      .returning('id');
    return `Project:${row.id}`;
  }
  const ownerOf = async (project: string) =>
    (await t.http.get(`/api/v1/projects/${project}`).set(admin).expect(200)).body.ownerId;

  beforeAll(async () => {
    t = await testApp();
    owner = { Authorization: `Bearer ${await t.login('owner@acme.example.com')}` };
    member = { Authorization: `Bearer ${await t.login('member@acme.example.com')}` };
    admin = { Authorization: `Bearer ${await t.login('admin@example.com')}` };
    raas = { Authorization: `Bearer ${await t.login('owner@raas.example.com')}` };
    acmeId = (await t.knex('companies').where('company_name', 'Acme').first('id')).id;
  });

  async function counts(companyId?: number) {
    const q = t.knex('company_users');
    if (companyId) q.where('company_id', companyId);
    const rows = await q.select('role');
    return {
      totalCount: rows.length,
      adminCount: rows.filter((r) => r.role <= 1).length,
      memberCount: rows.filter((r) => r.role === 2).length,
    };
  }

  it('A company Member is refused every team action with 403, a visitor with 401', async () => {
    const memberId = await idOf('member@acme.example.com');
    await t.http.get('/api/v1/company-users/user-stat').set(member).expect(403);
    await t.http.get(`/api/v1/company-users/user-list-to-transfer?id=${memberId}`).set(member).expect(403);
    await t.http
      .post('/api/v1/company-users/invite')
      .set(member)
      .send({ email: 'x@acme.example.com', role: 2 })
      .expect(403);
    await t.http
      .put('/api/v1/company-users/status')
      .set(member)
      .send({ users: [memberId], status: 2 })
      .expect(403);
    await t.http
      .put('/api/v1/company-users/role')
      .set(member)
      .send({ users: [memberId], companyRole: 1 })
      .expect(403);
    await t.http.delete(`/api/v1/company-users/User:${memberId}`).set(member).expect(403);
    await t.http.get('/api/v1/company-users/user-stat').expect(401);
  });

  it('Team counts cover the own company; admins see all or one company', async () => {
    expect((await t.http.get('/api/v1/company-users/user-stat').set(owner).expect(200)).body).toEqual(
      await counts(acmeId),
    );
    const northwind = (await t.knex('companies').where('company_name', 'Northwind Talent').first('id')).id;
    expect((await t.http.get('/api/v1/company-users/user-stat').set(raas).expect(200)).body).toEqual(
      await counts(northwind),
    );
    // Naming another company shows nothing of it.
    expect(
      (await t.http.get(`/api/v1/company-users/user-stat?companyId=Company:${northwind}`).set(owner).expect(200)).body,
    ).toEqual({
      totalCount: 0,
      adminCount: 0,
      memberCount: 0,
    });
    expect((await t.http.get('/api/v1/company-users/user-stat').set(admin).expect(200)).body).toEqual(await counts());
    expect(
      (await t.http.get(`/api/v1/company-users/user-stat?companyId=Company:${acmeId}`).set(admin).expect(200)).body,
    ).toEqual(await counts(acmeId));
  });

  it('The transfer list holds the other active users of the same company', async () => {
    const memberId = await idOf('member@acme.example.com');
    const res = await t.http
      .get(`/api/v1/company-users/user-list-to-transfer?id=User:${memberId}`)
      .set(owner)
      .expect(200);
    const expected = await t
      .knex('company_users')
      .where({ company_id: acmeId, status: 1 })
      .whereNot('id', memberId)
      .pluck('email');
    expect(res.body.map((u: { email: string }) => u.email).sort()).toEqual(expected.sort());
    expect(res.body[0]).toEqual({
      id: expect.stringMatching(/^User:\d+$/),
      name: expect.any(String),
      email: expect.any(String),
    });
    const stranger = await t.knex('company_users').whereNot('company_id', acmeId).first('id');
    await t.http.get(`/api/v1/company-users/user-list-to-transfer?id=${stranger.id}`).set(owner).expect(404);
    expect(
      (await t.http.get('/api/v1/company-users/user-list-to-transfer?id=abc').set(owner).expect(400)).body.error.fields,
    ).toEqual({
      id: 'id.errors.invalid',
    });
  });

  it('Deactivating a user signs them out at once; reactivating lets them back', async () => {
    const memberId = await idOf('member@acme.example.com');
    const res = await t.http
      .put('/api/v1/company-users/status')
      .set(owner)
      .send({ users: [`User:${memberId}`], status: 2 })
      .expect(200);
    expect(res.body).toEqual({ success: true, updated: 1, unchanged: 0, gone: [] });
    await t.http.get('/api/v1/auth/check/user').set(member).expect(401);
    await t.http
      .put('/api/v1/company-users/status')
      .set(owner)
      .send({ users: [memberId], status: 1 })
      .expect(200, { success: true, updated: 1, unchanged: 0, gone: [] });
    member = { Authorization: `Bearer ${await t.login('member@acme.example.com')}` };
  });

  it('Status and role changes leave out the owner, oneself, pending invitees and other companies', async () => {
    const theOwner = await t.knex('company_users').where({ company_id: acmeId, role: 0 }).first('id');
    const self = await idOf('owner@acme.example.com');
    const put = (path: string, body: unknown) =>
      t.http
        .put(`/api/v1/company-users/${path}`)
        .set(owner)
        .send(body as object);
    expect((await put('status', { users: [theOwner.id], status: 2 }).expect(400)).body.error.fields).toEqual({
      users: 'users.errors.owner',
    });
    expect((await put('role', { users: [theOwner.id], companyRole: 2 }).expect(400)).body.error.fields).toEqual({
      users: 'users.errors.owner',
    });
    expect((await put('status', { users: [self], status: 2 }).expect(400)).body.error.fields).toEqual({
      users: 'users.errors.self',
    });
    await t.http
      .post('/api/v1/company-users/invite')
      .set(owner)
      .send({ email: 'pending@acme.example.com', role: 2 })
      .expect(201);
    expect(
      (await put('status', { users: [await idOf('pending@acme.example.com')], status: 1 }).expect(400)).body.error
        .fields,
    ).toEqual({
      users: 'users.errors.pendingInvitation',
    });
    const stranger = await t.knex('company_users').whereNot('company_id', acmeId).first('id');
    // Another company's colleague reads as one no longer there: skipped and named, nothing told of them (bulkAnswer.ts).
    expect((await put('status', { users: [stranger.id], status: 2 }).expect(200)).body).toMatchObject({
      updated: 0,
      gone: [`User:${stranger.id}`],
    });
    expect((await put('status', { users: [], status: 2 }).expect(400)).body.error.fields).toEqual({
      users: 'users.errors.required',
    });
    expect((await put('status', { users: [self], status: 0 }).expect(400)).body.error.fields).toEqual({
      status: 'status.errors.invalid',
    });
    expect((await put('role', { users: [self], companyRole: 0 }).expect(400)).body.error.fields).toEqual({
      companyRole: 'companyRole.errors.invalid',
    });
    expect((await put('role', { users: ['x'], companyRole: 1 }).expect(400)).body.error.fields).toEqual({
      users: 'users.errors.invalid',
    });
  });

  it('A platform admin may deactivate and reactivate a company owner', async () => {
    const globex = await t.knex('companies').where('company_name', 'Globex Analytics').first('id');
    const theOwner = await t.knex('company_users').where({ company_id: globex.id, role: 0 }).first('id');
    await t.http
      .put('/api/v1/company-users/status')
      .set(admin)
      .send({ users: [theOwner.id], status: 2 })
      .expect(200, { success: true, updated: 1, unchanged: 0, gone: [] });
    expect((await t.knex('company_users').where('id', theOwner.id).first('status')).status).toBe(2);
    await t.http
      .put('/api/v1/company-users/status')
      .set(admin)
      .send({ users: [theOwner.id], status: 1 })
      .expect(200);
  });

  it('Company Admins change roles in bulk within their company', async () => {
    const memberId = await idOf('member@acme.example.com');
    await t.http
      .put('/api/v1/company-users/role')
      .set(owner)
      .send({ users: [memberId], companyRole: 1 })
      .expect(200, { success: true, updated: 1, unchanged: 0, gone: [] });
    expect((await t.knex('company_users').where('id', memberId).first('role')).role).toBe(1);
    await t.http
      .put('/api/v1/company-users/role')
      .set(admin)
      .send({ users: [memberId], companyRole: 2 })
      .expect(200, { success: true, updated: 1, unchanged: 0, gone: [] });
  });

  it('The owner cannot be deleted, nor oneself', async () => {
    const theOwner = await t.knex('company_users').where({ company_id: acmeId, role: 0 }).first('id');
    expect(
      (await t.http.delete(`/api/v1/company-users/User:${theOwner.id}`).set(owner).expect(400)).body.error,
    ).toMatchObject({
      code: 'companyUser.ownerUndeletable',
      message: 'The company owner cannot be deleted',
    });
    expect(
      (await t.http.delete(`/api/v1/company-users/User:${theOwner.id}`).set(admin).expect(400)).body.error.code,
    ).toBe('companyUser.ownerUndeletable');
    expect(
      (
        await t.http
          .delete(`/api/v1/company-users/User:${await idOf('owner@acme.example.com')}`)
          .set(owner)
          .expect(400)
      ).body.error.code,
    ).toBe('companyUser.selfUndeletable');
  });

  it('A deleted user’s work goes to an active user of the same company', async () => {
    await t.http
      .post('/api/v1/company-users/invite')
      .set(owner)
      .send({ email: 'leaver@acme.example.com', role: 2 })
      .expect(201);
    const leaver = await idOf('leaver@acme.example.com');
    await t.knex('company_users').where('id', leaver).update({ status: 1, first_name: 'Lee', last_name: 'Ver' });
    const stranger = await t.knex('company_users').whereNot('company_id', acmeId).where('status', 1).first('id');
    const inactive = await t.knex('company_users').where({ company_id: acmeId }).whereNot('status', 1).first('id');
    const projects = [await projectOwnedBy(leaver, acmeId), await projectOwnedBy(leaver, acmeId)];
    // A colleague's project was shared with the leaver: the share goes with them.
    const shared = Number(
      String(await projectOwnedBy(await idOf('owner@acme.example.com'), acmeId))
        .split(':')
        .pop(),
    );
    await t
      .knex('projects')
      .where('id', shared)
      .update({ shared_user_ids: [leaver] });
    const del = (transferTo: unknown) =>
      t.http.delete(`/api/v1/company-users/User:${leaver}?transferTo=${transferTo}`).set(owner);
    expect((await del(`User:${stranger.id}`).expect(400)).body.error.fields).toEqual({
      transferTo: 'transferTo.errors.invalid',
    });
    expect((await del(inactive.id).expect(400)).body.error.fields).toEqual({ transferTo: 'transferTo.errors.invalid' });
    expect((await del(leaver).expect(400)).body.error.fields).toEqual({ transferTo: 'transferTo.errors.invalid' });
    expect((await del('nonsense').expect(400)).body.error.fields).toEqual({ transferTo: 'transferTo.errors.invalid' });
    for (const project of projects) expect(await ownerOf(project)).toBe(`User:${leaver}`);

    const to = await idOf('member@acme.example.com');
    const res = await del(`User:${to}`).expect(200);
    expect(res.body).toMatchObject({ id: `User:${leaver}`, email: 'leaver@acme.example.com' });
    expect(await t.knex('company_users').where('id', leaver).first()).toBeUndefined();
    expect(await t.knex('invitations').where('company_user_id', leaver).first()).toBeUndefined();
    for (const project of projects) expect(await ownerOf(project)).toBe(`User:${to}`);
    expect((await t.knex('projects').where('id', shared).first('shared_user_ids')).shared_user_ids).toEqual([]);
  });

  it('Another company’s users are out of reach; admins reach everyone', async () => {
    const stranger = await t
      .knex('company_users')
      .whereNot('company_id', acmeId)
      .whereNot('role', 0)
      .first('id', 'company_id');
    const project = await projectOwnedBy(stranger.id, stranger.company_id);
    await t.http.delete(`/api/v1/company-users/User:${stranger.id}`).set(owner).expect(404);
    expect(await ownerOf(project)).toBe(`User:${stranger.id}`);
    const offered = await t.http.get(`/api/v1/company-users/user-list-to-transfer?id=User:${stranger.id}`).set(admin);
    await t.http.delete(`/api/v1/company-users/User:${stranger.id}`).set(admin).expect(200);
    // Nobody was chosen to take over: the first colleague offered takes the project, never left without an owner.
    expect(await ownerOf(project)).toBe(offered.body[0].id);
  });
});
