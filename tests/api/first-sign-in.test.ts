/**
 * The server tells a company user's first sign-in ever (the portal's new-user welcome): the founder who signed the
 * company up, at their first sign-in after approval, as much as an invited colleague; never again after.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { signUpCompany } from '../helpers/signup';

let t: TestApp;

beforeAll(async () => {
  t = await testApp();
});

async function signIn(email: string) {
  await t.http.post('/api/v1/auth/send-email-otp').send({ email }).expect(200);
  const res = await t.http
    .post('/api/v1/auth/login-by-email-otp')
    .send({ email, otp: await t.lastCode(email) })
    .expect(200);
  return res.body as { firstSignIn?: boolean };
}

describe('A first sign-in', () => {
  it("The founder's first sign-in after approval is flagged, and only the first", async () => {
    const id = await signUpCompany(t, { email: 'ada@firstday.example.com', companyName: 'First Day Labs' });
    await t.knex('companies').where('id', id).update({ status: 1 });
    expect((await signIn('ada@firstday.example.com')).firstSignIn).toBe(true);
    expect((await signIn('ada@firstday.example.com')).firstSignIn).toBe(false);
  });

  it('Someone who signed in before is not flagged', async () => {
    await signIn('member@acme.example.com');
    expect((await signIn('member@acme.example.com')).firstSignIn).toBe(false);
  });
});
