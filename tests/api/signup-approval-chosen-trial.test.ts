/**
 * A company's first approval when the admin's same save also sets its trial end date (the company form edits it): the
 * date stored is the admin's, and the approval email states that date, not the 30 days on the approval would choose.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { formatDate } from '../../schema/rules/dates';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: Client;
let sg: number;

const step = (n: number, body: object) => t.http.post(`/api/v1/auth/company/self/signup/step-${n}`).send(body);

/** Steps 1 to 3 of a self sign-up; answers the pending company's id. */
async function signUp(email: string, companyName: string, domain: string): Promise<number> {
  const person = { firstName: 'Tara', lastName: 'Tan', email, phone: '+659 123 45678', jobTitle: 'Founder' };
  const { signupToken } = (await step(1, { ...person, agreeTerms: true }).expect(200)).body as { signupToken: string };
  await t.http
    .post('/api/v1/auth/company/self/signup/confirm-email')
    .send({ signupToken, code: await t.lastCode(email) })
    .expect(200);
  await step(2, {
    signupToken,
    companyName,
    legalEntityName: `${companyName} Pte. Ltd.`,
    companyRegistrationNumber: '202499998Z',
    address: '1 Raffles Place, Singapore 048616',
    countries: [sg],
    validDomains: [domain],
  }).expect(200);
  await step(3, { signupToken, invites: [] }).expect(200);
  return (await t.knex('companies').where('company_name', companyName).first('id')).id as number;
}

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  sg = (await t.knex('countries').where('code', 'SG').first('id')).id;
});

describe('A first approval that also sets the trial end date', () => {
  it('stores the admin’s date and the approval email states it', async () => {
    const owner = 'tara@chosentrial.example.com';
    const id = await signUp(owner, 'Chosen Trial', 'chosentrial.example.com');
    const res = await admin.put(`/companies/Company:${id}`, { status: 1, trialEndsAt: '2027-01-15' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = (await t.knex('companies').where('id', id).first('trial_ends_at')).trial_ends_at;
    expect(formatDate(stored, { timeZone: 'UTC' })).toBe('15 Jan 2027');
    const approval = (await listOutbox(t.knex, owner, 20)).find(
      (m) => m.subject === 'Chosen Trial is approved on Talentbase',
    );
    expect(approval?.text).toContain('runs until 15 Jan 2027');
  });
});
