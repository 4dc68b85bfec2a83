/**
 * A company's first approval starts its free trial and tells its owner whatever it was before: not
 * approved at first and approved after all counts as much as approved at once. A company approved
 * before, deactivated and active again, gets no second trial and no second approval email. The owner of
 * a company that is not active is told, when refused at sign-in, how to get help.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { mailsTo } from '../helpers/mailbox';
import { signUpCompany } from '../helpers/signup';

let t: TestApp;
let admin: Record<string, string>;

const setStatus = (id: number, status: number) =>
  t.http.put(`/api/v1/companies/Company:${id}`).set(admin).send({ status }).expect(200);
const trialOf = async (id: number) => (await t.knex('companies').where('id', id).first('trial_ends_at')).trial_ends_at;
const approvals = async (email: string, companyName: string) =>
  (await mailsTo(t.knex, email)).filter((m) => m.subject === `${companyName} is approved on Talentbase`);

beforeAll(async () => {
  t = await testApp();
  admin = { Authorization: `Bearer ${await t.login('admin@example.com')}` };
});

describe('The first approval of a company, whatever its status before', () => {
  const owner = 'rita@secondlook.example.com';
  let id: number;

  it('A company not approved, then approved after all, gets its trial and its approval email', async () => {
    id = await signUpCompany(t, { email: owner, companyName: 'Second Look', validDomains: ['secondlook.example.com'] });
    await setStatus(id, 2);
    expect((await mailsTo(t.knex, owner))[0].subject).toBe('About the sign-up of Second Look');
    await setStatus(id, 1);
    expect(await trialOf(id)).not.toBeNull();
    expect(await approvals(owner, 'Second Look')).toHaveLength(1);
  });

  it('Deactivated and active again, it gets no second trial and no second approval email', async () => {
    await t.knex('companies').where('id', id).update({ trial_ends_at: '2026-01-31' });
    const before = await trialOf(id);
    await setStatus(id, 2);
    await setStatus(id, 1);
    expect(await trialOf(id)).toEqual(before);
    expect(await approvals(owner, 'Second Look')).toHaveLength(1);
  });

  it('The owner of a company not active is told at sign-in how to get help', async () => {
    const rejected = 'rob@rejected-again.example.com';
    const rid = await signUpCompany(t, {
      email: rejected,
      companyName: 'Rejected Again',
      validDomains: ['rejected-again.example.com'],
    });
    await setStatus(rid, 2);
    await t.http.post('/api/v1/auth/send-email-otp').send({ email: rejected }).expect(200);
    const res = await t.http
      .post('/api/v1/auth/login-by-email-otp')
      .send({ email: rejected, otp: await t.lastCode(rejected) })
      .expect(403);
    expect(res.body.error).toMatchObject({ code: 'company.notActivate', flag: 'companyNotActivate' });
    expect(res.body.error.message).toMatch(/^Your company is not active\. For help, reply to the email we sent/);
  });
});
