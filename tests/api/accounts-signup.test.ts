import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { lastMail, linkParam, mailsTo } from '../helpers/mailbox';
import { formatDate } from '../../schema/rules/dates';

const person = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@hopperlabs.example.com',
  phone: '+659 123 45678',
  jobTitle: 'CTO',
  agreeTerms: true,
};

describe('Company self sign-up in three steps', () => {
  let t: TestApp;
  let sg: number;
  let my: number;
  beforeAll(async () => {
    t = await testApp();
    sg = (await t.knex('countries').where('code', 'SG').first('id')).id;
    my = (await t.knex('countries').where('code', 'MY').first('id')).id;
  });

  const step = (n: number, body: unknown) =>
    t.http.post(`/api/v1/auth/company/self/signup/step-${n}`).send(body as object);
  const confirm = (signupToken: string, code: string) =>
    t.http.post('/api/v1/auth/company/self/signup/confirm-email').send({ signupToken, code });
  /** Step 1, then the emailed code: the draft step 2 accepts. */
  const started = async (who: Record<string, unknown>) => {
    const { signupToken } = (await step(1, who).expect(200)).body as { signupToken: string };
    await confirm(signupToken, await t.lastCode(who.email as string)).expect(200, {
      signupToken,
      emailConfirmed: true,
    });
    return { signupToken };
  };
  const company = (signupToken: string, extra: Record<string, unknown> = {}) => ({
    signupToken,
    companyName: 'Hopper Labs',
    legalEntityName: 'Hopper Labs Pte. Ltd.',
    companyRegistrationNumber: '202412345H',
    address: '1 Fusionopolis Way, Singapore 138632',
    countries: [sg, `${my}`],
    validDomains: ['hopperlabs.example.com', 'Hopper.example.com'],
    companySource: 8,
    companySourceOther: 'A conference talk',
    ...extra,
  });

  it('Step 1 reports every missing or wrong field at once', async () => {
    const res = await step(1, { email: 'bad', phone: '12', agreeTerms: false }).expect(400);
    expect(res.body.error.fields).toEqual({
      firstName: 'firstName.errors.required',
      lastName: 'lastName.errors.required',
      email: 'email.errors.invalid',
      phone: 'phone.errors.invalid',
      jobTitle: 'jobTitle.errors.required',
      agreeTerms: 'agreeTerms.errors.required',
    });
  });

  for (const domain of [
    'gmail.com',
    'yahoo.co.uk',
    'outlook.com',
    'hotmail.fr',
    'msn.com',
    'live.com',
    'mailinator.com',
    'aol.com',
    'test.com',
    'corp.test',
  ]) {
    it(`Step 1 refuses a free or test address at ${domain}`, async () => {
      const res = await step(1, { ...person, email: `grace@${domain}` }).expect(400);
      expect(res.body.error.fields).toEqual({ email: 'email.errors.businessEmail' });
    });
  }

  it('Step 1 answers the same for an address that has an account, and only its owner hears of it', async () => {
    const taken = await step(1, { ...person, email: 'member@acme.example.com' }).expect(200);
    const fresh = await step(1, { ...person, email: 'newcomer@hopperlabs.example.com' }).expect(200);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(taken.body.emailConfirmed).toBe(false);
    const notice = await lastMail(t.knex, 'member@acme.example.com');
    expect(notice.subject).toMatch(/tried to sign up/);
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    // No code went out, so no code can confirm it.
    for (const guess of ['000000', '123456']) await confirm(taken.body.signupToken, guess).expect(400);
    expect((await step(2, company(taken.body.signupToken)).expect(400)).body.error.code).toBe(
      'signup.emailNotConfirmed',
    );
  });

  it('Step 2 opens only once the emailed code is confirmed; five wrong codes lock the draft', async () => {
    const { signupToken } = (await step(1, { ...person, email: 'prove@hopperlabs.example.com' }).expect(200)).body;
    expect((await step(2, company(signupToken)).expect(400)).body.error).toMatchObject({
      code: 'signup.emailNotConfirmed',
      message: 'Confirm your email address with the code we sent before you continue.',
    });
    const code = await t.lastCode('prove@hopperlabs.example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await confirm(signupToken, wrong).expect(400)).body.error.fields).toEqual({ code: 'otp.invalid' });
    for (let i = 0; i < 3; i++) await confirm(signupToken, wrong).expect(400);
    expect((await confirm(signupToken, wrong).expect(400)).body.error.code).toBe('otp.locked');
    expect((await confirm(signupToken, code).expect(400)).body.error.code).toBe('otp.locked');
    // A new code starts again.
    await t.http.post('/api/v1/auth/company/self/signup/resend-code').send({ signupToken }).expect(200);
    await confirm(signupToken, await t.lastCode('prove@hopperlabs.example.com')).expect(200);
    await step(2, company(signupToken)).expect(200);
  });

  it('Step 2 checks the company and its valid domains', async () => {
    const { signupToken } = await started(person);
    const empty = await step(2, { signupToken }).expect(400);
    expect(empty.body.error.fields).toEqual({
      companyName: 'companyName.errors.required',
      legalEntityName: 'legalEntityName.errors.required',
      companyRegistrationNumber: 'companyRegistrationNumber.errors.required',
      address: 'address.errors.required',
      validDomains: 'validDomains.errors.required',
      countries: 'countries.errors.required',
    });
    expect(
      (await step(2, company(signupToken, { validDomains: ['other.example.com'] })).expect(400)).body.error.fields,
    ).toEqual({
      validDomains: 'validDomains.errors.mustIncludeEmailDomain',
    });
    expect(
      (await step(2, company(signupToken, { validDomains: ['hopperlabs.example.com', 'gmail.com'] })).expect(400)).body
        .error.fields,
    ).toEqual({
      validDomains: 'validDomains.errors.businessDomain',
    });
    expect(
      (await step(2, company(signupToken, { validDomains: ['not a domain'] })).expect(400)).body.error.fields,
    ).toEqual({
      validDomains: 'validDomains.errors.invalid',
    });
    expect((await step(2, company(signupToken, { countries: [999999] })).expect(400)).body.error.fields).toEqual({
      countries: 'countries.errors.notFound',
    });
    expect((await step(2, company(signupToken, { companySourceOther: '' })).expect(400)).body.error.fields).toEqual({
      companySourceOther: 'companySourceOther.errors.required',
    });
  });

  it('Steps refuse an unknown, expired or missing sign-up token', async () => {
    expect((await step(2, company('A'.repeat(43))).expect(400)).body.error.code).toBe('signup.invalid');
    expect((await step(3, { signupToken: 'nonsense', invites: [] }).expect(400)).body.error.code).toBe(
      'signup.invalid',
    );
    expect((await step(3, { invites: [] }).expect(400)).body.error.fields).toEqual({
      signupToken: 'signupToken.errors.required',
    });
    const { signupToken } = await started({ ...person, email: 'late@hopperlabs.example.com' });
    await t
      .knex('signup_drafts')
      .where('email', 'late@hopperlabs.example.com')
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await step(2, company(signupToken)).expect(400)).body.error).toMatchObject({
      code: 'signup.invalid',
      message: 'Sign-up not valid. Please start again.',
    });
  });

  it('Step 3 needs step 2 first and checks each invitation', async () => {
    const { signupToken } = await started({ ...person, email: 'early@hopperlabs.example.com' });
    expect((await step(3, { signupToken, invites: [] }).expect(400)).body.error.code).toBe('signup.invalid');
    await step(2, company(signupToken)).expect(200);
    const res = await step(3, {
      signupToken,
      invites: [
        { email: 'ada@hopperlabs.example.com', role: 1 },
        { email: 'ada@hopperlabs.example.com', role: 2 },
        { email: 'someone@elsewhere.example.com', role: 2 },
        { email: 'bob@hopper.example.com', role: 0 },
        { email: 'nope', role: 2 },
      ],
    }).expect(400);
    expect(res.body.error.fields).toEqual({
      'invites.1.email': 'email.errors.duplicate',
      'invites.2.email': 'email.errors.notInValidDomains',
      'invites.3.role': 'role.errors.invalid',
      'invites.4.email': 'email.errors.invalid',
    });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ email: `c${i}@hopperlabs.example.com`, role: 2 }));
    expect((await step(3, { signupToken, invites: eleven }).expect(400)).body.error.fields).toEqual({
      invites: 'invites.errors.tooMany',
    });
    expect(await t.knex('companies').where('company_name', 'Hopper Labs').first()).toBeUndefined();
  });

  it('Step 3 tells nobody whether a colleague it names has an account: a taken address is answered as a free one', async () => {
    await t
      .knex('candidates')
      .insert({ email: 'alice@target.example.com', first_name: 'Alice', last_name: 'Seeker', status: 1 });
    const { signupToken } = await started({ ...person, email: 'probe@hopperlabs.example.com' });
    await step(
      2,
      company(signupToken, {
        companyName: 'Probe Labs',
        validDomains: ['hopperlabs.example.com', 'target.example.com'],
      }),
    ).expect(200);
    // Each refused step 3 writes nothing and may be sent again: an extra bad entry keeps it refused.
    const answer = async (email: string) =>
      (
        await step(3, {
          signupToken,
          invites: [
            { email, role: 2 },
            { email: 'nope', role: 2 },
          ],
        }).expect(400)
      ).body.error;
    const taken = await answer('alice@target.example.com');
    const free = await answer('bob@target.example.com');
    expect(taken.fields).toEqual({ 'invites.1.email': 'email.errors.invalid' });
    expect(taken).toEqual(free);
    expect(await t.knex('companies').where('company_name', 'Probe Labs').first()).toBeUndefined();
  });

  it('Completion creates the pending company and its owner, holds the invitations with it, and tells the owner and the admins', async () => {
    const { signupToken } = await started(person);
    expect((await step(2, company(signupToken)).expect(200)).body).toEqual({ signupToken });
    const invites = [
      { email: 'ada@hopperlabs.example.com', role: 1 },
      { email: 'linus@hopper.example.com', role: 2 },
    ];
    await step(3, { signupToken, invites }).expect(200, { success: true });

    const created = await t.knex('companies').where('company_name', 'Hopper Labs').first();
    expect(created).toMatchObject({
      status: 0,
      company_type: 2,
      trial_ends_at: null,
      valid_domains: ['hopperlabs.example.com', 'hopper.example.com'],
      company_source: 8,
    });
    expect(created.countries.sort()).toEqual([sg, my].sort());
    // The colleagues wait with the company, not as accounts: nobody is invited before the approval.
    const users = await t.knex('company_users').where('company_id', created.id).orderBy('id');
    expect(users.map((u) => [u.email, u.role, u.status])).toEqual([['grace@hopperlabs.example.com', 0, 1]]);
    expect(created.held_invites).toEqual(invites);
    expect(await t.knex('invitations').where('company_id', created.id)).toHaveLength(0);
    expect(await mailsTo(t.knex, 'ada@hopperlabs.example.com')).toHaveLength(0);

    expect((await lastMail(t.knex, person.email)).text).toContain('approve it within 1 business day');
    expect((await lastMail(t.knex, 'admin@example.com')).subject).toBe('New company awaiting approval: Hopper Labs');

    expect((await step(3, { signupToken, invites: [] }).expect(409)).body.error.code).toBe('signup.completed');
    expect((await step(2, company(signupToken)).expect(409)).body.error.code).toBe('signup.completed');

    // Until approval the owner may not sign in.
    await t.http.post('/api/v1/auth/send-email-otp').send({ email: person.email }).expect(200);
    const refused = await t.http
      .post('/api/v1/auth/login-by-email-otp')
      .send({ email: person.email, otp: await t.lastCode(person.email) })
      .expect(403);
    expect(refused.body.error).toMatchObject({ code: 'company.pending', flag: 'companyPending' });
  });

  it('A failing step 3 writes nothing', async () => {
    // A domain of its own: Hopper Labs, pending, claims hopperlabs.example.com (signup-domain-claimed.test.ts).
    const email = 'dup@duplabs.example.com';
    const { signupToken } = await started({ ...person, email });
    await step(
      2,
      company(signupToken, { companyName: 'Duplicate Labs', validDomains: ['duplabs.example.com'] }),
    ).expect(200);
    // The address was taken by someone else between steps.
    await t.knex('candidates').insert({ email, first_name: 'Dee', last_name: 'Up', status: 1 });
    const res = await step(3, { signupToken, invites: [{ email: 'x1@duplabs.example.com', role: 2 }] }).expect(400);
    expect(res.body.error).toMatchObject({ code: 'email.exists', flag: 'exitemail' });
    expect(await t.knex('companies').where('company_name', 'Duplicate Labs').first()).toBeUndefined();
    expect(await t.knex('company_users').where('email', 'x1@duplabs.example.com').first()).toBeUndefined();
  });

  it('An admin approves the company: the trial starts, the owner is told and signs in, the invitations go out', async () => {
    const created = await t.knex('companies').where('company_name', 'Hopper Labs').first('id');
    const admin = { Authorization: `Bearer ${await t.login('admin@example.com')}` };
    const res = await t.http.put(`/api/v1/companies/Company:${created.id}`).set(admin).send({ status: 1 }).expect(200);
    const trialEnds = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10);
    expect(res.body).toMatchObject({ status: 1, trialEndsAt: trialEnds });
    const approved = await lastMail(t.knex, person.email);
    expect(approved.subject).toBe('Hopper Labs is approved on Talentbase');
    // The trial's last day as every screen and email writes a date: '27 Dec 2026'.
    expect(approved.text).toContain(`runs until ${formatDate(trialEnds)}.`);
    expect(approved.text).not.toContain(trialEnds);

    const sent = await t.knex('invitations').where('company_id', created.id);
    expect(sent.every((i) => i.sent_at !== null && i.token_hash !== null)).toBe(true);
    const cist = await linkParam(t.knex, 'ada@hopperlabs.example.com', '/auth/company/invite-signup', 'cist');
    await t.http
      .get(`/api/v1/auth-company/invite-signup/check?cist=${cist}`)
      .expect(200, { email: 'ada@hopperlabs.example.com', companyName: 'Hopper Labs', role: 1 });

    const token = await t.login(person.email);
    const me = await t.http.get('/api/v1/auth/check/user').set('Authorization', `Bearer ${token}`).expect(200);
    expect(me.body.user).toMatchObject({
      email: person.email,
      userRole: 2,
      subUserRole: 0,
      companyName: 'Hopper Labs',
    });
  });

  it('An admin rejects a pending company and its owner is told', async () => {
    const { signupToken } = await started({ ...person, email: 'rita@rejectme.example.com' });
    await step(2, company(signupToken, { companyName: 'Reject Me', validDomains: ['rejectme.example.com'] })).expect(
      200,
    );
    await step(3, { signupToken }).expect(200);
    const created = await t.knex('companies').where('company_name', 'Reject Me').first('id');
    const admin = { Authorization: `Bearer ${await t.login('admin@example.com')}` };
    await t.http.put(`/api/v1/companies/Company:${created.id}`).set(admin).send({ status: 2 }).expect(200);
    expect((await lastMail(t.knex, 'rita@rejectme.example.com')).subject).toBe('About the sign-up of Reject Me');
  });

  it('Going back to step 1 with the token keeps the draft; a new address needs its own code', async () => {
    const { signupToken } = await started({ ...person, email: 'back@hopperlabs.example.com' });
    expect((await step(1, { ...person, email: 'back@hopperlabs.example.com', signupToken }).expect(200)).body).toEqual({
      signupToken,
      emailConfirmed: true,
    });
    const again = await step(1, { ...person, email: 'forth@hopperlabs.example.com', signupToken }).expect(200);
    expect(again.body).toEqual({ signupToken, emailConfirmed: false });
    expect((await step(2, company(signupToken)).expect(400)).body.error.code).toBe('signup.emailNotConfirmed');
    expect((await t.knex('signup_drafts').where('email', 'forth@hopperlabs.example.com')).length).toBe(1);
  });
});
