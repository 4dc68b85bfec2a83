/**
 * The console writes follow the company-email rule too (schema/rules/companyEmail.ts): a platform admin adding a
 * company user (POST /company-users) gives an address of the company's domains and a business domain, and a
 * company's domains written in the console (POST /companies, PUT /companies/:id) are business domains, as sign-up asks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { entity as entityNamed } from '../../schema';
import { testApp, type TestApp } from '../helpers/app';
import { samplePayload } from '../helpers/samples';
import { bearer } from '../helpers/talent';

let t: TestApp;
let admin: string;
let acme: number;

const person = (email: string) => ({
  firstName: 'Kim',
  lastName: 'Lee',
  email,
  phone: '+659 123 45678',
  jobTitle: 'Recruiter',
  companyId: acme,
  role: 2,
  status: 1,
});
const addUser = (email: string) => t.http.post('/api/v1/company-users').set(bearer(admin)).send(person(email));
const userRow = (email: string) => t.knex('company_users').where('email', email).first('id');
const domainsOf = async (id: number) =>
  (await t.knex('companies').where('id', id).first('valid_domains')).valid_domains as string[];

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  acme = (await t.knex('companies').where('company_name', 'Acme').first('id')).id;
});

describe('A platform admin adding a company user in the console', () => {
  it("is refused a free-mail address outside the company's domains, on email, and nothing is stored", async () => {
    const res = await addUser('someone@gmail.com');
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual({ email: 'email.errors.notInValidDomains' });
    expect(await userRow('someone@gmail.com')).toBeUndefined();
  });

  it("is refused another company's business address", async () => {
    const res = await addUser('kim@globex.example.com');
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual({ email: 'email.errors.notInValidDomains' });
    expect(await userRow('kim@globex.example.com')).toBeUndefined();
  });

  it("is refused a free-mail address even when it is listed among the company's domains", async () => {
    const before = await domainsOf(acme);
    await t
      .knex('companies')
      .where('id', acme)
      .update({ valid_domains: [...before, 'gmail.com'] });
    try {
      const res = await addUser('kim.lee@gmail.com');
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.fields).toEqual({ email: 'email.errors.businessEmail' });
    } finally {
      await t.knex('companies').where('id', acme).update({ valid_domains: before });
    }
  });

  it("adds someone with an address of the company's domain", async () => {
    const res = await addUser('kim.lee@acme.example.com');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await userRow('kim.lee@acme.example.com')).toBeDefined();
  });
});

describe("A company's domains written in the console", () => {
  it('are refused with a free-mail domain on an edit, on validDomains, and stay as they were', async () => {
    const before = await domainsOf(acme);
    const res = await t.http
      .put(`/api/v1/companies/Company:${acme}`)
      .set(bearer(admin))
      .send({ validDomains: [...before, 'gmail.com'] });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual({ validDomains: 'validDomains.errors.businessDomain' });
    expect(await domainsOf(acme)).toEqual(before);
  });

  it('are refused with a test domain on a new company, and a company with business domains is created', async () => {
    const company = entityNamed('company');
    const refused = await t.http
      .post('/api/v1/companies')
      .set(bearer(admin))
      .send(await samplePayload(t.knex, company, { validDomains: ['mail.test'] }));
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.fields).toEqual({ validDomains: 'validDomains.errors.businessDomain' });
    const created = await t.http
      .post('/api/v1/companies')
      .set(bearer(admin))
      .send(await samplePayload(t.knex, company, { validDomains: ['initrode.example.com'] }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });

  it('keep accepting an edit of business domains', async () => {
    const before = await domainsOf(acme);
    await t.http
      .put(`/api/v1/companies/Company:${acme}`)
      .set(bearer(admin))
      .send({ validDomains: [...before, 'acme-labs.example.com'] })
      .expect(200);
    expect(await domainsOf(acme)).toEqual([...before, 'acme-labs.example.com']);
    await t.http.put(`/api/v1/companies/Company:${acme}`).set(bearer(admin)).send({ validDomains: before }).expect(200);
  });
});
