/**
 * An email to a known person greets them by name with the catalogue's greeting (portal.namedEmail.greeting, beside
 * the neutral portal.unprovenEmail.greeting), as every other text of theirs is drawn: the emailed sign-in link greets
 * the demo owner by her first name.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { t as text } from '../../i18n';
import { testApp, type TestApp } from '../helpers/app';
import { lastMail } from '../helpers/mailbox';

let t: TestApp;

beforeAll(async () => {
  t = await testApp();
});

describe('The named greeting of emails', () => {
  it('The sign-in link greets its owner with the catalogue’s named greeting', async () => {
    const owner = await t.knex('company_users').where('email', 'owner@acme.example.com').first('first_name');
    await t.http.post('/api/v1/auth/send-magic-link').send({ email: 'owner@acme.example.com' }).expect(200);
    const mail = await lastMail(t.knex, 'owner@acme.example.com');
    const greeting = text('portal.namedEmail.greeting', { name: owner.first_name });
    expect(greeting).toBe(`Hi ${owner.first_name},`);
    expect(mail.text.startsWith(`${greeting}\n`), mail.text).toBe(true);
  });
});
