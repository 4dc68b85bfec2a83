/**
 * A company's email domain is its own: a second sign-up from an address at a domain an active company already has is
 * told plainly that its company has an account (and to ask that company's admin for an invite), without naming anyone
 * there; a domain another company claims is refused in step 2's valid domains as a field error, and no second
 * company with the same domain is created. An inactive company claims none, but the admins emailed of the sign-up
 * are told of the clash.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { mailsTo } from '../helpers/mailbox';
import { confirmedSignup, signUpCompany, singaporeId } from '../helpers/signup';

const base = '/api/v1/auth/company/self/signup';
let t: TestApp;

beforeAll(async () => {
  t = await testApp();
});

/** Steps 1 and the code for this address; answers the confirmed draft's token. */
const confirmed = (email: string) => confirmedSignup(t, email, { firstName: 'Eve', lastName: 'Shadow' });

async function stepTwo(signupToken: string, companyName: string, validDomains: string[]) {
  return t.http.post(`${base}/step-2`).send({
    signupToken,
    companyName,
    legalEntityName: `${companyName} Pte. Ltd.`,
    companyRegistrationNumber: '202499999Z',
    address: '1 Raffles Place, Singapore 048616',
    countries: [await singaporeId(t)],
    validDomains,
  });
}

describe('A domain already claimed by a company', () => {
  it("The signer whose own domain is an active company's is told to ask for an invite, and no company is made", async () => {
    const token = await confirmed('eve@acme.example.com');
    const res = await stepTwo(token, 'Acme Shadow', ['acme.example.com']);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ validDomains: 'validDomains.errors.companyHasAccount' });
    // Nothing names the company's people.
    expect(JSON.stringify(res.body)).not.toMatch(/owner@|member@|\bAcme\b/);
    await t.http.post(`${base}/step-3`).send({ signupToken: token, invites: [] }).expect(400);
    expect(await t.knex('companies').where('company_name', 'Acme Shadow')).toHaveLength(0);
  });

  it("Another company's domain among the valid domains is refused as a field error, in any letter case", async () => {
    const token = await confirmed('ada@shadowlabs.example.com');
    const res = await stepTwo(token, 'Shadow Labs', ['shadowlabs.example.com', 'ACME.example.com']);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ validDomains: 'validDomains.errors.claimed' });
    await stepTwo(token, 'Shadow Labs', ['shadowlabs.example.com']).then((r) => expect(r.status).toBe(200));
  });

  it('A domain claimed after step 2 is refused at step 3', async () => {
    const token = await confirmed('kim@later.example.com');
    expect((await stepTwo(token, 'Later Co', ['later.example.com'])).status).toBe(200);
    await t
      .knex('companies')
      .where('company_name', 'Acme')
      .update({
        valid_domains: t.knex.raw("array_append(valid_domains, 'later.example.com')"),
      });
    const res = await t.http.post(`${base}/step-3`).send({ signupToken: token, invites: [] });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ validDomains: 'validDomains.errors.companyHasAccount' });
  });

  it("A sign-up sharing an inactive company's domain goes through, and the admins' email names the clash", async () => {
    await signUpCompany(t, { email: 'tony@stark.example.com', companyName: 'Stark Again' });
    const mail = (await mailsTo(t.knex, 'admin@example.com')).find((m) => m.subject.includes('Stark Again'));
    expect(mail?.text).toContain('Domain clash: stark.example.com also belongs to Stark Logistics.');
    const clean = (await mailsTo(t.knex, 'admin@example.com')).find((m) => m.subject.includes('Shadow Labs'));
    expect(clean?.text ?? '').not.toContain('Domain clash');
  });
});
