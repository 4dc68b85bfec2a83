/**
 * Every bulk deletion answers per key, as the talent list's does (talent-bulk-gone-rows.test.ts): DELETE /projects,
 * /admins, /company-users and the generic DELETE /<resource> of every other list (here countries) each answer a key
 * `deleted`, `gone` (already deleted, or out of the caller's reach: another company's) or `refused` with its reason
 * in words, the refused key undone alone and the others deleted. Each row keeps its own rules: yourself and an owner
 * are never deleted, a country in use stays, a deleted colleague's projects go to one who stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { projectBody, projectId, projectsApp, type People, type Who } from '../helpers/projects';

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

const numeric = (key: string) => Number(String(key).split(':').pop());
const remove = (who: Who, resource: string, keys: unknown[]) => p.as(who).delete(`/${resource}`).send({ keys });
const exists = async (table: string, key: string) => !!(await t.knex(table).where('id', numeric(key)).first('id'));

const newProject = async (who: 'companyAdmin' | 'member' | 'raasAdmin', overrides: Record<string, unknown> = {}) => {
  const res = await p.as(who).post('/projects/create', await projectBody(t.knex, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
};

describe('DELETE /projects with keys', () => {
  it('a second delete of the same projects answers them gone, not deleted again', async () => {
    const [a, b] = [await newProject('companyAdmin'), await newProject('companyAdmin')];
    const first = await remove('companyAdmin', 'projects', [a, b]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ success: true, deleted: [a, b], gone: [], refused: [] });
    const again = await remove('companyAdmin', 'projects', [a, b]);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toEqual({ success: true, deleted: [], gone: [a, b], refused: [] });
  });

  it("another company's project reads as gone and stays; the caller's own are deleted", async () => {
    await t.knex('projects').where('company_id', raas).update({ status: 3 });
    const theirs = await newProject('raasAdmin');
    const mine = await newProject('companyAdmin');
    const res = await remove('companyAdmin', 'projects', [theirs, mine]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ deleted: [mine], gone: [theirs], refused: [] });
    expect(await exists('projects', theirs)).toBe(true);
    expect(await exists('projects', mine)).toBe(false);
  });

  it("a Member's mix: their own deleted, a colleague's shared project refused and kept, a gone one named gone", async () => {
    const shared = await newProject('companyAdmin');
    const grant = await p.as('companyAdmin').post('/project-share/access/user', {
      projectId: shared,
      userId: `User:${p.who('member').actor.id}`,
      accessType: 1,
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    const [own, gone] = [await newProject('member'), await newProject('member')];
    expect((await remove('member', 'projects', [gone])).body.deleted).toEqual([gone]);

    const res = await remove('member', 'projects', [shared, own, gone]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ deleted: [own], gone: [gone] });
    expect(res.body.refused).toEqual([{ id: shared, code: 'errors.forbidden', message: expect.any(String) }]);
    expect(await exists('projects', shared)).toBe(true);
    expect(await exists('projects', own)).toBe(false);
    expect(projectId(shared)).toBeGreaterThan(0);
  });
});

describe('DELETE /admins with keys', () => {
  let n = 0;
  async function newAdmin(): Promise<string> {
    n += 1;
    const email = `bulk-per-key-${n}@example.com`;
    const res = await p.as('general').post('/admins', { firstName: 'Temp', lastName: `Admin ${n}`, email, role: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }

  it('deletes the others, answers the gone ones gone and refuses yourself alone, in your words', async () => {
    const [a, b, gone] = [await newAdmin(), await newAdmin(), await newAdmin()];
    expect((await p.as('general').delete(`/admins/${gone}`)).status).toBe(200);
    const self = `Admin:${p.who('general').actor.id}`;

    const res = await remove('general', 'admins', [a, self, gone, 'Admin:99999999', b]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ deleted: [a, b], gone: [gone, 'Admin:99999999'] });
    expect(res.body.refused).toEqual([{ id: self, code: 'admins.selfUndeletable', message: expect.any(String) }]);
    expect(res.body.refused[0].message).not.toBe('admins.selfUndeletable');
    expect(await exists('admins', a)).toBe(false);
    expect(await exists('admins', self)).toBe(true);
    // Only keys: no record in the answer.
    expect(JSON.stringify(res.body)).not.toContain('@example.com');
  });

  it('only General admins may, by the schema: an Advocate is refused the whole request', async () => {
    const a = await newAdmin();
    expect((await remove('advocate', 'admins', [a])).status).toBe(403);
    expect(await exists('admins', a)).toBe(true);
  });
});

describe('DELETE /company-users with keys', () => {
  async function colleague(companyId: number, role = 2): Promise<string> {
    const [row] = await t
      .knex('company_users')
      .insert({
        email: `bulk-per-key-${Date.now()}-${Math.random().toString(36).slice(2)}@acme.example.com`,
        first_name: 'Aaron',
        last_name: 'Aardvark',
        company_id: companyId,
        role,
        status: 1,
      })
      .returning('id');
    return `User:${row.id}`;
  }

  it("a company Admin's mix: a colleague deleted with their projects handed on, others gone or refused", async () => {
    const [leaver, gone, owner] = [await colleague(acme), await colleague(acme), await colleague(acme, 0)];
    const theirs = await colleague(raas);
    const project = await t.knex('projects').where('company_id', acme).first('id');
    await t
      .knex('projects')
      .where('id', project.id)
      .update({ owner_id: numeric(leaver) });
    await t.knex('company_users').where('id', numeric(gone)).delete();
    const self = `User:${p.who('companyAdmin').actor.id}`;

    const res = await remove('companyAdmin', 'company-users', [leaver, gone, theirs, owner, self]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ deleted: [leaver], gone: [gone, theirs] });
    expect(res.body.refused.map((r: { id: string; code: string }) => [r.id, r.code])).toEqual([
      [owner, 'companyUser.ownerUndeletable'],
      [self, 'companyUser.selfUndeletable'],
    ]);
    expect(await exists('company_users', leaver)).toBe(false);
    expect(await exists('company_users', theirs)).toBe(true);
    expect(await exists('company_users', owner)).toBe(true);
    const heir = await t.knex('projects').where('id', project.id).first('owner_id');
    const heirRow = await t.knex('company_users').where('id', heir.owner_id).first('company_id', 'status');
    expect(heirRow).toEqual({ company_id: acme, status: 1 });
  });
});

describe('The generic DELETE /<resource> with keys (countries)', () => {
  async function newCountry(): Promise<string> {
    const codes = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((l) => `X${l}`);
    for (const code of codes.sort(() => Math.random() - 0.5)) {
      const made = await p
        .as('general')
        .post('/countries', { name: `Bulk ${code} ${Date.now()}`, code, dialCode: '+999' });
      // Countries have plain numeric ids; the answer names each key as text.
      if (made.status === 201) return String(made.body.id);
    }
    throw new Error('no free country code');
  }

  it('deletes the unused country, refuses the one a project names, answers the gone one gone', async () => {
    const [unused, named, gone] = [await newCountry(), await newCountry(), await newCountry()];
    await newProject('companyAdmin', { countries: [numeric(named)] });
    expect((await p.as('general').delete(`/countries/${gone}`)).status).toBe(200);

    const res = await remove('general', 'countries', [unused, named, gone]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ deleted: [unused], gone: [gone] });
    expect(res.body.refused).toEqual([{ id: named, code: 'errors.inUse', message: expect.stringContaining('use') }]);
    expect(await exists('countries', named)).toBe(true);
    expect(await exists('countries', unused)).toBe(false);
  });

  it('keeps the role checks of the schema and refuses a malformed list', async () => {
    const country = await newCountry();
    expect((await remove('companyAdmin', 'countries', [country])).status).toBe(403);
    expect(
      (
        await p
          .as('guest')
          .delete('/countries')
          .send({ keys: [country] })
      ).status,
    ).toBe(401);
    expect((await remove('general', 'countries', [])).status).toBe(400);
    expect((await remove('general', 'countries', ['Nope:1'])).status).toBe(400);
    expect(await exists('countries', country)).toBe(true);
  });
});
