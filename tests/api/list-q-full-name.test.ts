/**
 * A list's search finds a person by the name it shows: "Jane Tan" (first and last name together) finds
 * Jane Tan on the company users, admins and community users lists, as the console's search box and the
 * project form's Owner and Advocate pickers ask.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listQuery, testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;
const as = (token: string) => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
});

const emailsFound = async (resource: string, q: string) => {
  const res = await t.http.get(`/api/v1/${resource}?${listQuery({ filter: { q } })}`).set(as(admin));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { email: string }[]).map((row) => row.email);
};

describe('Searching a list by full name', () => {
  it.each([
    ['company-users', 'company_users', 'member@acme.example.com'],
    ['admins', 'admins', 'advocate@example.com'],
  ])('%s: "<first> <last>" finds the person, in any case and spacing', async (resource, table, email) => {
    const person = await t.knex(table).where('email', email).first('first_name', 'last_name');
    expect(person.first_name && person.last_name).toBeTruthy();
    const full = `${person.first_name} ${person.last_name}`;
    await expect(emailsFound(resource, full)).resolves.toContain(email);
    await expect(emailsFound(resource, `  ${full.toUpperCase().replace(' ', '   ')} `)).resolves.toContain(email);
    await expect(emailsFound(resource, `${person.first_name} Nobodyson`)).resolves.not.toContain(email);
  });

  it('community users: "<first> <last>" finds the person', async () => {
    const [row] = await t
      .knex('community_users')
      .insert({ email: `mei.lim.${Date.now()}@example.org`, first_name: 'Mei', last_name: 'Lim' })
      .returning('email');
    await expect(emailsFound('community-users', 'Mei Lim')).resolves.toContain(row.email);
  });
});
