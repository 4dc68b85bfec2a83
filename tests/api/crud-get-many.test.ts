/**
 * react-admin's getMany asks records by id with no range (`filter={"id":[...]}`): every id asked for is answered, up
 * to a page of 1,000, so the console's reference columns and its CSV export name every record rather than the first 25.
 * A range is whole numbers as PostgreSQL reads them: a start written 1e21 is refused, not read as 1.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
});

describe('Records asked by id', () => {
  it('answers all 40 of 40 ids with no range, a range still pages, and more than a page is refused', async () => {
    const ids = (await t.knex('skills').orderBy('id').limit(40).pluck('id')) as number[];
    expect(ids).toHaveLength(40);
    const all = await admin.get(`/skills?filter=${encodeURIComponent(JSON.stringify({ id: ids }))}`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body).toHaveLength(40);
    expect(all.headers['content-range']).toMatch(/ 0-39\/40$/);
    const paged = await admin.get(`/skills?filter=${encodeURIComponent(JSON.stringify({ id: ids }))}&range=[0,9]`);
    expect(paged.body).toHaveLength(10);
    const plain = await admin.get('/skills');
    expect(plain.body).toHaveLength(25);
    const tooMany = Array.from({ length: 1001 }, (_, i) => i + 1);
    const refused = await admin.get(`/skills?filter=${encodeURIComponent(JSON.stringify({ id: tooMany }))}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ filter: 'filter.errors.invalid' });
    // A start written with an exponent would reach the query as 1 and answer the second row: it is refused.
    for (const range of ['[1e21,1e21]', '[5e21,5e21]', '[2147483648,2147483649]']) {
      const far = await admin.get(`/skills?range=${range}`);
      expect(far.status, range).toBe(400);
      expect(far.body.error.fields).toEqual({ range: 'range.errors.invalid' });
    }
  });
});
