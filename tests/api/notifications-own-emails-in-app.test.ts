/**
 * "In the app" sends no email for the kinds whose email is their capability's own: the admins' email of a company
 * sign-up (companyAwaitsApproval) and the integration managers' email of refused ATS credentials (syncFailed). Until a
 * person chooses, both stand at "in the app and by email", as the settings show, and the email comes once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { workableRefused } from '../helpers/ats/world';
import { runJobs } from '../helpers/jobs';
import { channelOf, outboxAbout, setChannel } from '../helpers/notifications';
import { signUpCompany } from '../helpers/signup';

let t: TestApp;
let ws: WorkableStandIn;
let owner: Client;
let admin: Client;

beforeAll(async () => {
  t = await testApp();
  [ws] = await atsStandIns(t.config, ['workable'], { maxRetryWaitMs: 2000, retries: 2 });
  owner = client(t, await t.login('owner@acme.example.com'));
  admin = client(t, await t.login('admin@example.com'));
}, 120_000);
afterAll(async () => {
  await t?.knex.destroy();
});

describe("The admins' email of a company sign-up", () => {
  it('stands at "in the app and by email" until chosen, and sends one email then', async () => {
    expect(await channelOf(admin, 'companyAwaitsApproval')).toBe('email');
    await signUpCompany(t, { email: 'ceo@noether.example.com', companyName: 'Noether Rings' });
    await runJobs(t);
    const mails = await outboxAbout(t.knex, 'admin@example.com', 'Noether Rings');
    expect(mails.map((m) => m.subject)).toEqual(['New company awaiting approval: Noether Rings']);
  });

  it('is no email for an admin who reads it in the app, who still gets the notice', async () => {
    await setChannel(admin, 'companyAwaitsApproval', 'inApp');
    await signUpCompany(t, { email: 'ceo@germain.example.com', companyName: 'Germain Acoustics' });
    await runJobs(t);
    expect(await outboxAbout(t.knex, 'admin@example.com', 'Germain Acoustics')).toEqual([]);
    const threads = (await admin.get('/notifications?filter=all')).body.data as { kind: string; title: string }[];
    expect(threads).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'companyAwaitsApproval', title: expect.stringContaining('Germain Acoustics') }),
      ]),
    );
  });
});

describe('The email of refused ATS credentials', () => {
  it('is no email for an Owner who reads sync failures in the app; by default one email', async () => {
    const companyId = (await t.knex('company_users').where('email', 'owner@acme.example.com').first('company_id'))
      .company_id as number;
    await t.knex('company_users').insert({
      company_id: companyId,
      email: 'second@acme.example.com',
      first_name: 'Sec',
      last_name: 'Ond',
      role: 1,
      status: 1,
    });
    expect(await channelOf(owner, 'syncFailed')).toBe('email');
    await setChannel(owner, 'syncFailed', 'inApp');

    await workableRefused(t, ws, owner);
    expect(await outboxAbout(t.knex, 'owner@acme.example.com', 'Workable')).toEqual([]);
    const second = await outboxAbout(t.knex, 'second@acme.example.com', 'Workable');
    expect(second.map((m) => m.subject)).toEqual(['Your Workable integration needs to be connected again']);
  });
});
