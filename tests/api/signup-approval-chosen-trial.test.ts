/**
 * A company's first approval when the admin's same save also sets its trial end date (the company form edits it): the
 * date stored is the admin's, and the approval email states that date, not the 30 days on the approval would choose.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { formatDate } from '../../schema/rules/dates';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { signUpCompany } from '../helpers/signup';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
});

describe('A first approval that also sets the trial end date', () => {
  it('stores the admin’s date and the approval email states it', async () => {
    const owner = 'tara@chosentrial.example.com';
    const id = await signUpCompany(t, {
      email: owner,
      companyName: 'Chosen Trial',
      validDomains: ['chosentrial.example.com'],
    });
    const res = await admin.put(`/companies/Company:${id}`, { status: 1, trialEndsAt: '2027-01-15' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = (await t.knex('companies').where('id', id).first('trial_ends_at')).trial_ends_at;
    expect(formatDate(stored, { timeZone: 'UTC' })).toBe('15 Jan 2027');
    const approval = (await listOutbox(t.knex, owner, 20)).find(
      (m) => m.subject === 'Chosen Trial is approved on Talentbase',
    );
    expect(approval?.text).toContain('runs until 15 Jan 2027');
  });
});
