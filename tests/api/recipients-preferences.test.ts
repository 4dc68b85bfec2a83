/**
 * Emails a capability sends beside a notice of the same kind follow the person's preference for that kind, one
 * email each: the chat's unread-message email (chatMessage), the admins' email of a company sign-up
 * (companyAwaitsApproval) and the integration managers' email of refused ATS credentials (syncFailed). Turned off
 * or in the app: no email; by email (where a person stands until they choose): the capability's own email, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { workableRefused } from '../helpers/ats/world';
import { makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { outboxAbout, setChannel } from '../helpers/notifications';
import { signUpCompany } from '../helpers/signup';

let t: TestApp;
let ws: WorkableStandIn;
let owner: Client;
let admin: Client;
let advocate: Client;

beforeAll(async () => {
  t = await testApp();
  [ws] = await atsStandIns(t.config, ['workable'], { maxRetryWaitMs: 2000, retries: 2 });
  // The chat's follow-ups run at once, so the queue run sees them.
  t.config.chat = { awaySeconds: 0, unreadEmailMinutes: 0 };
  owner = client(t, await t.login('owner@acme.example.com'));
  admin = client(t, await t.login('admin@example.com'));
  advocate = client(t, await t.login('advocate@example.com'));
}, 120_000);
afterAll(async () => {
  await t?.knex.destroy();
});

describe('The unread chat message email', () => {
  it('reaches a company user once by default, and not once they turned chat messages off', async () => {
    const project = await makeProject(t.knex, { advocateEmail: 'advocate@example.com', title: 'Chatty role' });
    const first = await owner.post(`/projects/${project.id}/conversation/messages`, { body: 'Any news?' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const chat = first.body.data.conversationId as number;
    const answer = (body: string) => advocate.post(`/conversations/${chat}/messages`, { body }).expect(201);

    await answer('Three profiles are coming');
    await runJobs(t);
    expect(await outboxAbout(t.knex, 'owner@acme.example.com', 'Three profiles are coming')).toHaveLength(1);

    await setChannel(owner, 'chatMessage', 'off');
    await answer('Two more tomorrow');
    await runJobs(t);
    expect(await outboxAbout(t.knex, 'owner@acme.example.com', 'Two more tomorrow')).toEqual([]);
  });
});

describe("The admins' email of a company sign-up", () => {
  it('is one email per admin by their companyAwaitsApproval preference: none when off, one by email', async () => {
    await setChannel(admin, 'companyAwaitsApproval', 'off');
    await setChannel(advocate, 'companyAwaitsApproval', 'email');
    await signUpCompany(t, { email: 'ceo@lovelace.example.com', companyName: 'Lovelace Engines' });
    await runJobs(t);
    expect(await outboxAbout(t.knex, 'admin@example.com', 'Lovelace Engines')).toEqual([]);
    expect(await outboxAbout(t.knex, 'advocate@example.com', 'Lovelace Engines')).toHaveLength(1);
  });

  it('is no email for an admin who reads it in the app, and the sign-up email once by email', async () => {
    await setChannel(admin, 'companyAwaitsApproval', 'inApp');
    await setChannel(advocate, 'companyAwaitsApproval', 'email');
    await signUpCompany(t, { email: 'ceo@babbage.example.com', companyName: 'Babbage Works' });
    await runJobs(t);
    expect(await outboxAbout(t.knex, 'admin@example.com', 'Babbage Works')).toEqual([]);
    const mails = await outboxAbout(t.knex, 'advocate@example.com', 'Babbage Works');
    expect(mails.map((m) => m.subject)).toEqual(['New company awaiting approval: Babbage Works']);
  });
});

describe('The email of refused ATS credentials', () => {
  it('is one email per Owner or Admin whose syncFailed channel includes email: none when off or in the app', async () => {
    const companyId = (await t.knex('company_users').where('email', 'owner@acme.example.com').first('company_id'))
      .company_id as number;
    // Two more Admins of Acme: the Member made one, and a new one.
    await t.knex('company_users').where('email', 'member@acme.example.com').update({ role: 1 });
    await t.knex('company_users').insert({
      company_id: companyId,
      email: 'ops@acme.example.com',
      first_name: 'Op',
      last_name: 'S',
      role: 1,
      status: 1,
    });
    const byEmail = client(t, await t.login('member@acme.example.com'));
    const ops = client(t, await t.login('ops@acme.example.com'));
    await setChannel(owner, 'syncFailed', 'off');
    await setChannel(byEmail, 'syncFailed', 'email');
    await setChannel(ops, 'syncFailed', 'inApp');

    await workableRefused(t, ws, owner);
    expect(await outboxAbout(t.knex, 'owner@acme.example.com', 'Workable')).toEqual([]);
    const member = await outboxAbout(t.knex, 'member@acme.example.com', 'Workable');
    expect(member.map((m) => m.subject)).toEqual(['Your Workable integration needs to be connected again']);
    expect(await outboxAbout(t.knex, 'ops@acme.example.com', 'Workable')).toEqual([]);
  });
});
