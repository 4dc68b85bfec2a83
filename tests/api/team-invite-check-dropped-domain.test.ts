/**
 * The invitation link's check says up front that the company has dropped the address's domain (400
 * invite.outsideDomains with the address's field error), so the invitee is not asked to fill in a form that the
 * completion then refuses; an address still in the domains is answered as before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { linkParam } from '../helpers/mailbox';

let t: TestApp;
let owner: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  owner = { Authorization: `Bearer ${await t.login('owner@acme.example.com')}` };
  admin = { Authorization: `Bearer ${await t.login('admin@example.com')}` };
});

describe('Checking an invitation link after the company drops its domain', () => {
  it('answers 400 invite.outsideDomains for the dropped domain, and the invitation for a kept one', async () => {
    const acme = (await t.knex('companies').where('company_name', 'Acme').first('id')).id as number;
    const kept = (await t.knex('companies').where('id', acme).first('valid_domains')).valid_domains as string[];
    const setDomains = (validDomains: string[]) =>
      t.http.put(`/api/v1/companies/Company:${acme}`).set(admin).send({ validDomains }).expect(200);
    await setDomains([...kept, 'acme-gone.example.com']);
    const [gone, stays] = ['cara@acme-gone.example.com', `cara.check@${kept[0]}`];
    for (const email of [gone, stays])
      await t.http.post('/api/v1/company-users/invite').set(owner).send({ email, role: 2 }).expect(201);
    const link = (email: string) => linkParam(t.knex, email, '/auth/company/invite-signup', 'cist');
    const [goneCist, staysCist] = [await link(gone), await link(stays)];
    await setDomains(kept);

    const refused = await t.http.get('/api/v1/auth-company/invite-signup/check').query({ cist: goneCist });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('invite.outsideDomains');
    expect(refused.body.error.fields).toEqual({ email: 'email.errors.notInValidDomains' });
    expect(JSON.stringify(refused.body)).not.toContain('Acme');

    const answered = await t.http
      .get('/api/v1/auth-company/invite-signup/check')
      .query({ cist: staysCist })
      .expect(200);
    expect(answered.body).toMatchObject({ email: stays, companyName: 'Acme' });
  });
});
