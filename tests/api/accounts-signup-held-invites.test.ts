/**
 * The colleagues a self sign-up's step 3 names stay with the pending company, not as accounts: until an admin
 * approves it their addresses are free (a sign-up of their own gets its code, an admin adds them as candidates).
 * At approval the colleagues become pending company users and are invited; one whose address has an account by then
 * is listed as the others are and its owner told instead, and the company's owner is not told who. A rejected company
 * leaves no address behind.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { lastMail, linkParam, mailsTo } from '../helpers/mailbox';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';

let t: TestApp;
let admin: string;
let sg: number;

const person = (email: string) => ({
  firstName: 'Eve',
  lastName: 'Ilsley',
  email,
  phone: '+659 123 45678',
  jobTitle: 'Founder',
  agreeTerms: true,
});
const step = (n: number, body: unknown) =>
  t.http.post(`/api/v1/auth/company/self/signup/step-${n}`).send(body as object);

/** Steps 1 to 3 of a guest at `email` naming `invites`; answers the pending company's id. */
async function signUp(email: string, companyName: string, validDomains: string[], invites: unknown[]) {
  const { signupToken } = (await step(1, person(email)).expect(200)).body as { signupToken: string };
  await t.http
    .post('/api/v1/auth/company/self/signup/confirm-email')
    .send({ signupToken, code: await t.lastCode(email) })
    .expect(200);
  await step(2, {
    signupToken,
    companyName,
    legalEntityName: `${companyName} Pte. Ltd.`,
    companyRegistrationNumber: '202499999Z',
    address: '1 Raffles Place, Singapore 048616',
    countries: [sg],
    validDomains,
  }).expect(200);
  await step(3, { signupToken, invites }).expect(200, { success: true });
  return (await t.knex('companies').where('company_name', companyName).first('id')).id as number;
}

const accountsOf = async (email: string) =>
  (
    await Promise.all(
      ['admins', 'company_users', 'candidates', 'community_users'].map((table) => t.knex(table).where('email', email)),
    )
  ).flat();

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  sg = (await t.knex('countries').where('code', 'SG').first('id')).id;
});

describe("Sign-up step 3's colleagues wait for the company's approval", () => {
  let companyId: number;

  it('Step 3 reserves no address: the colleagues may sign up themselves, or be added as candidates', async () => {
    companyId = await signUp(
      'boss@evil.example.com',
      'Evil Corp',
      ['evil.example.com', 'partner.example.com'],
      [
        { email: 'ceo@partner.example.com', role: 1 },
        { email: 'cto@partner.example.com', role: 2 },
        { email: 'dev@evil.example.com', role: 2 },
      ],
    );
    for (const email of ['ceo@partner.example.com', 'cto@partner.example.com', 'dev@evil.example.com']) {
      expect(await accountsOf(email), email).toEqual([]);
      expect(await mailsTo(t.knex, email), email).toHaveLength(0);
    }

    // The named colleague's own sign-up gets its code (not an "account exists" notice) and confirms.
    const { signupToken } = (await step(1, person('ceo@partner.example.com')).expect(200)).body as {
      signupToken: string;
    };
    const code = await t.lastCode('ceo@partner.example.com');
    await t.http
      .post('/api/v1/auth/company/self/signup/confirm-email')
      .send({ signupToken, code })
      .expect(200, { signupToken, emailConfirmed: true });

    // An admin adds another of them as a candidate.
    const res = await t.http
      .post('/api/v1/candidates')
      .set(bearer(admin))
      .send(candidatePayload(await talentIds(t.knex), { email: 'cto@partner.example.com', linkedInUrl: null }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('Approval invites the colleagues, and names to the owner none of those with an account', async () => {
    await t.http.put(`/api/v1/companies/Company:${companyId}`).set(bearer(admin)).send({ status: 1 }).expect(200);

    const users = await t.knex('company_users').where('company_id', companyId).orderBy('id');
    expect(users.map((u) => [u.email, u.role, u.status])).toEqual([
      ['boss@evil.example.com', 0, 1],
      ['ceo@partner.example.com', 1, 0],
      ['cto@partner.example.com', 2, 0],
      ['dev@evil.example.com', 2, 0],
    ]);
    for (const email of ['ceo@partner.example.com', 'dev@evil.example.com']) {
      const cist = await linkParam(t.knex, email, '/auth/company/invite-signup', 'cist');
      const check = await t.http.get(`/api/v1/auth-company/invite-signup/check?cist=${cist}`).expect(200);
      expect(check.body).toMatchObject({ email, companyName: 'Evil Corp' });
    }
    // The address that became a candidate stays the candidate's, who is told instead of invited; the owner is not
    // told who has an account (team-invite-taken-address.test.ts).
    expect((await t.knex('candidates').where('email', 'cto@partner.example.com')).map((r) => r.status)).toEqual([1]);
    expect((await lastMail(t.knex, 'cto@partner.example.com')).subject).toBe(
      'Evil Corp tried to invite you to Talentbase',
    );
    for (const told of await mailsTo(t.knex, 'boss@evil.example.com')) expect(told.text).not.toContain('cto@');
  });

  it('A rejected company leaves no address behind', async () => {
    const rejected = await signUp(
      'rita@rejected.example.com',
      'Rejected Ltd',
      ['rejected.example.com'],
      [{ email: 'pat@rejected.example.com', role: 2 }],
    );
    await t.http.put(`/api/v1/companies/Company:${rejected}`).set(bearer(admin)).send({ status: 2 }).expect(200);
    expect(await accountsOf('pat@rejected.example.com')).toEqual([]);
    expect((await t.knex('companies').where('id', rejected).first('held_invites')).held_invites).toBeNull();
    // Approved later after all, it invites nobody it named before.
    await t.http.put(`/api/v1/companies/Company:${rejected}`).set(bearer(admin)).send({ status: 1 }).expect(200);
    expect(await accountsOf('pat@rejected.example.com')).toEqual([]);
    expect(await mailsTo(t.knex, 'pat@rejected.example.com')).toHaveLength(0);
  });
});
