/**
 * An invitation holds its address to the company's email domains as they are when it is used: once the
 * company drops the address's domain, the link no longer completes an account, a resend is refused, and
 * a held invitation is not sent when the company is active again (400 email.errors.notInValidDomains).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { linkParam, mailsTo } from '../helpers/mailbox';

let t: TestApp;
let owner: Record<string, string>;
let admin: Record<string, string>;

const setCompany = (id: number, body: object) =>
  t.http.put(`/api/v1/companies/Company:${id}`).set(admin).send(body).expect(200);
const domainsOf = async (id: number) =>
  (await t.knex('companies').where('id', id).first('valid_domains')).valid_domains as string[];

beforeAll(async () => {
  t = await testApp();
  owner = { Authorization: `Bearer ${await t.login('owner@acme.example.com')}` };
  admin = { Authorization: `Bearer ${await t.login('admin@example.com')}` };
});

describe('Invitations after the company drops the invitee’s domain', () => {
  it('The link no longer completes the account and a resend is refused', async () => {
    const acme = (await t.knex('companies').where('company_name', 'Acme').first('id')).id as number;
    const kept = await domainsOf(acme);
    await setCompany(acme, { validDomains: [...kept, 'acme-old.example.com'] });
    for (const email of ['ann@acme-old.example.com', 'ben@acme-old.example.com'])
      await t.http.post('/api/v1/company-users/invite').set(owner).send({ email, role: 2 }).expect(201);
    const cist = await linkParam(t.knex, 'ann@acme-old.example.com', '/auth/company/invite-signup', 'cist');
    await setCompany(acme, { validDomains: kept });

    const done = await t.http
      .put('/api/v1/auth-company/invite-signup/complete')
      .send({
        cist,
        email: 'ann@acme-old.example.com',
        firstName: 'Ann',
        lastName: 'Old',
        phone: '+659 123 45678',
        jobTitle: 'Recruiter',
      })
      .expect(400);
    expect(done.body.error.fields).toEqual({ email: 'email.errors.notInValidDomains' });
    expect(await t.knex('company_users').where('email', 'ann@acme-old.example.com').first('status')).toEqual({
      status: 0,
    });

    const ben = await t.knex('company_users').where('email', 'ben@acme-old.example.com').first('id');
    const resend = await t.http
      .post('/api/v1/company-users/resend-invitation')
      .set(owner)
      .send({ id: `User:${ben.id}` })
      .expect(400);
    expect(resend.body.error.fields).toEqual({ email: 'email.errors.notInValidDomains' });
    expect(await mailsTo(t.knex, 'ben@acme-old.example.com')).toHaveLength(1);
  });

  it('A held invitation is not sent once its domain is dropped; the others go out', async () => {
    const globex = (await t.knex('companies').where('company_name', 'Globex Analytics').first('id')).id as number;
    const kept = await domainsOf(globex);
    await setCompany(globex, { validDomains: [...kept, 'globex-old.example.com'] });
    await setCompany(globex, { status: 0 });
    const invite = (email: string) =>
      t.http
        .post('/api/v1/company-users/invite')
        .set(admin)
        .send({ email, role: 2, companyId: `Company:${globex}` })
        .expect(201);
    await invite('held@globex-old.example.com');
    await invite(`held@${kept[0]}`);
    expect(await mailsTo(t.knex, 'held@globex-old.example.com')).toHaveLength(0);
    await setCompany(globex, { validDomains: kept });
    await setCompany(globex, { status: 1 });
    expect(await mailsTo(t.knex, 'held@globex-old.example.com')).toHaveLength(0);
    expect(await mailsTo(t.knex, `held@${kept[0]}`)).toHaveLength(1);
  });
});
