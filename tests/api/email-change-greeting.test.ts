/**
 * An email change writes to an address nobody has proven yet, and the name on the account is whatever its holder
 * typed: the confirmation greets no one by name, so a lure in a name is never mailed by the product to a stranger.
 * Both ways in: the account page (any signed-in person) and a candidate's own email-change code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { t as text } from '../../i18n';
import { testApp, type TestApp } from '../helpers/app';
import { lastMail } from '../helpers/mailbox';

const LURE = 'Your account is locked - call now';

let t: TestApp;
let neutral: string;
let auth: { Authorization: string };
let candidateId: number;

beforeAll(async () => {
  t = await testApp();
  neutral = text('portal.unprovenEmail.greeting');
  auth = { Authorization: `Bearer ${await t.login('candidate@example.com')}` };
  candidateId = (await t.knex('candidates').where('email', 'candidate@example.com').first('id')).id;
  await t.knex('candidates').where('id', candidateId).update({ first_name: LURE });
});

describe("An email change's confirmation", () => {
  it('from the account page greets the new address without the account holder’s name', async () => {
    await t.http.put('/api/v1/auth/account').set(auth).field('email', 'lured.one@example.org').expect(200);
    const mail = await lastMail(t.knex, 'lured.one@example.org');
    expect(mail.text.startsWith(neutral)).toBe(true);
    expect(mail.text).not.toContain(LURE);
  });

  it("from a candidate's profile greets the new address without the candidate's name", async () => {
    await t.http
      .post(`/api/v1/candidate-email-change-request/is-send-confirmation-email-for-update/Candidate:${candidateId}`)
      .set(auth)
      .send({ email: 'lured.two@example.org' })
      .expect(200);
    const mail = await lastMail(t.knex, 'lured.two@example.org');
    expect(mail.text.startsWith(neutral)).toBe(true);
    expect(mail.text).not.toContain(LURE);
  });
});
