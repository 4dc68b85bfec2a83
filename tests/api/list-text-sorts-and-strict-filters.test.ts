/**
 * Lists people read sort text alphabetically whatever its case, on any PostgreSQL (the test cluster is C.UTF-8,
 * byte-wise): 'agile coach' before 'Verified' (backend/db/textOrder.ts). A hand-written list refuses a query key it
 * does not know with a 400 naming it, as generated lists refuse an unknown filter, while what the apps send still
 * lists and an unknown sort value still falls back (spec section 7). The console's talent list reads a null filter
 * as "has no value", as every generated list does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entity } from '../../schema';
import { client, type Client } from '../helpers/actors';
import { listQuery, testApp, type TestApp } from '../helpers/app';
import { apiId, dbId, insertSample } from '../helpers/samples';

let t: TestApp;
let admin: Client;

const tag = entity('tag');
const project = entity('project');
const candidate = entity('candidate');
const companyUser = entity('companyUser');

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  for (const name of ['F5 Verified', 'f5 agile coach', 'F5 Beta']) await insertSample(t.knex, tag, { name });
  for (const title of ['Zf5 Verified role', 'zf5 agile role', 'Zf5 Beta role'])
    await insertSample(t.knex, project, { title });
});
afterAll(() => t?.knex.destroy());

const names = (rows: Record<string, unknown>[], key: string) => rows.map((r) => r[key]);

describe('Text sorts', () => {
  it('sorts a generated console list by a name alphabetically, whatever the case, both ways', async () => {
    const asc = await admin.get(`/${tag.resource}?${listQuery({ sort: ['name', 'ASC'], filter: { q: 'f5 ' } })}`);
    expect(asc.status, JSON.stringify(asc.body)).toBe(200);
    expect(names(asc.body, 'name')).toEqual(['f5 agile coach', 'F5 Beta', 'F5 Verified']);
    const desc = await admin.get(`/${tag.resource}?${listQuery({ sort: ['name', 'DESC'], filter: { q: 'f5 ' } })}`);
    expect(names(desc.body, 'name')).toEqual(['F5 Verified', 'F5 Beta', 'f5 agile coach']);
  });

  it("sorts a computed name the same way (a company user's full name)", async () => {
    const company = (await t.knex('companies').first('id')) as { id: number };
    for (const [firstName, lastName] of [
      ['Zq', 'Upper'],
      ['zq', 'lower'],
    ])
      await insertSample(t.knex, companyUser, { firstName, lastName, companyId: company.id });
    const res = await admin.get(
      `/${companyUser.resource}?${listQuery({ sort: ['name', 'ASC'], filter: { q: 'zq' } })}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(names(res.body, 'name')).toEqual(['zq lower', 'Zq Upper']);
  });

  it("sorts the portal's projects by title alphabetically, whatever the case", async () => {
    const res = await admin.get('/projects/list?view=all&q=f5&sortBy=title&sortDir=asc&page=1&perPage=10');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(names(res.body.data, 'title')).toEqual(['zf5 agile role', 'Zf5 Beta role', 'Zf5 Verified role']);
  });

  it('sorts the console talent list by first name alphabetically, whatever the case', async () => {
    const ids = (await t.knex('candidates').orderBy('id', 'desc').limit(3).pluck('id')) as number[];
    const firstNames = ['Verified', 'agile', 'Beta'];
    for (const [i, id] of ids.entries()) await t.knex('candidates').where({ id }).update({ first_name: firstNames[i] });
    const filter = { id: ids.map((id) => apiId(candidate, id)) };
    const res = await admin.get(`/${candidate.resource}?${listQuery({ sort: ['firstName', 'ASC'], filter })}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.map((c: { id: string }) => dbId(candidate, c.id))).toEqual([ids[1], ids[2], ids[0]]);
  });

  it('sorts the interview-request list by company and by project', async () => {
    for (const sortBy of ['company', 'project']) {
      const res = await admin.get(`/dashboard/interview-request-list?sortBy=${sortBy}&sortDir=asc`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });
});

describe('Hand-written lists and query keys they do not know', () => {
  it.each([
    ['/dashboard/interview-request-list?status=sent', 'status'],
    ['/credit/logs?companyName=Nope', 'companyName'],
    ['/credit?companyName=Nope', 'companyName'],
    ['/projects/list?search=zzz', 'search'],
    ['/notifications?unread=1', 'unread'],
    ['/conversations?state=open', 'state'],
    ['/candidate-duplicates?status=open', 'status'],
    ['/candidates/imports?status=done', 'status'],
    ['/projects/ai-match?project=1', 'project'],
  ])('refuses %s with a 400 naming the key', async (path, key) => {
    const res = await admin.get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual({ [key]: 'errors.unknownField' });
  });

  it('still lists what the portal and the console send, and falls back on an unknown sort value', async () => {
    const company = (await t.knex('companies').first('id')) as { id: number };
    const companyId = apiId(entity('company'), company.id);
    for (const path of [
      '/projects/list?view=all&status=1&q=f5&page=1&perPage=10&sortBy=title&sortDir=asc',
      '/projects/list?view=all&sortBy=bogus&sortDir=sideways',
      '/dashboard/interview-request-list?state=sent&kind=interview&channel=email&from=2026-01-01&to=2026-12-31&timeZone=UTC&q=a&page=1&perPage=25&sortBy=createdAt&sortDir=desc',
      '/dashboard/interview-request-list?sort_by=company&per_page=10',
      `/credit/logs?page=1&pageSize=25&companyId=${companyId}&action=1&from=2026-01-01&to=2026-12-31&timeZone=UTC&search=ab&sortBy=ca&sortDir=desc`,
      `/credit/logs?sortBy=ca&sortDir=desc&format=csv`,
      `/credit?page=1&companyId=${companyId}&search=ab&sortBy=la`,
      '/notifications?filter=unread&page=1',
      '/conversations?q=a&status=open&assignee=all&page=1',
      '/candidate-duplicates?page=1&perPage=25',
      '/candidates/imports?page=1&perPage=10',
      '/projects/ai-match?page=1&perPage=10',
    ]) {
      const res = await admin.get(path);
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });
});

describe('The console talent list and a null filter', () => {
  it('lists only the candidates without an owner for {"ownerId": null}', async () => {
    const all = await admin.get(`/${candidate.resource}?${listQuery({ sort: ['id', 'ASC'], range: [0, 2] })}`);
    const ids = all.body.map((c: { id: string }) => c.id);
    await t
      .knex('candidates')
      .whereIn(
        'id',
        ids.map((id: string) => dbId(candidate, id)),
      )
      .update({ owner_id: null });
    const res = await admin.get(
      `/${candidate.resource}?${listQuery({ sort: ['id', 'ASC'], range: [0, 99], filter: { ownerId: null } })}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.map((c: { id: string }) => c.id)).toEqual(ids);
    expect(res.headers['content-range']).toBe(`${candidate.resource} 0-2/3`);
  });
});
