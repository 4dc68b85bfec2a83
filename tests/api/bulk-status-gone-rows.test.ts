/**
 * A bulk status change on the generic lists (tags, companies, admins, community users), the team's (company users) and
 * the projects' when some rows were deleted meanwhile: the others change in one transaction, the gone ones are skipped and named by
 * key, and the answer counts what changed and what already had the status, in the shape of every per-key bulk answer
 * (backend/crud/bulkAnswer.ts), as the talent list's does (talent-bulk-gone-rows.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: { Authorization: string };
let serial = 0;

beforeAll(async () => {
  t = await testApp();
  admin = { Authorization: `Bearer ${await t.login('admin@example.com')}` };
}, 120_000);

const put = (resource: string, body: object, as = admin) => t.http.put(`/api/v1/${resource}/status`).set(as).send(body);

/** New tags with these statuses, by row id. */
async function newTags(statuses: number[]): Promise<number[]> {
  const rows = statuses.map((status) => {
    serial += 1;
    return {
      name: `Bulk gone ${serial}`,
      description: 'x',
      icon: 'star',
      identifier: `bulkgone${serial}${Date.now()}`,
      status,
    };
  });
  return (await t.knex('tags').insert(rows).returning('id')).map((r: { id: number }) => r.id);
}

describe('A bulk status change on rows some of which are gone', () => {
  it('tags: the rows there change, the gone one is named, and the counts are the server’s', async () => {
    const [a, b, c] = await newTags([1, 1, 0]);
    const res = await put('tags', { ids: [`Tags:${a}`, 'Tags:999999', `Tags:${b}`, `Tags:${c}`], status: 0 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, updated: 2, unchanged: 1, gone: ['Tags:999999'] });
    expect(await t.knex('tags').whereIn('id', [a, b, c]).pluck('status')).toEqual([0, 0, 0]);
    // Again: nothing left to change, every row already so.
    const again = await put('tags', { ids: [`Tags:${a}`, `Tags:${b}`], status: 0 });
    expect(again.body).toEqual({ success: true, updated: 0, unchanged: 2, gone: [] });
  });

  it('companies and admins answer alike', async () => {
    const [co] = await t
      .knex('companies')
      .insert({
        company_name: 'Bulk Gone Co',
        legal_entity_name: 'BG',
        company_registration_number: 'BG1',
        address: 'x',
        status: 0,
        valid_domains: ['bulkgone.example.com'],
      })
      .returning('id');
    const companies = await put('companies', { keys: [`Company:${co.id}`, 'Company:999999'], status: 1 });
    expect(companies.status, JSON.stringify(companies.body)).toBe(200);
    expect(companies.body).toEqual({ success: true, updated: 1, unchanged: 0, gone: ['Company:999999'] });
    expect((await t.knex('companies').where('id', co.id).first('status')).status).toBe(1);

    const other = await t.knex('admins').whereNot('email', 'admin@example.com').orderBy('id').first('id', 'status');
    const admins = await put('admins', { ids: [`Admin:${other.id}`, 'Admin:999999'], status: other.status });
    expect(admins.status, JSON.stringify(admins.body)).toBe(200);
    expect(admins.body).toEqual({ success: true, updated: 0, unchanged: 1, gone: ['Admin:999999'] });
  });

  it('a refusal of one row still changes none', async () => {
    const [a] = await newTags([1]);
    const res = await put('tags', { ids: [`Tags:${a}`, 'Tags:999999'], status: 7 });
    expect(res.status).toBe(400);
    expect(await t.knex('tags').where('id', a).pluck('status')).toEqual([1]);
  });

  it('company users: a colleague gone or of another company is skipped and named, the others change', async () => {
    const owner = { Authorization: `Bearer ${await t.login('owner@acme.example.com')}` };
    const member = await t.knex('company_users').where('email', 'member@acme.example.com').first('id', 'status');
    const stranger = await t
      .knex('company_users')
      .where('email', 'like', '%@globex.example.com')
      .where('status', 1)
      .first('id');
    const users = [`User:${member.id}`, 'User:999999', `User:${stranger.id}`];
    const res = await put('company-users', { users, status: 2 }, owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, updated: 1, unchanged: 0, gone: ['User:999999', `User:${stranger.id}`] });
    expect((await t.knex('company_users').where('id', member.id).first('status')).status).toBe(2);
    expect((await t.knex('company_users').where('id', stranger.id).first('status')).status).toBe(1);
    const role = await t.http
      .put('/api/v1/company-users/role')
      .set(owner)
      .send({ users: [`User:${member.id}`, 'User:999999'], companyRole: 2 });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    expect(role.body).toMatchObject({ success: true, gone: ['User:999999'] });
  });

  it('projects: one deleted meanwhile or of another company is skipped and named, the others pause', async () => {
    const owner = { Authorization: `Bearer ${await t.login('owner@acme.example.com')}` };
    const acme = await t.knex('companies').where('company_name', 'ilike', 'acme%').first('id');
    const mine = await t.knex('projects').where({ company_id: acme.id, status: 0 }).orderBy('id').limit(2).pluck('id');
    const theirs = await t.knex('projects').whereNot('company_id', acme.id).first('id', 'status');
    expect(mine).toHaveLength(2);
    const ids = [`Project:${mine[0]}`, 'Project:999999', `Project:${theirs.id}`, `Project:${mine[1]}`];
    const res = await put('projects', { ids, status: 1 }, owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      success: true,
      updated: 2,
      unchanged: 0,
      gone: ['Project:999999', `Project:${theirs.id}`],
    });
    expect(await t.knex('projects').whereIn('id', mine).pluck('status')).toEqual([1, 1]);
    expect((await t.knex('projects').where('id', theirs.id).first('status')).status).toBe(theirs.status);
    const again = await t.http
      .put('/api/v1/projects')
      .set(owner)
      .send({ keys: [mine[0], 999999], status: 1 });
    expect(again.body).toEqual({ success: true, updated: 0, unchanged: 1, gone: ['Project:999999'] });
  });
});
