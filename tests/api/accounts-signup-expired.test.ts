/**
 * Step 1 of a company sign-up with the token of a draft that expired (24 hours) starts a new draft instead of
 * refusing it: the portal may still hold the old token when the person comes back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { mailsTo } from '../helpers/mailbox';

const base = '/api/v1/auth/company/self/signup';

describe('Step 1 after the sign-up draft expired', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });

  const you = (email: string) => ({
    firstName: 'Ines',
    lastName: 'Varga',
    email,
    phone: '+659 123 4567',
    jobTitle: 'Founder',
    agreeTerms: true,
  });
  const stepOne = (body: Record<string, unknown>) => t.http.post(`${base}/step-1`).send(body);
  const confirm = async (signupToken: string, email: string) =>
    t.http
      .post(`${base}/confirm-email`)
      .send({ signupToken, code: await t.lastCode(email) })
      .expect(200);
  const expire = (email: string) =>
    t.knex.raw(`update signup_drafts set expires_at = now() - interval '1 hour' where email = ?`, [email]);

  it('Starts a new draft with a new token and a new code, the expired one staying dead', async () => {
    const email = 'ines@varga.example.com';
    const old = (await stepOne(you(email)).expect(200)).body.signupToken as string;
    await confirm(old, email);
    await expire(email);
    const mailsBefore = (await mailsTo(t.knex, email)).length;

    const res = await stepOne({ ...you(email), signupToken: old }).expect(200);
    expect(res.body).toMatchObject({ signupToken: expect.any(String), emailConfirmed: false });
    expect(res.body.signupToken).not.toBe(old);
    expect((await mailsTo(t.knex, email)).length).toBe(mailsBefore + 1);
    expect(await t.knex('signup_drafts').where('email', email).count({ n: '*' }).first()).toEqual({ n: 2 });

    // The new draft goes on; the expired one is still refused where it is used.
    await confirm(res.body.signupToken, email);
    const sg = (await t.knex('countries').where('code', 'SG').first('id')).id as number;
    const company = {
      companyName: 'Varga Studio',
      legalEntityName: 'Varga Studio Pte. Ltd.',
      companyRegistrationNumber: '202433333C',
      address: '3 Temasek Avenue, Singapore',
      countries: [sg],
      validDomains: ['varga.example.com'],
      companySource: 1,
    };
    expect(
      (
        await t.http
          .post(`${base}/step-2`)
          .send({ signupToken: old, ...company })
          .expect(400)
      ).body.error.code,
    ).toBe('signup.invalid');
    await t.http
      .post(`${base}/step-2`)
      .send({ signupToken: res.body.signupToken, ...company })
      .expect(200);
  });

  it('A malformed or unknown token at step 1 starts afresh too; a completed sign-up is still refused', async () => {
    const email = 'ines@varga-two.example.com';
    for (const signupToken of ['nonsense', 'A'.repeat(43)])
      expect((await stepOne({ ...you(email), signupToken }).expect(200)).body.emailConfirmed).toBe(false);

    const done = 'ines@varga-three.example.com';
    const token = (await stepOne(you(done)).expect(200)).body.signupToken as string;
    await t.knex('signup_drafts').where('email', done).update({ completed_at: new Date() });
    expect((await stepOne({ ...you(done), signupToken: token }).expect(409)).body.error.code).toBe('signup.completed');
  });
});
