/**
 * A company's self sign-up through its three public steps (details and the emailed code, the company, invites), the
 * way a guest on the sign-up page goes through it; the company is then pending the admins' approval.
 */
import type { TestApp } from './app';

export interface SignUpOptions {
  /** The guest's address; its domain is the company's valid domain unless `validDomains` says otherwise. */
  email: string;
  companyName: string;
  validDomains?: string[];
  invites?: unknown[];
  /** Overrides of the guest's details in step 1 (name, phone, job title). */
  person?: Record<string, unknown>;
  /** Overrides of the company's details in step 2. */
  company?: Record<string, unknown>;
}

/** The id of Singapore, the country a signed-up company names unless told otherwise. */
export async function singaporeId(t: TestApp): Promise<number> {
  return (await t.knex('countries').where('code', 'SG').first('id')).id as number;
}

/** Step 1 and the emailed code for `email`: answers the confirmed draft's token. */
export async function confirmedSignup(
  t: TestApp,
  email: string,
  person: Record<string, unknown> = {},
): Promise<string> {
  const base = '/api/v1/auth/company/self/signup';
  const details = { firstName: 'Ada', lastName: 'Byron', email, phone: '+659 123 45678', jobTitle: 'Founder' };
  const one = await t.http
    .post(`${base}/step-1`)
    .send({ ...details, ...person, agreeTerms: true })
    .expect(200);
  const { signupToken } = one.body as { signupToken: string };
  await t.http
    .post(`${base}/confirm-email`)
    .send({ signupToken, code: await t.lastCode(email) })
    .expect(200);
  return signupToken;
}

/** Steps 1 to 3 of a self sign-up; answers the pending company's id. */
export async function signUpCompany(t: TestApp, o: SignUpOptions): Promise<number> {
  const base = '/api/v1/auth/company/self/signup';
  const { email, companyName } = o;
  const signupToken = await confirmedSignup(t, email, o.person);
  await t.http
    .post(`${base}/step-2`)
    .send({
      signupToken,
      companyName,
      legalEntityName: `${companyName} Pte. Ltd.`,
      companyRegistrationNumber: '202499999Z',
      address: '1 Raffles Place, Singapore 048616',
      countries: [await singaporeId(t)],
      validDomains: o.validDomains ?? [email.split('@')[1]],
      ...o.company,
    })
    .expect(200);
  await t.http
    .post(`${base}/step-3`)
    .send({ signupToken, invites: o.invites ?? [] })
    .expect(200);
  return (await t.knex('companies').where('company_name', companyName).first('id')).id as number;
}
