/**
 * Invitations email the invited address and are limited per address (team-resend-limit.test.ts); they are limited per
 * inviter and per company too, 50 an hour (INVITATIONS_PER_HOUR), so one Owner cannot mail any number of distinct
 * addresses: the 51st invitation is 429 in the error envelope, queues no mail and adds nobody, resends count with
 * them, the company's other Admins are held back alike and another company is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUB_ROLES } from '../../schema/roles';
import { testApp, type TestApp } from '../helpers/app';
import { outboxCount } from '../helpers/ats/world';

const INVITATIONS_PER_HOUR = 50;
let t: TestApp;
const auth = async (email: string) => ({ Authorization: `Bearer ${await t.login(email)}` });
let owner: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  owner = await auth('owner@acme.example.com');
});
afterAll(async () => {
  await t?.knex.destroy();
});

const invite = (as: Record<string, string>, email: string) =>
  t.http.post('/api/v1/company-users/invite').set(as).send({ email, role: SUB_ROLES.member });
const tooMany = { code: 'errors.tooManyRequests', message: expect.stringMatching(/^Too many requests/) };

describe('Inviting many distinct addresses', () => {
  it('refuses the invitation after 50 in an hour with 429, sending nothing', async () => {
    for (let i = 0; i < INVITATIONS_PER_HOUR; i += 1)
      expect((await invite(owner, `colleague${i}@acme.example.com`)).status).toBe(201);
    const sent = await outboxCount(t);
    const res = await invite(owner, 'one-more@acme.example.com');
    expect(res.status).toBe(429);
    expect(res.body.error).toEqual(tooMany);
    expect(await outboxCount(t)).toBe(sent);
    expect(await t.knex('company_users').where('email', 'one-more@acme.example.com').first()).toBeUndefined();
  });

  it('counts resends with them', async () => {
    const { id } = await t.knex('company_users').where('email', 'colleague0@acme.example.com').first('id');
    const sent = await outboxCount(t);
    const res = await t.http
      .post('/api/v1/company-users/resend-invitation')
      .set(owner)
      .send({ id: `User:${id}` });
    expect(res.status).toBe(429);
    expect(await outboxCount(t)).toBe(sent);
  });

  it("holds back the company's other Admins, not another company's", async () => {
    await t.knex('company_users').where('email', 'member@acme.example.com').update({ role: SUB_ROLES.admin });
    const colleague = await auth('member@acme.example.com');
    const sent = await outboxCount(t);
    expect((await invite(colleague, 'by-colleague@acme.example.com')).status).toBe(429);
    expect(await outboxCount(t)).toBe(sent);
    const globex = await t
      .knex('company_users as u')
      .join('companies as c', 'c.id', 'u.company_id')
      .where('c.company_name', 'Globex Analytics')
      .orderBy('u.id')
      .first('u.id', 'u.email');
    await t.knex('company_users').where('id', globex.id).update({ role: SUB_ROLES.admin, status: 1 });
    const domain = String(globex.email).split('@')[1];
    expect((await invite(await auth(globex.email), `new@${domain}`)).status).toBe(201);
    expect(await outboxCount(t)).toBeGreaterThan(sent);
  });
});
