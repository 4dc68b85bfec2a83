/**
 * The generic list puts rows without a value in its sort column last, newest first as oldest first
 * (companies never active after those active lately), and a company carries its project count
 * (spec section 3) beside its user count.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listQuery, testApp, type TestApp } from '../helpers/app';

describe('Generic lists: empty values last, and a company\u2019s project count', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let acmeId: number;

  beforeAll(async () => {
    t = await testApp();
    admin = { Authorization: `Bearer ${await t.login('admin@example.com')}` };
    const acme = await t.knex('companies').where('company_name', 'ilike', 'Acme%').orderBy('id').first('id');
    acmeId = acme.id;
    // One company seen lately, another never: both kinds are in the list whatever the seed holds.
    await t.knex('companies').where('id', acmeId).update({ last_active_at: new Date() });
    const other = await t.knex('companies').whereNot('id', acmeId).orderBy('id').first('id');
    await t.knex('companies').where('id', other.id).update({ last_active_at: null });
  });

  const list = (sort: [string, string]) =>
    t.http.get(`/api/v1/companies?${listQuery({ sort, range: [0, 999] })}`).set(admin);

  it('Sorted by last active, newest first, starts with a company that was active; the never active come last', async () => {
    const res = await list(['lastActiveAt', 'DESC']);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const values = (res.body as { lastActiveAt: string | null }[]).map((c) => c.lastActiveAt);
    expect(values.some((v) => v !== null)).toBe(true);
    expect(values[0]).not.toBeNull();
    const firstEmpty = values.indexOf(null);
    expect(firstEmpty).toBeGreaterThan(0);
    expect(values.slice(firstEmpty).every((v) => v === null)).toBe(true);
  });

  it('Oldest first, the never active still come last', async () => {
    const res = await list(['lastActiveAt', 'ASC']);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const values = (res.body as { lastActiveAt: string | null }[]).map((c) => c.lastActiveAt);
    expect(values[0]).not.toBeNull();
    expect(values.at(-1)).toBeNull();
  });

  it('A company carries its project count, in the list and on its own record', async () => {
    const [{ n }] = await t.knex('projects').where('company_id', acmeId).count({ n: '*' });
    expect(Number(n)).toBeGreaterThan(0);
    const res = await list(['createdAt', 'DESC']);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const acme = (res.body as { id: string; projectCount?: number }[]).find((c) => c.id === `Company:${acmeId}`);
    expect(acme?.projectCount).toBe(Number(n));
    const one = await t.http.get(`/api/v1/companies/Company:${acmeId}`).set(admin);
    expect(one.body.projectCount).toBe(Number(n));
  });
});
