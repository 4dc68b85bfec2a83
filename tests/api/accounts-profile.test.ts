import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { lastMail, linkParam } from '../helpers/mailbox';
import { JPEG, PNG, WEBP } from '../helpers/metadataFiles';

// Real PNG, JPEG and WebP files: a picture is read (its metadata dropped) before it is kept.

describe('The account page: own details, profile picture, email change', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await testApp();
    auth = { Authorization: `Bearer ${await t.login('owner@acme.example.com')}` };
  });

  const save = () =>
    t.http
      .put('/api/v1/auth/account')
      .set(auth)
      .field('firstName', 'Olivia')
      .field('lastName', 'Tan')
      .field('phone', '+659 123 45678')
      .field('jobTitle', 'Head of Talent');

  it('Reads the signed-in person’s details', async () => {
    const res = await t.http.get('/api/v1/auth/account').set(auth).expect(200);
    expect(res.body).toEqual({
      firstName: 'Olivia',
      lastName: 'Tan',
      email: 'owner@acme.example.com',
      phone: expect.any(String),
      jobTitle: 'Head of Talent',
      profilePic: null,
      // Acme hires in more than one country: a national number needs its country code.
      phoneCountry: null,
    });
    await t.http.get('/api/v1/auth/account').expect(401);
  });

  it('Saves the details with a PNG profile picture, served from /uploads', async () => {
    const res = await save()
      .field('email', 'owner@acme.example.com')
      .attach('profilePicEdit', PNG, { filename: 'me.png', contentType: 'image/png' })
      .expect(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'messages.saveSuccess',
      emailConfirmationSent: false,
      data: {
        firstName: 'Olivia',
        lastName: 'Tan',
        email: 'owner@acme.example.com',
        phone: '+659 123 45678',
        jobTitle: 'Head of Talent',
        profilePic: expect.stringMatching(/^\/uploads\/profile-pics\/.+\.png$/),
      },
    });
    const picture = await t.http.get(res.body.data.profilePic).expect(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(picture.body as Buffer, PNG)).toBe(0);
    const check = await t.http.get('/api/v1/auth/check/user').set(auth).expect(200);
    expect(check.body.user.profilePic).toBe(res.body.data.profilePic);
  });

  it('A new picture replaces the old one, whose file is removed; JPEG and WebP are accepted', async () => {
    const before = (await t.http.get('/api/v1/auth/account').set(auth)).body.profilePic;
    const jpeg = await save()
      .attach('profilePicEdit', JPEG, { filename: 'me.jpg', contentType: 'image/jpeg' })
      .expect(200);
    expect(jpeg.body.data.profilePic).toMatch(/\.jpg$/);
    await t.http.get(before).expect(404);
    const webp = await save()
      .attach('profilePicEdit', WEBP, { filename: 'me.webp', contentType: 'image/webp' })
      .expect(200);
    expect(webp.body.data.profilePic).toMatch(/\.webp$/);
  });

  it('Refuses a file that is not a PNG, JPEG or WebP whatever it claims to be', async () => {
    const res = await save()
      .attach('profilePicEdit', Buffer.from('GIF89a....'), { filename: 'me.png', contentType: 'image/png' })
      .expect(400);
    expect(res.body.error.fields).toEqual({ profilePicEdit: 'upload.errors.typeUnsupported' });
  });

  it('Refuses a picture over 2 MB and more than one file', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await save()
      .attach('profilePicEdit', big, { filename: 'big.png', contentType: 'image/png' })
      .expect(400);
    expect(res.body.error.fields).toEqual({ profilePicEdit: 'upload.errors.tooLarge' });
    const two = await save().attach('profilePicEdit', PNG, 'a.png').attach('profilePicEdit', PNG, 'b.png').expect(400);
    expect(two.body.error.fields).toEqual({ profilePicEdit: 'upload.errors.tooMany' });
  });

  it('Reports invalid details as field errors and changes nothing', async () => {
    const res = await t.http
      .put('/api/v1/auth/account')
      .set(auth)
      .field('firstName', '')
      .field('phone', '12')
      .field('email', 'nope')
      .expect(400);
    expect(res.body.error.fields).toEqual({
      firstName: 'firstName.errors.required',
      phone: 'phone.errors.invalid',
      email: 'email.errors.invalid',
    });
    expect((await t.http.get('/api/v1/auth/account').set(auth)).body.firstName).toBe('Olivia');
  });

  it('A new email takes effect only once its signed-in owner confirms the code sent to it; their other sessions end', async () => {
    const other = { Authorization: `Bearer ${await t.login('owner@acme.example.com')}` };
    const res = await save().field('email', 'olivia.tan@acme.example.com').expect(200);
    expect(res.body).toMatchObject({ emailConfirmationSent: true, data: { email: 'owner@acme.example.com' } });
    const code = await linkParam(t.knex, 'olivia.tan@acme.example.com', '/auth/confirm-email', 'code');
    expect(
      (
        await t.http
          .post('/api/v1/auth/confirm-email')
          .set(auth)
          .send({ code: 'W'.repeat(43) })
          .expect(400)
      ).body.error,
    ).toMatchObject({
      code: 'confirmEmail.invalid',
      message: 'Verification code invalid or expired',
    });
    // The link alone, or in someone else's session, moves nothing and does not use the code up.
    await t.http.post('/api/v1/auth/confirm-email').send({ code }).expect(401);
    const member = { Authorization: `Bearer ${await t.login('member@acme.example.com')}` };
    expect(
      (await t.http.post('/api/v1/auth/confirm-email').set(member).send({ code }).expect(400)).body.error.code,
    ).toBe('confirmEmail.invalid');
    expect((await t.http.get('/api/v1/auth/account').set(member)).body.email).toBe('member@acme.example.com');

    await t.http
      .post('/api/v1/auth/confirm-email')
      .set(auth)
      .send({ code })
      .expect(200, { success: true, message: 'messages.emailConfirmed' });
    expect((await t.http.get('/api/v1/auth/account').set(auth)).body.email).toBe('olivia.tan@acme.example.com');
    await t.http.get('/api/v1/auth/account').set(other).expect(401);
    // The address it left is told, in case the change was not its owner's.
    const told = await lastMail(t.knex, 'owner@acme.example.com');
    expect(told.subject).toMatch(/email address was changed/);
    expect(told.text).toContain('is now olivia.tan@acme.example.com');
    expect((await t.http.post('/api/v1/auth/confirm-email').set(auth).send({ code }).expect(400)).body.error.code).toBe(
      'confirmEmail.invalid',
    );
    expect((await t.http.post('/api/v1/auth/confirm-email').set(auth).send({}).expect(400)).body.error.fields).toEqual({
      code: 'code.errors.required',
    });
  });

  it('An expired confirmation code is refused; an address someone uses answers the same and only its owner is told', async () => {
    await save().field('email', 'olivia.t@acme.example.com').expect(200);
    const code = await linkParam(t.knex, 'olivia.t@acme.example.com', '/auth/confirm-email', 'code');
    await t
      .knex('email_codes')
      .where({ email: 'olivia.t@acme.example.com', purpose: 3 })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await t.http.post('/api/v1/auth/confirm-email').set(auth).send({ code }).expect(400)).body.error.code).toBe(
      'confirmEmail.invalid',
    );
    const taken = await save().field('email', 'member@acme.example.com').expect(200);
    const fresh = await save().field('email', 'olivia.new@acme.example.com').expect(200);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(taken.body.emailConfirmationSent).toBe(true);
    const notice = await lastMail(t.knex, 'member@acme.example.com');
    expect(notice.text).not.toContain('/auth/confirm-email');
    expect(notice.subject).toMatch(/was entered/);
  });

  it('A multipart field whose name carries a NUL or a prototype key is refused with the envelope', async () => {
    for (const name of ['first\u0000Name', '__proto__']) {
      const res = await t.http.put('/api/v1/auth/account').set(auth).field(name, 'x').expect(400);
      expect(res.body.error.code).toEqual(expect.any(String));
    }
  });

  it('Remembers that the info video was watched', async () => {
    expect((await t.http.get('/api/v1/auth/check/user').set(auth)).body.user.isWatchedInfoVideo).toBe(false);
    await t.http.post('/api/v1/auth/info/video/seen').set(auth).expect(200, { success: true });
    expect((await t.http.get('/api/v1/auth/check/user').set(auth)).body.user.isWatchedInfoVideo).toBe(true);
    await t.http.post('/api/v1/auth/info/video/seen').expect(401);
  });

  it('A community user’s account has no picture, phone or job title', async () => {
    const browser = request.agent(t.app);
    await browser
      .post('/api/v1/auth/community/traditional-email/signup')
      .send({ firstName: 'Cora', lastName: 'Lim', email: 'cora@community.example.org', agreeTerms: true })
      .expect(200);
    const link = await linkParam(t.knex, 'cora@community.example.org', '/auth/magic-link', 'token');
    await browser.post('/api/v1/auth/login-by-magic-link').send({ token: link }).expect(200);
    const community = { Authorization: `Bearer ${await t.login('cora@community.example.org')}` };
    expect((await t.http.get('/api/v1/auth/account').set(community).expect(200)).body).toEqual({
      firstName: 'Cora',
      lastName: 'Lim',
      email: 'cora@community.example.org',
      phone: null,
      jobTitle: null,
      profilePic: null,
      phoneCountry: null,
    });
    const res = await t.http
      .put('/api/v1/auth/account')
      .set(community)
      .field('firstName', 'Cora')
      .attach('profilePicEdit', PNG, 'me.png')
      .expect(400);
    expect(res.body.error.fields).toEqual({ profilePicEdit: 'profilePicEdit.errors.notAllowed' });
    const renamed = await t.http
      .put('/api/v1/auth/account')
      .set(community)
      .field('lastName', 'Lim-Tan')
      .field('jobTitle', 'ignored')
      .expect(200);
    expect(renamed.body.data).toMatchObject({ lastName: 'Lim-Tan', jobTitle: null });
  });

  it('Only stored pictures are served: no other paths or folders', async () => {
    await t.http.get('/uploads/../package.json').expect(404);
    await t.http.get('/uploads/cvs/2026-01/0123456789abcdef0123456789abcdef.png').expect(404);
    await t.http.get('/uploads/profile-pics/2026-01/0123456789abcdef0123456789abcdef.png').expect(404);
  });
});
