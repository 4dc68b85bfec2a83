/**
 * Real names written with an initial or an abbreviation and no space (A.Kumar, Mohd.Ali, St.Clair) are names, not
 * links: an invite typing them is taken (201), while a scheme, a www. host, an email address or a word ending in a
 * common top-level domain is still refused on the field (400 '<field>.errors.noLinks').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUB_ROLES } from '../../schema/roles';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let owner: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  owner = { Authorization: `Bearer ${await t.login('owner@acme.example.com')}` };
});
afterAll(async () => {
  await t?.knex.destroy();
});

const invite = (email: string, names: { firstName?: string; lastName?: string }) =>
  t.http
    .post('/api/v1/company-users/invite')
    .set(owner)
    .send({ email, role: SUB_ROLES.member, ...names });

describe('Names typed with an initial and no space', () => {
  it.each([
    ['firstName', 'A.Kumar'],
    ['lastName', 'K.Ramesh'],
    ['firstName', 'Mohd.Ali'],
    ['lastName', 'Abd.Rahman'],
    ['firstName', 'Ma.Teresa'],
    ['lastName', 'St.Clair'],
    ['firstName', 'Ö.Yılmaz'],
  ])('takes a %s written %s', async (field, name) => {
    const email = `real-${Buffer.from(name).toString('hex')}@acme.example.com`;
    const res = await invite(email, { [field]: name });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await t.knex('company_users').where('email', email).first('first_name', 'last_name');
    expect(field === 'firstName' ? row.first_name : row.last_name).toBe(name);
  });

  it.each([
    ['firstName', 'evil.com'],
    ['lastName', 'bit.ly/x'],
    ['firstName', 'https://x.y'],
    ['lastName', 'www.x'],
    ['firstName', 'a@b.co'],
    ['lastName', 'Evil.Com'],
  ])('still refuses a %s holding a link or an address (%s)', async (field, name) => {
    const res = await invite('refused-real@acme.example.com', { [field]: name });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ [field]: `${field}.errors.noLinks` });
  });
});
