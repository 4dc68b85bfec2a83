/**
 * Deactivated colleagues and pending invitees on a project: neither becomes its owner (400 field error `ownerId`,
 * by a company Admin's create or update, or a General admin's), and a share held by a colleague who was deactivated
 * is listed (marked inactive) and can be removed, so their access does not come back with a reactivation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { projectBody, projectsApp, type People } from '../helpers/projects';

let t: TestApp;
let p: People;
let acme: number;
let inactive: number;
let pending: number;
const run = Date.now().toString(36);

const colleague = async (status: number, name: string) =>
  (
    await t
      .knex('company_users')
      .insert({
        company_id: acme,
        email: `${name}-${run}@acme.example.com`,
        first_name: name,
        last_name: 'Colleague',
        role: 3,
        status,
      })
      .returning('id')
  )[0].id as number;

beforeAll(async () => {
  ({ t, p, acme } = await projectsApp());
  inactive = await colleague(2, 'Ina');
  pending = await colleague(0, 'Pen');
});
afterAll(async () => {
  await t?.knex.destroy();
});

const create = async (overrides: Record<string, unknown> = {}) =>
  p.as('companyAdmin').post('/projects/create', await projectBody(t.knex, overrides));

describe('A project owner', () => {
  it.each([
    ['deactivated', () => inactive],
    ['pending', () => pending],
  ] as const)('is not a %s colleague, on create or update', async (_k, who) => {
    const refused = await create({ title: `Owner ${_k}`, ownerId: `User:${who()}` });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.fields.ownerId).toBe('project.errors.ownerNotActive');
    const byGeneral = await p
      .as('general')
      .post('/projects/create', await projectBody(t.knex, { companyId: acme, ownerId: `User:${who()}` }));
    expect(byGeneral.status, JSON.stringify(byGeneral.body)).toBe(400);
    expect(byGeneral.body.error.fields.ownerId).toBe('project.errors.ownerNotActive');

    const made = await create({ title: `Owner ${_k} later` });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const handed = await p
      .as('companyAdmin')
      .put('/projects/update/project', { projectId: made.body.data.id, ownerId: `User:${who()}` });
    expect(handed.status, JSON.stringify(handed.body)).toBe(400);
    expect(handed.body.error.fields.ownerId).toBe('project.errors.ownerNotActive');
  });
});

describe("A deactivated colleague's share", () => {
  it('is listed as inactive and can be removed; no new share is given to them', async () => {
    const made = await create({ title: `Shared then deactivated ${run}` });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const projectId = made.body.data.id as string;
    const userId = await colleague(1, 'Leo');
    const grant = await p.as('companyAdmin').post('/project-share/access/user', {
      projectId,
      userId: `User:${userId}`,
      accessType: 1,
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    await t.knex('company_users').where('id', userId).update({ status: 2 });

    const list = await p.as('companyAdmin').get(`/projects/access/user/list?project_id=${projectId}`);
    expect(list.status).toBe(200);
    const listed = list.body.data.find((u: { id: string }) => u.id === `User:${userId}`);
    expect(listed).toMatchObject({ inactive: true });

    const removed = await p
      .as('companyAdmin')
      .delete('/project-share/access/user')
      .send({ projectId, userId: `User:${userId}` });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.stillHasAccess).toBe(false);
    const after = await p.as('companyAdmin').get(`/projects/access/user/list?project_id=${projectId}`);
    expect(after.body.data.map((u: { id: string }) => u.id)).not.toContain(`User:${userId}`);

    const again = await p.as('companyAdmin').post('/project-share/access/user', {
      projectId,
      userId: `User:${userId}`,
      accessType: 1,
    });
    expect(again.status).toBe(404);
  });
});
