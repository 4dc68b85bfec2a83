import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';

/** Signs in by emailed code and returns the answer to the code. */
async function tryLogin(t: TestApp, email: string) {
  await t.http.post('/api/v1/auth/send-email-otp').send({ email }).expect(200);
  return t.http.post('/api/v1/auth/login-by-email-otp').send({ email, otp: await t.lastCode(email) });
}

describe('Sign-in refusals carry the login page flag', () => {
  let t: TestApp;
  let initechUser: string;
  let starkUser: string;
  beforeAll(async () => {
    t = await testApp();
    const userOf = async (companyName: string) =>
      (
        await t
          .knex('company_users as u')
          .join('companies as c', 'c.id', 'u.company_id')
          .where('c.company_name', companyName)
          .where('u.status', 1)
          .first('u.email')
      ).email as string;
    initechUser = await userOf('Initech Robotics');
    starkUser = await userOf('Stark Logistics');
  });

  it('A user of a pending company is refused with company.pending / companyPending', async () => {
    const res = await tryLogin(t, initechUser);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: { code: 'company.pending', message: 'Your company is pending approval', flag: 'companyPending' },
    });
  });

  it('A user of an inactive company is refused with company.notActivate / companyNotActivate', async () => {
    const res = await tryLogin(t, starkUser);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'company.notActivate', flag: 'companyNotActivate' });
  });

  const cases: [string, string, Record<string, unknown>, string, string][] = [
    ['A pending company user', 'company_users', { status: 0 }, 'user.invitationPending', 'userInvitationPending'],
    ['An inactive company user', 'company_users', { status: 2 }, 'user.notActivate', 'userNotActivate'],
    [
      'A company user whose role fits no company role',
      'company_users',
      { role: 7 },
      'company.roleMismatch',
      'companyAndUserRoleMismatch',
    ],
    ['A company user in an unknown status', 'company_users', { status: 9 }, 'user.statusErr', 'userStatusErr'],
    ['An inactive admin', 'admins', { status: 0 }, 'user.notActivate', 'userNotActivate'],
    ['A candidate pending curation', 'candidates', { status: 0 }, 'user.pending', 'userPending'],
    ['An inactive candidate', 'candidates', { status: 2 }, 'user.notActivate', 'userNotActivate'],
    ['A candidate pending activation', 'candidates', { status: 4 }, 'user.pendingActivation', 'userPendingActivation'],
  ];
  const emails: Record<string, string> = {
    company_users: 'member@acme.example.com',
    admins: 'advocate@example.com',
    candidates: 'candidate@example.com',
  };

  for (const [who, table, change, code, flag] of cases) {
    it(`${who} is refused with ${code} / ${flag}`, async () => {
      const email = emails[table];
      const before = await t.knex(table).where('email', email).first();
      await t.knex(table).where('email', email).update(change);
      try {
        const res = await tryLogin(t, email);
        expect(res.status).toBe(403);
        expect(res.body.error).toMatchObject({ code, flag });
      } finally {
        await t
          .knex(table)
          .where('email', email)
          .update(Object.fromEntries(Object.keys(change).map((k) => [k, before[k]])));
      }
    });
  }

  it('A company whose type is neither normal nor RaaS refuses its users with companyAndUserRoleMismatch', async () => {
    const company = await t.knex('companies').where('company_name', 'Acme').first('id', 'company_type');
    await t.knex('companies').where('id', company.id).update({ company_type: 3 });
    try {
      const res = await tryLogin(t, 'member@acme.example.com');
      expect(res.body.error).toMatchObject({ code: 'company.roleMismatch', flag: 'companyAndUserRoleMismatch' });
    } finally {
      await t.knex('companies').where('id', company.id).update({ company_type: company.company_type });
    }
  });

  it('A semi-active candidate may sign in', async () => {
    await t.knex('candidates').where('email', 'candidate@example.com').update({ status: 3 });
    try {
      const res = await tryLogin(t, 'candidate@example.com');
      expect(res.status).toBe(200);
      expect(res.body.user.userRole).toBe(3);
    } finally {
      await t.knex('candidates').where('email', 'candidate@example.com').update({ status: 1 });
    }
  });

  it('A session ends as soon as the company is suspended, and the check names the flag', async () => {
    const token = await t.login('owner@raas.example.com');
    const auth = { Authorization: `Bearer ${token}` };
    await t.http.get('/api/v1/auth/check/user').set(auth).expect(200);
    const company = await t.knex('companies').where('company_name', 'Northwind Talent').first('id');
    await t.knex('companies').where('id', company.id).update({ status: 2 });
    try {
      const check = await t.http.get('/api/v1/auth/check/user').set(auth).expect(401);
      expect(check.body.error).toMatchObject({ code: 'company.notActivate', flag: 'companyNotActivate' });
      await t.http.get('/api/v1/company-users').set(auth).expect(401);
    } finally {
      await t.knex('companies').where('id', company.id).update({ status: 1 });
    }
    await t.http.get('/api/v1/auth/check/user').set(auth).expect(200);
  });

  it('An expired session is no session', async () => {
    const token = await t.login('admin@example.com');
    await t
      .knex('sessions')
      .update({ expires_at: new Date(Date.now() - 1000) })
      .where('expires_at', '>', new Date());
    const res = await t.http.get('/api/v1/auth/check/user').set('Authorization', `Bearer ${token}`).expect(401);
    expect(res.body.error.code).toBe('errors.unauthorized');
  });

  it('Logging out ends the session', async () => {
    const token = await t.login('admin@example.com');
    await t.http.post('/api/v1/auth/logout').set('Authorization', `Bearer ${token}`).expect(200, { success: true });
    await t.http.get('/api/v1/auth/check/user').set('Authorization', `Bearer ${token}`).expect(401);
  });
});
