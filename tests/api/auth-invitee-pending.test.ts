/**
 * Nobody approves an invitee: one who has not accepted yet and signs in is told of the invitation and
 * how to use it, not that an approval is pending; a sign-up with their address says so too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { lastMail } from '../helpers/mailbox';

let t: TestApp;
const INVITEE = 'newbie@acme.example.com';

beforeAll(async () => {
  t = await testApp();
  const owner = { Authorization: `Bearer ${await t.login('owner@acme.example.com')}` };
  await t.http.post('/api/v1/company-users/invite').set(owner).send({ email: INVITEE, role: 2 }).expect(201);
});

describe('An invitee who has not accepted yet', () => {
  it('is refused at sign-in with their own refusal, which names the company and the way in', async () => {
    await t.http.post('/api/v1/auth/send-email-otp').send({ email: INVITEE }).expect(200);
    const res = await t.http
      .post('/api/v1/auth/login-by-email-otp')
      .send({ email: INVITEE, otp: await t.lastCode(INVITEE) })
      .expect(403);
    expect(res.body.error).toEqual({
      code: 'user.invitationPending',
      flag: 'userInvitationPending',
      message:
        "You have an invitation to join Acme: open the link in the invitation email, or ask your team's admin to send it again",
    });
  });

  it('who tries to sign up is told of the open invitation', async () => {
    await t.http
      .post('/api/v1/auth/company/self/signup/step-1')
      .send({
        firstName: 'New',
        lastName: 'Bie',
        email: INVITEE,
        phone: '+659 123 45678',
        jobTitle: 'Recruiter',
        agreeTerms: true,
      })
      .expect(200);
    const notice = await lastMail(t.knex, INVITEE);
    expect(notice.text).toContain('already belongs to your account');
    expect(notice.text).toContain('You have an invitation to join Acme: open the link in the invitation email');
  });
});
