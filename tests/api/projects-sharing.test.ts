/**
 * Who sees a project, written from each user's side: a Member sees only their own projects and
 * those shared with them; sharing's four refusals; another company's project stays out of reach
 * with guessed ids on every call; a company's status carries to its projects; a bulk status change and a bulk
 * delete answer per key, a key out of reach read as gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { projectBody, projectId, projectsApp, signInAll, type People } from '../helpers/projects';

let t: TestApp;
let p: People;
let acme: number;
let raas: number;

beforeAll(async () => {
  ({ t, p, acme, raas } = await projectsApp());
});
afterAll(async () => {
  await t?.knex.destroy();
});

const create = async (who: 'companyAdmin' | 'member' | 'raasAdmin', overrides: Record<string, unknown> = {}) => {
  const res = await p.as(who).post('/projects/create', await projectBody(t.knex, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; guid: string };
};
const memberId = () => p.who('member').actor.id as number;
const listIds = async (who: 'member' | 'companyAdmin') =>
  (await p.as(who).get('/projects/list?perPage=100')).body.data.map((d: { id: string }) => d.id);

describe('A company Member', () => {
  it('cannot read a project of their company that was not shared with them', async () => {
    const project = await create('companyAdmin', { title: 'Not for members' });
    expect((await p.as('member').get(`/projects/find/${project.id}`)).status).toBe(404);
    expect(await listIds('member')).not.toContain(project.id);
    expect(
      (await p.as('member').put('/projects/update/project', { projectId: project.id, title: 'Mine now' })).status,
    ).toBe(404);
    expect((await p.as('member').get(`/projects/${project.id}`)).status).toBe(404);
    expect((await p.as('companyAdmin').get(`/projects/find/${project.id}`)).status).toBe(200);
  });

  it('sees and edits a project once it is shared with them, but cannot share it or delete it', async () => {
    const project = await create('companyAdmin', { title: 'Shared with Marcus' });
    const grant = await p
      .as('companyAdmin')
      .post('/project-share/access/user', { projectId: project.id, userId: `User:${memberId()}`, accessType: 1 });
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    expect(await listIds('member')).toContain(project.id);
    const found = await p.as('member').get(`/projects/find/${project.guid}`);
    expect(found.body.data.access).toEqual({ canEdit: true, canShare: false, canDelete: false, canHandOver: false });
    expect((await p.as('member').put('/projects/update/project', { projectId: project.id, headcount: 4 })).status).toBe(
      200,
    );
    // Nor can they make themselves its owner, which would let them share and delete it.
    const owner = found.body.data.ownerId;
    expect(owner).toBeTruthy();
    const takeOver = await p
      .as('member')
      .put('/projects/update/project', { projectId: project.id, ownerId: `User:${memberId()}` });
    expect(takeOver.status, JSON.stringify(takeOver.body)).toBe(403);
    expect(takeOver.body.error.code).toBe('project.errors.ownerChange');
    expect((await p.as('member').get(`/projects/find/${project.guid}`)).body.data.ownerId).toBe(owner);
    // Sending the owner it already has changes nothing and is allowed.
    expect(
      (await p.as('member').put('/projects/update/project', { projectId: project.id, ownerId: owner })).status,
    ).toBe(200);
    const share = await p.as('member').post('/project-share/access/user/all', { projectId: project.id, accessType: 1 });
    expect(share.status).toBe(403);
    expect(share.body.error.code).toBe('project.share.errors.unauthorized');
    // The bulk delete answers per key: this one refused, the project kept.
    const bulk = await p
      .as('member')
      .delete('/projects')
      .send({ keys: [project.id] });
    expect(bulk.body.refused.map((r: { id: string }) => r.id)).toEqual([project.id]);

    const remove = await p
      .as('companyAdmin')
      .delete('/project-share/access/user')
      .send({ projectId: project.id, userId: memberId() });
    expect(remove.status).toBe(200);
    expect((await p.as('member').get(`/projects/find/${project.id}`)).status).toBe(404);
  });

  it('sees every project of the company once one is shared with the whole company', async () => {
    const project = await create('companyAdmin', { title: 'For everyone' });
    expect(
      (await p.as('companyAdmin').post('/project-share/access/user/all', { projectId: project.id, accessType: 1 }))
        .status,
    ).toBe(200);
    expect(await listIds('member')).toContain(project.id);
    const list = await p.as('companyAdmin').get(`/projects/access/user/list?project_id=${project.id}`);
    expect(list.body.sharedWithCompany).toBe(true);
    expect(list.body.data.map((u: { id: string }) => u.id)).toContain(`User:${memberId()}`);
  });
});

describe('Sharing', () => {
  it('lists who has access (owner first, admins never), the first three with how many more, and who may be added', async () => {
    const project = await create('companyAdmin', { title: 'Access panel' });
    const list = (await p.as('companyAdmin').get(`/projects/access/user/list?project_id=${project.id}`)).body;
    expect(list.success).toBe(true);
    expect(list.data[0]).toMatchObject({
      id: `User:${p.who('companyAdmin').actor.id}`,
      isOwner: true,
      access: 1,
      name: 'Olivia Tan',
    });
    const acmeAdmins = await t
      .knex('company_users')
      .where('company_id', acme)
      .whereIn('role', [0, 1])
      .whereNot('status', 2)
      .count({ n: '*' });
    expect(list.data).toHaveLength(Number(acmeAdmins[0].n));
    expect(
      list.data.some((u: { email: string }) => u.email.endsWith('@example.com') && !u.email.includes('acme')),
    ).toBe(false);
    const info = (await p.as('companyAdmin').get(`/projects/access/user/info?project_id=${project.id}`)).body;
    expect(info).toMatchObject({
      success: true,
      totalCount: list.data.length,
      moreCount: Math.max(0, list.data.length - 3),
    });
    expect(info.users).toEqual(list.data.slice(0, 3));
    const toAdd = (
      await p.as('companyAdmin').get(`/project-share/access/user/list/to/add?project_id=${project.id}&q=marcus`)
    ).body;
    expect(toAdd.data).toEqual([{ id: `User:${memberId()}`, name: 'Marcus Lim', email: 'member@acme.example.com' }]);
  });

  it('refuses with the four sharing errors and changes nothing', async () => {
    const project = await create('companyAdmin', { title: 'Refusals' });
    const raasUser = p.who('raasAdmin').actor.id;
    const send = (body: Record<string, unknown>) => p.as('companyAdmin').post('/project-share/access/user', body);
    const invalidType = await send({ projectId: project.id, userId: memberId(), accessType: 7 });
    expect([invalidType.status, invalidType.body.error.code]).toEqual([400, 'project.share.errors.invalid']);
    const invalidProject = await send({ projectId: 'nonsense', userId: memberId(), accessType: 1 });
    expect([invalidProject.status, invalidProject.body.error.code]).toEqual([400, 'project.share.errors.invalid']);
    const otherCompanyUser = await send({ projectId: project.id, userId: raasUser, accessType: 1 });
    expect([otherCompanyUser.status, otherCompanyUser.body.error.code]).toEqual([404, 'project.share.errors.notFound']);
    const unknownProject = await send({ projectId: 'Project:999999', userId: memberId(), accessType: 1 });
    expect([unknownProject.status, unknownProject.body.error.code]).toEqual([404, 'project.share.errors.notFound']);
    const owner = await send({ projectId: project.id, userId: p.who('companyAdmin').actor.id, accessType: 1 });
    expect([owner.status, owner.body.error.code]).toEqual([409, 'project.share.errors.sameAccessType']);
    const notShared = await send({ projectId: project.id, userId: memberId(), accessType: 0 });
    expect([notShared.status, notShared.body.error.code]).toEqual([409, 'project.share.errors.sameAccessType']);
    expect((await send({ projectId: project.id, userId: memberId(), accessType: 1 })).status).toBe(200);
    expect((await send({ projectId: project.id, userId: memberId(), accessType: 1 })).body.error.code).toBe(
      'project.share.errors.sameAccessType',
    );
    expect((await t.knex('projects').where('id', projectId(project.id)).first()).shared_user_ids).toEqual([memberId()]);
    const logged = await t
      .knex('candidate_recruitment_stage_logs')
      .where({ project_id: projectId(project.id), activity: 11 });
    expect(logged).toHaveLength(1);
  });
});

describe("Another company's project", () => {
  it('is out of reach with guessed ids on every call: 404, nothing changes', async () => {
    const project = await create('companyAdmin', { title: 'Acme secret' });
    const before = await t.knex('projects').where('id', projectId(project.id)).first();
    const raasUser = p.who('raasAdmin').actor.id;
    const as = p.as('raasAdmin');
    const calls = [
      as.get(`/projects/find/${project.id}`),
      as.get(`/projects/find/${project.guid}`),
      as.get(`/projects/${project.id}`),
      as.put('/projects/update/project', { projectId: project.id, title: 'Hijacked' }),
      as.put('/projects/update/filters', { projectId: project.id, filters: 'x=1' }),
      as.post('/projects/duplicate-project', { projectId: project.id }),
      as.post('/projects/cancel', { projectId: project.id }),
      as.post('/projects/upgrade', { projectId: project.id }),
      as.post('/projects/guarantee', { projectId: project.id, candidateId: 1 }),
      as.put(`/projects/${project.id}`, { title: 'Hijacked' }),
      as.delete(`/projects/${project.id}`),
      as.get(`/projects/access/user/info?project_id=${project.id}`),
      as.get(`/projects/access/user/list?project_id=${project.id}`),
      as.get(`/project-share/access/user/list/to/add?project_id=${project.id}`),
      as.post('/project-share/access/user', { projectId: project.id, userId: raasUser, accessType: 1 }),
      as.delete('/project-share/access/user').send({ projectId: project.id, userId: raasUser }),
      as.post('/project-share/access/user/all', { projectId: project.id, accessType: 1 }),
    ];
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 404));
    // The bulk calls answer per key: out of reach reads as gone, as if it did not exist.
    expect((await as.put('/projects', { keys: [project.id], status: 3 })).body).toEqual({
      success: true,
      updated: 0,
      unchanged: 0,
      gone: [project.id],
    });
    expect((await as.delete('/projects').send({ keys: [project.id] })).body.gone).toEqual([project.id]);
    expect(await t.knex('projects').where('id', projectId(project.id)).first()).toEqual(before);
    expect(
      (await p.as('raasAdmin').get('/projects/list?perPage=100')).body.data.every(
        (d: { companyId: string }) => d.companyId === `Company:${raas}`,
      ),
    ).toBe(true);
    expect((await p.as('raasAdmin').get(`/projects/raas/status?companyId=${acme}`)).status).toBe(404);
  });
});

describe("A company's status carries to its projects", () => {
  it('pending or inactive makes every project inactive; active again restores each as it was', async () => {
    await t.knex('projects').where('company_id', acme).update({ status: 3 });
    const active = await create('companyAdmin', { title: 'Was active' });
    const paused = await create('companyAdmin', { title: 'Was paused' });
    const closed = await create('companyAdmin', { title: 'Was inactive' });
    await p.as('companyAdmin').put('/projects', { keys: [paused.id], status: 1 });
    await p.as('companyAdmin').put('/projects', { keys: [closed.id], status: 3 });
    const statuses = async () =>
      Object.fromEntries(
        (
          await t
            .knex('projects')
            .whereIn(
              'id',
              [active, paused, closed].map((x) => projectId(x.id)),
            )
            .select('id', 'status')
        ).map((r) => [r.id, r.status]),
      );
    const expectStatuses = async (a: number, b: number, c: number) =>
      expect(await statuses()).toEqual({
        [projectId(active.id)]: a,
        [projectId(paused.id)]: b,
        [projectId(closed.id)]: c,
      });

    expect((await p.as('general').put(`/companies/Company:${acme}`, { status: 0 })).status).toBe(200);
    await expectStatuses(3, 3, 3);
    const reopen = await p.as('general').put('/projects', { keys: [active.id], status: 0 });
    expect([reopen.status, reopen.body.error?.code]).toEqual([409, 'project.errors.companyOnHold']);
    // Bulk status changes of companies go through the same rule.
    expect((await p.as('general').put('/companies/status', { ids: [`Company:${acme}`], status: 2 })).status).toBe(200);
    await expectStatuses(3, 3, 3);
    expect((await p.as('general').put('/companies/status', { ids: [`Company:${acme}`], status: 1 })).status).toBe(200);
    await expectStatuses(0, 1, 3);
    expect(
      await t.knex('projects').where('company_id', acme).whereNotNull('status_before_hold').count({ n: '*' }),
    ).toEqual([{ n: 0 }]);
    // Suspended, the company's people were signed out for good: they sign in again.
    p = await signInAll(t);
  });
});

describe('Bulk calls with a key out of reach', () => {
  it('a bulk status change and a bulk delete leave that key alone and name it gone', async () => {
    const mine = await create('companyAdmin', { title: 'Bulk A' });
    // The RaaS company's one free slot is freed first.
    await t.knex('projects').where('company_id', raas).update({ status: 3 });
    const theirs = await create('raasAdmin', { title: 'Bulk B' });
    const paused = await p.as('companyAdmin').put('/projects', { keys: [mine.id, theirs.id], status: 1 });
    expect(paused.body).toEqual({ success: true, updated: 1, unchanged: 0, gone: [theirs.id] });
    expect((await t.knex('projects').where('id', projectId(mine.id)).first()).status).toBe(1);
    expect((await t.knex('projects').where('id', projectId(theirs.id)).first()).status).toBe(0);
    // A bulk delete answers per key (bulk-delete-per-key.test.ts): the other company's project reads as gone and stays.
    const mixed = await p
      .as('companyAdmin')
      .delete('/projects')
      .send({ keys: [theirs.id] });
    expect(mixed.body).toEqual({ success: true, deleted: [], gone: [theirs.id], refused: [] });
    expect(await t.knex('projects').where('id', projectId(theirs.id)).first()).toBeDefined();
    const both = await create('companyAdmin', { title: 'Bulk C' });
    const done = await p
      .as('companyAdmin')
      .delete('/projects')
      .send({ keys: [mine.id, both.id] });
    expect(done.body).toEqual({ success: true, deleted: [mine.id, both.id], gone: [], refused: [] });
    expect(await t.knex('projects').whereIn('id', [projectId(mine.id), projectId(both.id)])).toEqual([]);
  });

  it('the console’s bulk status change takes ids on PUT /projects/status', async () => {
    const a = await create('companyAdmin', { title: 'Console bulk' });
    const res = await p.as('general').put('/projects/status', { ids: [a.id], status: 1 });
    expect(res.body).toEqual({ success: true, updated: 1, unchanged: 0, gone: [] });
  });
});
