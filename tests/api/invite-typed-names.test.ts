/**
 * Names someone typed for another person never reach that person's unproven address as our words: an invitation
 * greets no one by the name the inviter typed, and neither does a code, a link or a notice later sent to the pending
 * invitee's address (anyone may ask for one); a name holding a link or an email address is refused at the invite
 * (400 '<field>.errors.noLinks'); the company's and the inviter's names are carried as plain text, capped, with
 * anything a mail client would take for a link broken by a zero-width space.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as text } from '../../i18n';
import { SUB_ROLES } from '../../schema/roles';
import { testApp, type TestApp } from '../helpers/app';
import { outboxCount } from '../helpers/ats/world';
import { lastMail } from '../helpers/mailbox';

let t: TestApp;
let owner: Record<string, string>;
const NEUTRAL = () => text('portal.unprovenEmail.greeting');
const LURE = 'Your account is locked, call +1 555 0100';

beforeAll(async () => {
  t = await testApp();
  owner = { Authorization: `Bearer ${await t.login('owner@acme.example.com')}` };
});
afterAll(async () => {
  await t?.knex.destroy();
});

const invite = (email: string, names: { firstName?: string; lastName?: string }) =>
  t.http
    .post('/api/v1/company-users/invite')
    .set(owner)
    .send({ email, role: SUB_ROLES.member, ...names });

/** The words a mail shows, whichever part: its subject, its text and its HTML. */
const shown = (mail: { subject: string; text: string; html: string | null }) =>
  `${mail.subject}\n${mail.text}\n${mail.html ?? ''}`;

describe('Names an inviter typed', () => {
  it('are not the greeting of the invitation, nor anywhere in it', async () => {
    const res = await invite('lured@acme.example.com', { firstName: LURE, lastName: 'Support' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const mail = await lastMail(t.knex, 'lured@acme.example.com');
    expect(mail.text.startsWith(`${NEUTRAL()}\n`), mail.text).toBe(true);
    expect(shown(mail)).not.toContain('locked');
  });

  it('are not the greeting of codes, links and notices the pending invitee’s address is sent later', async () => {
    const address = 'lured@acme.example.com';
    await t.http.post('/api/v1/auth/send-email-otp').send({ email: address }).expect(200);
    const code = await lastMail(t.knex, address);
    expect(code.text.startsWith(`${NEUTRAL()}\n`), code.text).toBe(true);
    expect(shown(code)).not.toContain('locked');
    await t.http.post('/api/v1/auth/send-magic-link').send({ email: address }).expect(200);
    const link = await lastMail(t.knex, address);
    expect(link.text.startsWith(`${NEUTRAL()}\n`), link.text).toBe(true);
    expect(shown(link)).not.toContain('locked');
    // Someone signing a company up with the address is told of the invitation, greeting no one by name either.
    await t.http
      .post('/api/v1/auth/company/self/signup/step-1')
      .send({
        firstName: 'Ada',
        lastName: 'Byron',
        email: address,
        phone: '+659 123 45678',
        jobTitle: 'Founder',
        agreeTerms: true,
      })
      .expect(200);
    const notice = await lastMail(t.knex, address);
    expect(notice.text).toContain('invitation');
    expect(notice.text.startsWith(`${NEUTRAL()}\n`), notice.text).toBe(true);
    expect(shown(notice)).not.toContain('locked');
  });

  it.each([
    ['firstName', 'evil.com'],
    ['firstName', 'Visit https://evil.example/reset'],
    ['lastName', 'www.evil-example'],
    ['lastName', 'write to help@evil.example'],
    ['firstName', 'see bit.ly/abc'],
  ])('refuses a %s holding a link or an address (%s) on the field, sending nothing', async (field, name) => {
    const sent = await outboxCount(t);
    const res = await invite('refused@acme.example.com', { [field]: name });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ [field]: `${field}.errors.noLinks` });
    expect(text(`${field}.errors.noLinks`)).toBe('Enter a name without links or email addresses');
    expect(await outboxCount(t)).toBe(sent);
    expect(await t.knex('company_users').where('email', 'refused@acme.example.com').first()).toBeUndefined();
  });

  it('takes plain names with dots and marks', async () => {
    const res = await invite('plain@acme.example.com', { firstName: 'J. R.', lastName: "O'Neil-Smith" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});

describe('The company’s and the inviter’s names in an invitation', () => {
  it('are plain text: links broken, capped', async () => {
    const acme = await t.knex('company_users').where('email', 'owner@acme.example.com').first('company_id');
    const companyName = `Reset at evil.com/reset now ${'x'.repeat(120)}`;
    await t.knex('companies').where('id', acme.company_id).update({ company_name: companyName });
    await t
      .knex('company_users')
      .where('email', 'owner@acme.example.com')
      .update({ last_name: 'https://evil.example' });
    const res = await invite('named@acme.example.com', { firstName: 'Kim' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const mail = await lastMail(t.knex, 'named@acme.example.com');
    const all = shown(mail);
    expect(all).not.toMatch(/evil\.com|https:\/\/evil|evil\.example/);
    expect(mail.text).toContain('evil.\u200Bcom/\u200Breset');
    expect(mail.text).toContain('https:\u200B/\u200B/\u200Bevil.\u200Bexample');
    expect(all).not.toContain('x'.repeat(61));
    expect(mail.subject).toContain('…');
  });
});
