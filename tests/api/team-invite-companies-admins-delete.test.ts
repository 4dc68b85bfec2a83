/**
 * Two team calls of spec section 7, from every role's side: the companies one may invite colleagues into
 * (GET companies/list/user-invite) and the admins' bulk deletion (DELETE admins with keys).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { signInAll, type People, type Who } from '../helpers/projects';

let t: TestApp;
let people: People;
const companyId = async (name: string) =>
  `Company:${(await t.knex('companies').where('company_name', name).first('id')).id}`;

beforeAll(async () => {
  t = await testApp();
  people = await signInAll(t);
});

describe('GET companies/list/user-invite', () => {
  it('A company Admin is offered their own company only, whatever they type', async () => {
    const res = await people.as('companyAdmin').get('/companies/list/user-invite');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: await companyId('Acme'), companyName: 'Acme', companyType: 2, status: 1 }]);
    expect((await people.as('companyAdmin').get('/companies/list/user-invite?q=globex')).body.data).toEqual([]);
    const raas = await people.as('raasAdmin').get('/companies/list/user-invite');
    expect(raas.body.data.map((c: { companyName: string }) => c.companyName)).toEqual(['Northwind Talent']);
  });

  it('An admin is offered every company that takes invitations, found by name; an inactive one is left out', async () => {
    const all = await people.as('general').get('/companies/list/user-invite');
    const names = all.body.data.map((c: { companyName: string }) => c.companyName);
    expect(names).toEqual(expect.arrayContaining(['Acme', 'Globex Analytics', 'Northwind Talent']));
    const found = await people.as('advocate').get('/companies/list/user-invite?q=glob');
    expect(found.body.data.map((c: { companyName: string }) => c.companyName)).toEqual(['Globex Analytics']);
    await t.knex('companies').where('company_name', 'Globex Analytics').update({ status: 2 });
    try {
      const after = await people.as('general').get('/companies/list/user-invite?q=glob');
      expect(after.body.data).toEqual([]);
    } finally {
      await t.knex('companies').where('company_name', 'Globex Analytics').update({ status: 1 });
    }
  });

  it('Those who cannot invite are refused: a company Member, a candidate, a visitor', async () => {
    expect((await people.as('member').get('/companies/list/user-invite')).status).toBe(403);
    expect((await people.as('candidate').get('/companies/list/user-invite')).status).toBe(403);
    expect((await people.as('guest').get('/companies/list/user-invite')).status).toBe(401);
  });
});

describe('DELETE admins with keys', () => {
  let n = 0;
  async function newAdmin(role = 2): Promise<string> {
    n += 1;
    const res = await people
      .as('general')
      .post('/admins', { firstName: 'Temp', lastName: `Admin ${n}`, email: `temp${n}@example.com`, role, status: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }
  const remove = (who: Who, body: unknown) => {
    const token = people.who(who).token;
    const req = t.http.delete('/api/v1/admins');
    return (token ? req.set('Authorization', `Bearer ${token}`) : req).send(body as object);
  };
  const exists = async (id: string) =>
    Boolean(
      await t
        .knex('admins')
        .where('id', Number(id.replace('Admin:', '')))
        .first('id'),
    );

  it('A General admin deletes several admins at once, answered per key', async () => {
    const [a, b] = [await newAdmin(), await newAdmin(1)];
    const res = await remove('general', { keys: [a, b] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, deleted: [a, b], gone: [], refused: [] });
    expect(await exists(a)).toBe(false);
    expect(await exists(b)).toBe(false);
  });

  it('Per key: the caller is refused alone, an admin that does not exist is gone, the others deleted', async () => {
    const a = await newAdmin();
    const self = `Admin:${people.who('general').actor.id}`;
    const res = await remove('general', { keys: [a, self, 'Admin:99999999'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deleted: [a], gone: ['Admin:99999999'] });
    expect(res.body.refused.map((r: { code: string }) => r.code)).toEqual(['admins.selfUndeletable']);
    expect(await exists(a)).toBe(false);
    expect(await exists(self)).toBe(true);
  });

  it('Only General admins delete admins: advocates and company people are refused, visitors asked to sign in', async () => {
    const a = await newAdmin();
    for (const who of ['advocate', 'companyAdmin', 'member', 'raasAdmin', 'candidate'] as const)
      expect((await remove(who, { keys: [a] })).status, who).toBe(403);
    expect((await remove('guest', { keys: [a] })).status).toBe(401);
    expect(await exists(a)).toBe(true);
  });

  it('A missing or malformed list is refused at its field', async () => {
    const empty = await remove('general', {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toHaveProperty('keys');
    const bad = await remove('general', { keys: ['Company:1'] });
    expect(bad.status).toBe(400);
  });
});
