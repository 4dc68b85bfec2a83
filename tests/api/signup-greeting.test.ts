/**
 * A public sign-up emails an address nobody has proven yet, so the name typed in its form is anyone's text
 * sent to anyone: those emails greet no one by name. Once the address is proven, emails use the name again.
 */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { t as text } from '../../i18n';
import { testApp, type TestApp } from '../helpers/app';
import { lastMail, linkParam } from '../helpers/mailbox';
import { signUpCompany } from '../helpers/signup';

const LURE = 'Your account is locked - call +1 555 0100 now';

let t: TestApp;
let neutral: string;

beforeAll(async () => {
  t = await testApp();
  neutral = text('portal.unprovenEmail.greeting');
});

describe('The greeting of sign-up emails', () => {
  it('The link of a community sign-up greets the unproven address without the typed name', async () => {
    await request(t.app)
      .post('/api/v1/auth/community/traditional-email/signup')
      .send({ firstName: LURE, lastName: 'x', email: 'victim@corp.com', agreeTerms: true })
      .expect(200);
    const mail = await lastMail(t.knex, 'victim@corp.com');
    expect(mail.subject).toMatch(/Finish joining/);
    expect(mail.text.startsWith(`${neutral}\n`), mail.text).toBe(true);
    expect(mail.text).not.toContain(LURE);
    expect(mail.html).not.toContain('locked');
  });

  it('The code of a company sign-up (step 1) greets the unproven address without the typed name', async () => {
    await request(t.app)
      .post('/api/v1/auth/company/self/signup/step-1')
      .send({
        firstName: LURE,
        lastName: 'x',
        email: 'victim@target.example.com',
        phone: '+659 123 45678',
        jobTitle: 'Founder',
        agreeTerms: true,
      })
      .expect(200);
    const mail = await lastMail(t.knex, 'victim@target.example.com');
    expect(mail.subject).toMatch(/sign-up code/);
    expect(mail.text.startsWith(`${neutral}\n`), mail.text).toBe(true);
    expect(mail.text).not.toContain(LURE);
    expect(mail.html).not.toContain('locked');
  });

  it('Once the address is proven, the emails greet its owner by name', async () => {
    const browser = request.agent(t.app);
    await browser
      .post('/api/v1/auth/community/traditional-email/signup')
      .send({ firstName: 'Ken', lastName: 'Ito', email: 'ken@example.org', agreeTerms: true })
      .expect(200);
    await browser
      .post('/api/v1/auth/login-by-magic-link')
      .send({ token: await linkParam(t.knex, 'ken@example.org', '/auth/magic-link', 'token') })
      .expect(200);
    const welcome = await lastMail(t.knex, 'ken@example.org');
    expect(welcome.subject).toMatch(/Welcome/);
    expect(welcome.text.startsWith('Hi Ken,')).toBe(true);

    await signUpCompany(t, { email: 'ada@greeting.example.com', companyName: 'Greeting Labs' });
    const received = await lastMail(t.knex, 'ada@greeting.example.com');
    expect(received.subject).toMatch(/We received the sign-up/);
    expect(received.text.startsWith('Hi Ada,')).toBe(true);
  });
});
