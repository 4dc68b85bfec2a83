/**
 * The hand-written lists read a sort value they do not offer as their default order (spec section 7: "Sort or tab
 * values not in the allowed list fall back to defaults"), while a query key they do not know is still a 400 naming
 * it: the admin interview-request list (created, newest first), the credit lots ('la', descending) and the credit
 * log ('ca', descending), as the projects list already does. A page below 1 is the first and a page size below 1 the
 * default (spec section 5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { entity } from '../../schema';
import { apiId } from '../helpers/samples';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  // Two more lots (of two companies), so every list has rows whose order shows.
  const expiryDate = `${new Date().getUTCFullYear() + 1}-06-30`;
  const companies = (await t.knex('companies').orderBy('id').limit(2).select('id')) as { id: number }[];
  for (const [i, c] of companies.entries()) {
    const res = await admin.post('/credit', {
      companyId: apiId(entity('company'), c.id),
      noOfCredits: 5 + i,
      expiryDate,
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  }
});
afterAll(() => t?.knex.destroy());

const ids = async (path: string) => {
  const res = await admin.get(path);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return (res.body.data as { id: unknown }[]).map((r) => r.id);
};

describe.each([
  ['/dashboard/interview-request-list', 'createdAt', 'desc', 'asc'],
  ['/credit', 'la', 'desc', 'asc'],
  ['/credit/logs', 'ca', 'desc', 'asc'],
])('%s', (path, sortBy, dir, otherDir) => {
  it('an unknown sortBy or sortDir falls back to the default order', async () => {
    const byDefault = await ids(path);
    expect(byDefault.length).toBeGreaterThan(1);
    expect(await ids(`${path}?sortBy=${sortBy}&sortDir=${dir}`)).toEqual(byDefault);
    expect(await ids(`${path}?sortBy=bogus&sortDir=sideways`)).toEqual(byDefault);
    expect(await ids(`${path}?sortBy=bogus`)).toEqual(byDefault);
    expect(await ids(`${path}?sortBy=`)).toEqual(byDefault);
    // A known direction with an unknown field keeps the direction on the default field.
    expect(await ids(`${path}?sortBy=bogus&sortDir=${otherDir}`)).toEqual(
      await ids(`${path}?sortBy=${sortBy}&sortDir=${otherDir}`),
    );
  });

  it('an unknown filter key is still refused with a 400 naming it', async () => {
    const res = await admin.get(`${path}?sortBy=bogus&bogusFilter=1`);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual({ bogusFilter: 'errors.unknownField' });
  });
});

describe.each([
  ['/dashboard/interview-request-list', 'page', 'perPage'],
  ['/credit', 'page', 'pageSize'],
  ['/credit/logs', 'page', 'pageSize'],
])('%s', (path, pageKey, sizeKey) => {
  it('a page below 1 is the first page, and a page size below 1 the default of 25', async () => {
    const first = await ids(path);
    for (const query of [
      `${pageKey}=0`,
      `${pageKey}=-3`,
      `${sizeKey}=0`,
      `${sizeKey}=-1`,
      `${pageKey}=0&${sizeKey}=0`,
    ]) {
      const res = await admin.get(`${path}?${query}`);
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
      expect((res.body.data as { id: unknown }[]).map((r) => r.id)).toEqual(first);
      expect(res.body.pagination).toMatchObject({ currentPage: 1, pageSize: 25 });
    }
  });
});
