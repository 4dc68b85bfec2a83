/**
 * A candidate's former address or phone that another kind of account took since is that account's. An admin adds a
 * candidate at J with phone P; the candidate moves to another address and the admin changes the phone; a company signs
 * up with J and P (a candidate's former address is free to take) and is approved. Then the candidate's copy of their data lists none of the company user's mail, and erasing
 * the candidate leaves the company user's address, phone, sign-in codes and mail alone: they still sign in.
 */
import { strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { adminExportFiles } from '../helpers/dataExport';
import { candidateToErase, eraseAndSettle } from '../helpers/erasure';
import { signUpCompany } from '../helpers/signup';
import { bearer } from '../helpers/talent';

const J = 'jane@taken-since.example';
const HOME = 'jane.home@example.org';
const P = '+65 8123 6301';
const NEW_PHONE = '+65 8123 6302';

let t: TestApp;
let admin: string;
let id: number;
let companyUser: { id: number; email: string; phone: string };
let mailToJ: number;
let messages: { emails: { to: string }[] };

const mailTo = async (to: string) =>
  Number((await t.knex('outbox_emails').whereRaw('lower("to") = ?', [to]).count({ n: '*' }))[0].n);

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  id = await candidateToErase(t, admin, {
    ...{ firstName: 'Janelle', lastName: 'Okonkwo-Marsh', email: J, phone: P },
    ...{ linkedInUrl: null, status: 1, visibility: true },
  });
  // The candidate moves their account to another address (the code sent there); an admin changes the phone.
  const token = await t.login(J);
  const path = `/api/v1/candidate-email-change-request`;
  const asked = await t.http
    .post(`${path}/is-send-confirmation-email-for-update/Candidate:${id}`)
    .set(bearer(token))
    .send({ email: HOME });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const confirmed = await t.http
    .put(`${path}/confirm-email-to-update/Candidate:${id}`)
    .set(bearer(token))
    .send({ code: await t.lastCode(HOME) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const edited = await t.http.put(`/api/v1/candidates/Candidate:${id}`).set(bearer(admin)).send({ phone: NEW_PHONE });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  expect(await t.knex('candidate_former_identifiers').where('candidate_id', id).pluck('value')).toEqual(
    expect.arrayContaining([J]),
  );

  const company = await signUpCompany(t, {
    email: J,
    companyName: 'Taken Since Pte',
    person: { firstName: 'Jane', lastName: 'Taylor', phone: P },
  });
  const approved = await t.http.put(`/api/v1/companies/Company:${company}`).set(bearer(admin)).send({ status: 1 });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  companyUser = await t.knex('company_users').where('email', J).first('id', 'email', 'phone');
  expect(companyUser).toBeDefined();
  mailToJ = await mailTo(J);
  expect(mailToJ).toBeGreaterThan(0);

  // An admin makes the candidate's copy of their data.
  const files = await adminExportFiles(t, admin, id);
  const name = Object.keys(files).find((f) => f.endsWith('messages.json'));
  expect(name, Object.keys(files).join(', ')).toBeDefined();
  messages = JSON.parse(strFromU8(files[name as string]));

  mailToJ = await mailTo(J);
  await eraseAndSettle(t, admin, id);
}, 180_000);

afterAll(async () => {
  await t?.knex.destroy();
});

describe("A candidate's former address and phone, taken since by a company user", () => {
  it("are not the candidate's in their copy: it lists none of the company user's mail", () => {
    expect(messages.emails.map((m) => m.to.toLowerCase())).not.toContain(J);
  });

  it("are left alone by the candidate's erasure: the company user's address, phone and mail stay", async () => {
    expect(await t.knex('company_users').where('id', companyUser.id).first('id', 'email', 'phone')).toEqual(
      companyUser,
    );
    expect(await mailTo(J)).toBe(mailToJ);
    expect(await t.knex('candidates').where('id', id).first('first_name')).toEqual({ first_name: 'Erased' });
  });

  it('the company user still signs in', async () => {
    const token = await t.login(J);
    const me = await t.http.get('/api/v1/auth/check/user').set(bearer(token));
    expect(me.status, JSON.stringify(me.body)).toBe(200);
  });
});
