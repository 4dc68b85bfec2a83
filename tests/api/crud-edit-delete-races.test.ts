/**
 * The generic routes (backend/crud/router.ts) when an edit and a delete of one row meet: an edit whose row a delete
 * took first is not found (404, the one error envelope), never a 500 from reading back a row that is gone; an edit
 * that comes first answers the row as it wrote it; of two deletes of one row, the second is not found. Each
 * interleaving is made certain by a row lock the test holds (helpers/heldRow.ts): the requests take the row in the
 * order they were sent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { bearer } from '../helpers/talent';
import { inTurn, type Answer } from '../helpers/heldRow';
import { projectBody, projectId, projectsApp, type People } from '../helpers/projects';

let t: TestApp;
let p: People;
let acme: number;
let owner: string;

beforeAll(async () => {
  ({ t, p, acme } = await projectsApp());
  owner = await t.login('owner@acme.example.com');
}, 60_000);

const notFound = (res: Answer) => {
  expect(res.status, JSON.stringify(res.body)).toBe(404);
  expect(res.body.error?.code).toMatch(/notFound$/);
};

describe('A colleague edited and removed at the same moment (PUT and DELETE /company-users/:id)', () => {
  const colleague = async (name: string) => {
    const [row] = await t
      .knex('company_users')
      .insert({ company_id: acme, email: `${name}@acme.example.com`, role: 2, status: 1, first_name: name })
      .returning('id');
    return row.id as number;
  };

  it('the removal first: the edit is not found, and nobody is left behind', async () => {
    for (let round = 0; round < 2; round += 1) {
      const id = await colleague(`race.removed${round}`);
      const [removed, edited] = await inTurn(t.knex, 'company_users', id, [
        () => t.http.delete(`/api/v1/company-users/${id}`).set(bearer(owner)),
        () => t.http.put(`/api/v1/company-users/${id}`).set(bearer(owner)).send({ role: 1 }),
      ]);
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      notFound(edited);
      expect(await t.knex('company_users').where('id', id).first('id')).toBeUndefined();
    }
  });

  it('the edit first: it answers the role it wrote, and the removal follows', async () => {
    const id = await colleague('race.edited');
    const [edited, removed] = await inTurn(t.knex, 'company_users', id, [
      () => t.http.put(`/api/v1/company-users/${id}`).set(bearer(owner)).send({ role: 1 }),
      () => t.http.delete(`/api/v1/company-users/${id}`).set(bearer(owner)),
    ]);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ role: 1, email: 'race.edited@acme.example.com' });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
  });
});

describe('A project renamed and deleted at the same moment', () => {
  const newProject = async () => {
    const res = await p.as('companyAdmin').post('/projects', await projectBody(t.knex, { title: 'Race project' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return projectId(res.body.id as string);
  };
  const rename = (id: number, title: string) => () =>
    t.http.put(`/api/v1/projects/${id}`).set(bearer(owner)).send({ title });

  it('deleted first (DELETE /projects {keys}): the rename is not found, and no project is left', async () => {
    for (let round = 0; round < 2; round += 1) {
      const id = await newProject();
      const [deleted, renamed] = await inTurn(t.knex, 'projects', id, [
        () =>
          t.http
            .delete('/api/v1/projects')
            .set(bearer(owner))
            .send({ keys: [`Project:${id}`] }),
        rename(id, `Renamed ${round}`),
      ]);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      notFound(renamed);
      expect(await t.knex('projects').where('id', id).first('id')).toBeUndefined();
    }
  });

  it('renamed first: the rename answers the title it wrote, then the delete goes', async () => {
    const id = await newProject();
    const [renamed, deleted] = await inTurn(t.knex, 'projects', id, [
      rename(id, 'Renamed first'),
      () => t.http.delete(`/api/v1/projects/${id}`).set(bearer(owner)),
    ]);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ id: `Project:${id}`, title: 'Renamed first' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await t.knex('projects').where('id', id).first('id')).toBeUndefined();
  });

  it('deleted twice at once (DELETE /projects/:id): one delete, the other not found', async () => {
    const id = await newProject();
    const remove = () => t.http.delete(`/api/v1/projects/${id}`).set(bearer(owner));
    const [first, second] = await inTurn(t.knex, 'projects', id, [remove, remove]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ id: `Project:${id}`, title: 'Race project' });
    notFound(second);
  });
});
