/**
 * Emails a capability sends beside a notice of the same kind follow the person's preference for that kind, one
 * email each: the chat's unread-message email (chatMessage), the admins' email of a company sign-up
 * (companyAwaitsApproval) and the integration managers' email of refused ATS credentials (syncFailed). Turned off
 * or in the app: no email; by email (where a person stands until they choose): the capability's own email, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { INTEGRATION_STATUS } from '../../schema/rules/ats';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

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

const prefer = async (who: Client, kind: string, channel: 'off' | 'inApp' | 'email') =>
  expect((await who.put('/notification-preferences', { kind, channel })).status).toBe(200);
const mailsAbout = async (to: string, words: string) =>
  (await listOutbox(t.knex, to, 100)).filter((m) => `${m.subject}\n${m.text}`.includes(words));

describe('The unread chat message email', () => {
  it('reaches a company user once by default, and not once they turned chat messages off', async () => {
    const project = await makeProject(t.knex, { advocateEmail: 'advocate@example.com', title: 'Chatty role' });
    const first = await owner.post(`/projects/${project.id}/conversation/messages`, { body: 'Any news?' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const chat = first.body.data.conversationId as number;
    const answer = (body: string) => advocate.post(`/conversations/${chat}/messages`, { body }).expect(201);

    await answer('Three profiles are coming');
    await runJobs(t);
    expect(await mailsAbout('owner@acme.example.com', 'Three profiles are coming')).toHaveLength(1);

    await prefer(owner, 'chatMessage', 'off');
    await answer('Two more tomorrow');
    await runJobs(t);
    expect(await mailsAbout('owner@acme.example.com', 'Two more tomorrow')).toEqual([]);
  });
});

describe("The admins' email of a company sign-up", () => {
  const sg = async () => (await t.knex('countries').where('code', 'SG').first('id')).id as number;
  async function signUp(name: string, domain: string) {
    const email = `ceo@${domain}`;
    const base = '/api/v1/auth/company/self/signup';
    const one = await t.http
      .post(`${base}/step-1`)
      .send({ firstName: 'Ada', lastName: 'Byron', email, phone: '+659 123 45678', jobTitle: 'CEO', agreeTerms: true })
      .expect(200);
    const { signupToken } = one.body as { signupToken: string };
    await t.http
      .post(`${base}/confirm-email`)
      .send({ signupToken, code: await t.lastCode(email) })
      .expect(200);
    await t.http
      .post(`${base}/step-2`)
      .send({
        signupToken,
        companyName: name,
        legalEntityName: `${name} Pte. Ltd.`,
        companyRegistrationNumber: '202412345H',
        address: '1 Fusionopolis Way, Singapore 138632',
        countries: [await sg()],
        validDomains: [domain],
        companySource: 8,
        companySourceOther: 'A friend',
      })
      .expect(200);
    await t.http.post(`${base}/step-3`).send({ signupToken, invites: [] }).expect(200);
    await runJobs(t);
  }

  it('is one email per admin by their companyAwaitsApproval preference: none when off, one by email', async () => {
    await prefer(admin, 'companyAwaitsApproval', 'off');
    await prefer(advocate, 'companyAwaitsApproval', 'email');
    await signUp('Lovelace Engines', 'lovelace.example.com');
    expect(await mailsAbout('admin@example.com', 'Lovelace Engines')).toEqual([]);
    expect(await mailsAbout('advocate@example.com', 'Lovelace Engines')).toHaveLength(1);
  });

  it('is no email for an admin who reads it in the app, and the sign-up email once by email', async () => {
    await prefer(admin, 'companyAwaitsApproval', 'inApp');
    await prefer(advocate, 'companyAwaitsApproval', 'email');
    await signUp('Babbage Works', 'babbage.example.com');
    expect(await mailsAbout('admin@example.com', 'Babbage Works')).toEqual([]);
    const mails = await mailsAbout('advocate@example.com', 'Babbage Works');
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
    await prefer(owner, 'syncFailed', 'off');
    await prefer(byEmail, 'syncFailed', 'email');
    await prefer(ops, 'syncFailed', 'inApp');

    const added = await owner.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const token = ws.token;
    ws.token = 'revoked';
    try {
      expect((await owner.put(`/integrations/manual/sync/${added.body.id}`)).status).toBe(200);
      await runJobs(t);
    } finally {
      ws.token = token;
    }
    const { status } = await t.knex('integrations').where('id', added.body.id).first('status');
    expect(status).toBe(INTEGRATION_STATUS.authError);
    expect(await mailsAbout('owner@acme.example.com', 'Workable')).toEqual([]);
    const member = await mailsAbout('member@acme.example.com', 'Workable');
    expect(member.map((m) => m.subject)).toEqual(['Your Workable integration needs to be connected again']);
    expect(await mailsAbout('ops@acme.example.com', 'Workable')).toEqual([]);
  });
});
