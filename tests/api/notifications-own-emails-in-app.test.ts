/**
 * "In the app" sends no email for the kinds whose email is their capability's own: the admins' email of a company
 * sign-up (companyAwaitsApproval) and the integration managers' email of refused ATS credentials (syncFailed). Until a
 * person chooses, both stand at "in the app and by email", as the settings show, and the email comes once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { INTEGRATION_STATUS } from '../../schema/rules/ats';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { runJobs } from '../helpers/jobs';

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

const prefer = async (who: Client, kind: string, channel: 'off' | 'inApp' | 'email') =>
  expect((await who.put('/notification-preferences', { kind, channel })).status).toBe(200);
const mailsAbout = async (to: string, words: string) =>
  (await listOutbox(t.knex, to, 100)).filter((m) => `${m.subject}\n${m.text}`.includes(words));
const channelOf = async (who: Client, kind: string) =>
  ((await who.get('/notification-preferences')).body.data as { kind: string; channel: string }[]).find(
    (p) => p.kind === kind,
  )?.channel;

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
  const sg = (await t.knex('countries').where('code', 'SG').first('id')).id as number;
  await t.http
    .post(`${base}/step-2`)
    .send({
      signupToken,
      companyName: name,
      legalEntityName: `${name} Pte. Ltd.`,
      companyRegistrationNumber: '202412345H',
      address: '1 Fusionopolis Way, Singapore 138632',
      countries: [sg],
      validDomains: [domain],
      companySource: 8,
      companySourceOther: 'A friend',
    })
    .expect(200);
  await t.http.post(`${base}/step-3`).send({ signupToken, invites: [] }).expect(200);
  await runJobs(t);
}

describe("The admins' email of a company sign-up", () => {
  it('stands at "in the app and by email" until chosen, and sends one email then', async () => {
    expect(await channelOf(admin, 'companyAwaitsApproval')).toBe('email');
    await signUp('Noether Rings', 'noether.example.com');
    const mails = await mailsAbout('admin@example.com', 'Noether Rings');
    expect(mails.map((m) => m.subject)).toEqual(['New company awaiting approval: Noether Rings']);
  });

  it('is no email for an admin who reads it in the app, who still gets the notice', async () => {
    await prefer(admin, 'companyAwaitsApproval', 'inApp');
    await signUp('Germain Acoustics', 'germain.example.com');
    expect(await mailsAbout('admin@example.com', 'Germain Acoustics')).toEqual([]);
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
    await prefer(owner, 'syncFailed', 'inApp');

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
    const second = await mailsAbout('second@acme.example.com', 'Workable');
    expect(second.map((m) => m.subject)).toEqual(['Your Workable integration needs to be connected again']);
  });
});
