import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { lastMail, linkParam } from '../helpers/mailbox';

describe('Invitations to join a company', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let platformAdmin: Record<string, string>;
  beforeAll(async () => {
    t = await testApp();
    owner = { Authorization: `Bearer ${await t.login('owner@acme.example.com')}` };
    platformAdmin = { Authorization: `Bearer ${await t.login('admin@example.com')}` };
  });

  const invite = (email: string, role = 2) =>
    t.http.post('/api/v1/company-users/invite').set(owner).send({ email, role });
  const check = (cist: string) =>
    t.http.get(`/api/v1/auth-company/invite-signup/check?cist=${encodeURIComponent(cist)}`);
  const complete = (body: Record<string, unknown>) =>
    t.http.put('/api/v1/auth-company/invite-signup/complete').send(body);
  const details = { firstName: 'Nora', lastName: 'Sim', phone: '+659 123 45678', jobTitle: 'Recruiter' };
  const cistFor = (email: string) => linkParam(t.knex, email, '/auth/company/invite-signup', 'cist');

  it('An invited colleague checks the link, completes the account and is signed in', async () => {
    // Answered the same as an address that has an account (told instead): the new user shows in the team list.
    await invite('nora@acme.example.com').expect(201, { success: true });
    expect(await t.knex('company_users').where('email', 'nora@acme.example.com').first()).toMatchObject({
      status: 0,
      role: 2,
    });
    const mail = await lastMail(t.knex, 'nora@acme.example.com');
    expect(mail.subject).toBe('You are invited to join Acme on Talentbase');
    expect(mail.text).toContain('Olivia Tan invited you');
    const cist = await cistFor('nora@acme.example.com');
    await check(cist).expect(200, { email: 'nora@acme.example.com', companyName: 'Acme', role: 2 });

    const done = await complete({ cist, ...details, email: 'Nora@Acme.example.com' }).expect(200);
    expect(done.body).toMatchObject({
      accessToken: expect.any(String),
      status: 1,
      user: { email: 'nora@acme.example.com', firstName: 'Nora', userRole: 2, subUserRole: 2 },
    });
    expect(await t.knex('company_users').where('email', 'nora@acme.example.com').first()).toMatchObject({
      status: 1,
      job_title: 'Recruiter',
    });

    expect((await check(cist).expect(409)).body.error).toMatchObject({
      code: 'invite.used',
      message: 'This invitation has already been used. Sign in instead.',
    });
    expect((await complete({ cist, ...details, email: 'nora@acme.example.com' }).expect(409)).body.error.code).toBe(
      'invite.used',
    );
  });

  it('An address with link parameters before the company domain is refused: it would add recipients in a mailto link', async () => {
    const res = await invite('x?cc=a%40evil.example&z=@acme.example.com').expect(400);
    expect(res.body.error.fields).toEqual({ email: 'email.errors.invalid' });
    expect(await t.knex('company_users').where('email', 'like', 'x?cc=%').first()).toBeUndefined();
  });

  it('Completion with another email is refused as invite.mismatch', async () => {
    await invite('omar@acme.example.com').expect(201);
    const cist = await cistFor('omar@acme.example.com');
    const res = await complete({ cist, ...details, email: 'someone.else@acme.example.com' }).expect(400);
    expect(res.body.error).toMatchObject({ code: 'invite.mismatch', fields: { email: 'email.errors.mismatch' } });
    await check(cist).expect(200);
  });

  it('Completion reports missing details as field errors', async () => {
    const cist = await cistFor('omar@acme.example.com');
    const res = await complete({ cist, email: 'omar@acme.example.com' }).expect(400);
    expect(res.body.error.fields).toEqual({
      firstName: 'firstName.errors.required',
      lastName: 'lastName.errors.required',
      phone: 'phone.errors.required',
      jobTitle: 'jobTitle.errors.required',
    });
  });

  it('A link older than 3 days is refused as invite.expired', async () => {
    await invite('pia@acme.example.com').expect(201);
    const cist = await cistFor('pia@acme.example.com');
    const row = await t.knex('invitations').where('email', 'pia@acme.example.com').first();
    expect(Math.round((new Date(row.expires_at).getTime() - new Date(row.sent_at).getTime()) / 3600_000)).toBe(72);
    await t
      .knex('invitations')
      .where('id', row.id)
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await check(cist).expect(410)).body.error.code).toBe('invite.expired');
    expect((await complete({ cist, ...details, email: 'pia@acme.example.com' }).expect(410)).body.error.code).toBe(
      'invite.expired',
    );
  });

  it('An unknown link is invite.notFound and a malformed one a field error', async () => {
    expect((await check('Q'.repeat(43)).expect(404)).body.error).toMatchObject({
      code: 'invite.notFound',
      message: 'This invitation was not found',
    });
    expect((await check('short').expect(400)).body.error.fields).toEqual({ cist: 'cist.errors.invalid' });
    expect((await t.http.get('/api/v1/auth-company/invite-signup/check').expect(400)).body.error.fields).toEqual({
      cist: 'cist.errors.required',
    });
  });

  it('Resending makes a new link that replaces the old one and restarts the 3 days', async () => {
    const user = await t.knex('company_users').where('email', 'pia@acme.example.com').first('id');
    const old = await cistFor('pia@acme.example.com');
    await t.http
      .post('/api/v1/company-users/resend-invitation')
      .set(owner)
      .send({ id: `User:${user.id}` })
      .expect(200, { success: true });
    const fresh = await cistFor('pia@acme.example.com');
    expect(fresh).not.toBe(old);
    expect((await check(old).expect(404)).body.error.code).toBe('invite.notFound');
    await check(fresh).expect(200);
    expect((await t.knex('invitations').where('email', 'pia@acme.example.com').first()).send_count).toBe(2);
  });

  it('A platform admin can resend too; a member cannot; an accepted invitation cannot be resent', async () => {
    const pia = await t.knex('company_users').where('email', 'pia@acme.example.com').first('id');
    await t.http.post('/api/v1/company-users/resend-invitation').set(platformAdmin).send({ id: pia.id }).expect(200);
    const member = { Authorization: `Bearer ${await t.login('member@acme.example.com')}` };
    await t.http.post('/api/v1/company-users/resend-invitation').set(member).send({ id: pia.id }).expect(403);
    const nora = await t.knex('company_users').where('email', 'nora@acme.example.com').first('id');
    expect(
      (await t.http.post('/api/v1/company-users/resend-invitation').set(owner).send({ id: nora.id }).expect(409)).body
        .error.code,
    ).toBe('invite.used');
  });

  it('Inviting checks the address: valid, in the company domains, not already someone', async () => {
    expect((await invite('x@elsewhere.example.com').expect(400)).body.error.fields).toEqual({
      email: 'email.errors.notInValidDomains',
    });
    expect((await invite('member@acme.example.com').expect(400)).body.error.fields).toEqual({
      email: 'email.errors.exists',
    });
    expect((await invite('bad').expect(400)).body.error.fields).toEqual({ email: 'email.errors.invalid' });
    expect((await invite('ok@acme.example.com', 0).expect(400)).body.error.fields).toEqual({
      role: 'role.errors.invalid',
    });
  });

  it('An address with an account outside the company is answered as a free one, and its owner is told', async () => {
    const globex = await t.knex('companies').where('company_name', 'Globex Analytics').first('id');
    const acme = await t.knex('companies').where('company_name', 'Acme').first('id');
    await t
      .knex('candidates')
      .insert({ email: 'seeker@acme.example.com', first_name: 'Sam', last_name: 'Seeker', status: 1 });
    await t
      .knex('company_users')
      .insert({ company_id: globex.id, email: 'moonlight@acme.example.com', first_name: 'Mo', role: 2, status: 1 });
    const free = await invite('free.one@acme.example.com').expect(201);
    expect((await lastMail(t.knex, 'free.one@acme.example.com')).subject).toBe(
      'You are invited to join Acme on Talentbase',
    );
    for (const [email, firstName] of [
      ['seeker@acme.example.com', 'Sam'],
      ['moonlight@acme.example.com', 'Mo'],
    ]) {
      const taken = await invite(email).expect(201);
      expect(taken.body).toEqual(free.body);
      // Listed as pending as a free one is, without being an account (team-invite-taken-address.test.ts).
      expect(await t.knex('invitations').where('email', email).first()).toMatchObject({ token_hash: null });
      expect(await t.knex('company_users').where('email', email).orderBy('id').pluck('company_id')).toEqual(
        firstName === 'Mo' ? [globex.id, acme.id] : [acme.id],
      );
      const notice = await lastMail(t.knex, email);
      expect(notice.subject).toBe('Acme tried to invite you to Talentbase');
      expect(notice.text).toMatch(new RegExp(`^Hi ${firstName},`, 'm'));
      expect(notice.text).toContain('already belongs to your Talentbase account');
      expect(notice.text).not.toContain('invite-signup');
    }
  });

  it('Someone already in the team, active or invited, is still answered as one', async () => {
    for (const email of ['member@acme.example.com', 'free.one@acme.example.com'])
      expect((await invite(email).expect(400)).body.error.fields).toEqual({ email: 'email.errors.exists' });
  });

  it('A platform admin invites into a company they name', async () => {
    const globex = await t.knex('companies').where('company_name', 'Globex Analytics').first('id');
    expect(
      (
        await t.http
          .post('/api/v1/company-users/invite')
          .set(platformAdmin)
          .send({ email: 'q@globex.example.com', role: 1 })
          .expect(400)
      ).body.error.fields,
    ).toEqual({
      companyId: 'companyId.errors.required',
    });
    await t.http
      .post('/api/v1/company-users/invite')
      .set(platformAdmin)
      .send({ email: 'q@globex.example.com', role: 1, firstName: 'Quinn', companyId: `Company:${globex.id}` })
      .expect(201, { success: true });
    expect(await t.knex('company_users').where('email', 'q@globex.example.com').first()).toMatchObject({
      company_id: globex.id,
      role: 1,
      status: 0,
      first_name: 'Quinn',
    });
    expect((await lastMail(t.knex, 'q@globex.example.com')).subject).toBe(
      'You are invited to join Globex Analytics on Talentbase',
    );
  });

  it('An invitee the inviter named is greeted by no name (the inviter typed it) and finds the name filled in', async () => {
    await t.http
      .post('/api/v1/company-users/invite')
      .set(owner)
      .send({ email: 'nadia.rahman@acme.example.com', role: 2, firstName: 'Nadia', lastName: 'Rahman' })
      .expect(201);
    const mail = await lastMail(t.knex, 'nadia.rahman@acme.example.com');
    // Their address is not proven yet: the invitation greets no one by the name typed for them (invite-typed-names).
    expect(mail.text).toMatch(/^Hi there,/m);
    expect(mail.text).not.toContain('Nadia');
    const cist = await cistFor('nadia.rahman@acme.example.com');
    await check(cist).expect(200, {
      email: 'nadia.rahman@acme.example.com',
      companyName: 'Acme',
      role: 2,
      firstName: 'Nadia',
      lastName: 'Rahman',
    });
  });
});
