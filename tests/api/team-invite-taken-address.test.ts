/**
 * A team invitation must not tell a company whether an address has an account: an address taken by a
 * candidate or by another company's user is invited as a free one is, in every way the company can see
 * (the answer, the team list, a repeat invitation, a resend, a deletion). Its owner is told instead, and
 * keeps the address and their own sign-in. At approval, the owner of a new company is not told which
 * colleagues it named have an account.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { lastMail, mailsTo } from '../helpers/mailbox';

let t: TestApp;
let owner: Record<string, string>;
let admin: Record<string, string>;

const invite = (email: string, role = 2) =>
  t.http.post('/api/v1/company-users/invite').set(owner).send({ email, role });

/** The team list as the team page asks for it: pending people, newest first. */
async function pendingList(): Promise<Record<string, unknown>[]> {
  const res = await t.http
    .get('/api/v1/company-users')
    .query({ filter: JSON.stringify({ status: 0 }), sort: JSON.stringify(['createdAt', 'DESC']), range: '[0,99]' })
    .set(owner)
    .expect(200);
  return res.body as Record<string, unknown>[];
}

const FREE = 'free@acme.example.com';
const CANDIDATE = 'seeker@acme.example.com';
const ELSEWHERE = 'moonlight@acme.example.com';

beforeAll(async () => {
  t = await testApp();
  owner = { Authorization: `Bearer ${await t.login('owner@acme.example.com')}` };
  admin = { Authorization: `Bearer ${await t.login('admin@example.com')}` };
  const globex = await t.knex('companies').where('company_name', 'Globex Analytics').first('id');
  await t.knex('candidates').insert({ email: CANDIDATE, first_name: 'Sam', last_name: 'Seeker', status: 1 });
  await t
    .knex('company_users')
    .insert({ company_id: globex.id, email: ELSEWHERE, first_name: 'Mo', role: 2, status: 1 });
});

describe('Inviting an address that has an account looks to the company as inviting a free one', () => {
  it('The team list shows a taken address as pending, as it shows a free one, and alike', async () => {
    const free = await invite(FREE).expect(201);
    for (const email of [CANDIDATE, ELSEWHERE]) expect((await invite(email).expect(201)).body).toEqual(free.body);
    const rows = await pendingList();
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    for (const email of [FREE, CANDIDATE, ELSEWHERE]) expect(byEmail.get(email), email).toMatchObject({ status: 0 });
    const keys = Object.keys(byEmail.get(FREE)!).sort();
    for (const email of [CANDIDATE, ELSEWHERE]) expect(Object.keys(byEmail.get(email)!).sort()).toEqual(keys);
  });

  it('A second invitation is refused the same way for a taken address as for a free one', async () => {
    for (const email of [FREE, CANDIDATE, ELSEWHERE])
      expect((await invite(email).expect(400)).body.error.fields, email).toEqual({ email: 'email.errors.exists' });
  });

  it("A resend answers alike and tells the address's owner again, with no link", async () => {
    const rows = await pendingList();
    const idOf = (email: string) => rows.find((r) => r.email === email)!.id;
    const before = (await mailsTo(t.knex, CANDIDATE)).length;
    for (const email of [FREE, CANDIDATE])
      await t.http
        .post('/api/v1/company-users/resend-invitation')
        .set(owner)
        .send({ id: idOf(email) })
        .expect(200, { success: true });
    const notices = await mailsTo(t.knex, CANDIDATE);
    expect(notices).toHaveLength(before + 1);
    expect(notices[0].subject).toBe('Acme tried to invite you to Talentbase');
    expect(notices[0].text).toMatch(/^Hi Sam,/m);
    expect(notices[0].text).not.toContain('invite-signup');
    expect((await lastMail(t.knex, FREE)).text).toContain('invite-signup');
  });

  it("The address stays its owner's: the candidate signs in as the candidate", async () => {
    const code = await t.http.post('/api/v1/auth/send-email-otp').send({ email: CANDIDATE }).expect(200);
    expect(code.body.success).toBe(true);
    const res = await t.http
      .post('/api/v1/auth/login-by-email-otp')
      .send({ email: CANDIDATE, otp: await t.lastCode(CANDIDATE) })
      .expect(200);
    expect(res.body.user).toMatchObject({ email: CANDIDATE, _id: expect.stringMatching(/^Candidate:/) });
  });

  it('A taken address is deleted from the team as a free one is', async () => {
    const rows = await pendingList();
    for (const email of [FREE, CANDIDATE]) {
      const id = rows.find((r) => r.email === email)!.id as string;
      await t.http.delete(`/api/v1/company-users/${id}`).set(owner).expect(200);
    }
    const left = (await pendingList()).map((r) => r.email);
    expect(left).not.toContain(FREE);
    expect(left).not.toContain(CANDIDATE);
    expect(await t.knex('candidates').where('email', CANDIDATE).first('status')).toEqual({ status: 1 });
    // And invited again, answered as a new invitation.
    await invite(CANDIDATE).expect(201);
    expect((await pendingList()).map((r) => r.email)).toContain(CANDIDATE);
  });
});

describe('Approval does not name the colleagues who have an account', () => {
  it('A named colleague with an account by approval is invited like the others, and the owner is not told who', async () => {
    const sg = (await t.knex('countries').where('code', 'SG').first('id')).id;
    const step = (n: number, body: object) => t.http.post(`/api/v1/auth/company/self/signup/step-${n}`).send(body);
    const boss = 'boss@initrode.example.com';
    const { signupToken } = (
      await step(1, {
        firstName: 'Bill',
        lastName: 'Lumbergh',
        email: boss,
        phone: '+659 123 45678',
        jobTitle: 'Founder',
        agreeTerms: true,
      }).expect(200)
    ).body as { signupToken: string };
    await t.http
      .post('/api/v1/auth/company/self/signup/confirm-email')
      .send({ signupToken, code: await t.lastCode(boss) })
      .expect(200);
    await step(2, {
      signupToken,
      companyName: 'Initrode',
      legalEntityName: 'Initrode Pte. Ltd.',
      companyRegistrationNumber: '202499998Z',
      address: '1 Raffles Place, Singapore 048616',
      countries: [sg],
      validDomains: ['initrode.example.com'],
    }).expect(200);
    await step(3, {
      signupToken,
      invites: [
        { email: 'peter@initrode.example.com', role: 2 },
        { email: 'milton@initrode.example.com', role: 2 },
      ],
    }).expect(200);
    // Milton becomes a candidate before the company is approved.
    await t
      .knex('candidates')
      .insert({ email: 'milton@initrode.example.com', first_name: 'Milton', last_name: 'W', status: 1 });
    const company = await t.knex('companies').where('company_name', 'Initrode').first('id');
    await t.http.put(`/api/v1/companies/Company:${company.id}`).set(admin).send({ status: 1 }).expect(200);

    const subjects = (await mailsTo(t.knex, boss)).map((m) => m.subject);
    expect(subjects).toContain('Initrode is approved on Talentbase');
    for (const mail of await mailsTo(t.knex, boss)) expect(mail.text).not.toContain('milton@initrode.example.com');
    const pending = await t.knex('company_users').where({ company_id: company.id, status: 0 }).orderBy('email');
    expect(pending.map((u) => u.email)).toEqual(['milton@initrode.example.com', 'peter@initrode.example.com']);
    expect((await lastMail(t.knex, 'milton@initrode.example.com')).subject).toBe(
      'Initrode tried to invite you to Talentbase',
    );
  });
});
