/**
 * Invitations made while an approved company is on hold (Pending again) are held, not sent: the invitee could not
 * join a held company. They go out when the company is active again, released from the hold or from a suspension
 * after it, each exactly once, by the console's edit or its bulk status change. A first approval sends the held ones
 * too (tests/api/accounts-signup.test.ts); a release still emails nobody else (tests/api/companies-release.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { linkParam, mailsTo } from '../helpers/mailbox';
import { bearer } from '../helpers/talent';

let t: TestApp;
let admin: string;
let globex: number;

const setStatus = async (status: number) => {
  const res = await t.http.put(`/api/v1/companies/Company:${globex}`).set(bearer(admin)).send({ status });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const bulkStatus = async (status: number) => {
  const res = await t.http
    .put('/api/v1/companies/status')
    .set(bearer(admin))
    .send({ ids: [`Company:${globex}`], status });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const invite = async (email: string) => {
  const res = await t.http
    .post('/api/v1/company-users/invite')
    .set(bearer(admin))
    .send({ email, role: 2, firstName: 'Hana', companyId: `Company:${globex}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};
const invitationsTo = async (email: string) =>
  (await mailsTo(t.knex, email)).filter((mail) => mail.text.includes('/auth/company/invite-signup'));

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  const row = await t
    .knex('companies')
    .where('company_name', 'Globex Analytics')
    .first('id', 'status', 'trial_ends_at');
  // Approved before: active, with its trial date.
  expect(row).toMatchObject({ status: 1, trial_ends_at: expect.anything() });
  globex = row.id;
});

describe('An invitation made while the company is on hold', () => {
  it('is sent once the company is released, exactly once', async () => {
    await setStatus(0);
    await invite('hana.held@globex.example.com');
    expect(await invitationsTo('hana.held@globex.example.com')).toHaveLength(0);

    await setStatus(1);
    expect(await invitationsTo('hana.held@globex.example.com')).toHaveLength(1);
    const cist = await linkParam(t.knex, 'hana.held@globex.example.com', '/auth/company/invite-signup', 'cist');
    const check = await t.http.get(`/api/v1/auth-company/invite-signup/check?cist=${cist}`);
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body).toMatchObject({ email: 'hana.held@globex.example.com', companyName: 'Globex Analytics' });

    // Held and released again, the invitation already sent is not sent again.
    await setStatus(0);
    await setStatus(1);
    expect(await invitationsTo('hana.held@globex.example.com')).toHaveLength(1);
  });

  it('held, then suspended, is sent when the company is active again, by the bulk status change', async () => {
    await bulkStatus(0);
    await invite('ivan.held@globex.example.com');
    await bulkStatus(2);
    expect(await invitationsTo('ivan.held@globex.example.com')).toHaveLength(0);
    await bulkStatus(1);
    expect(await invitationsTo('ivan.held@globex.example.com')).toHaveLength(1);
    expect(await invitationsTo('hana.held@globex.example.com')).toHaveLength(1);
  });
});
