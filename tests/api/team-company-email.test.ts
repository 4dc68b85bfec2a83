/**
 * A company user's login stays in their company's domains. Sign-in is passwordless, so the address is the key:
 * moved to a personal mailbox, it would keep a leaver's access after their work mailbox closes. Changing one's own
 * email (PUT /auth/account, then POST /auth/confirm-email) follows the invitation's rule (schema/rules/companyEmail.ts):
 * one of the company's domains, and a business domain; asked for and again when confirmed, refused on `email`.
 * Platform admins and candidates change theirs as before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { linkParam, mailsTo } from '../helpers/mailbox';
import { bearer } from '../helpers/talent';

let t: TestApp;
let olivia: string;
let acme: number;
const DOMAINS = ['acme.example.com'];

const askFor = (token: string, email: string) => t.http.put('/api/v1/auth/account').set(bearer(token)).send({ email });
const confirm = (token: string, code: string) =>
  t.http.post('/api/v1/auth/confirm-email').set(bearer(token)).send({ code });
const emailOf = async (table: string, email: string) => (await t.knex(table).where('email', email).first('id'))?.id;
const domainsAre = (domains: string[]) => t.knex('companies').where('id', acme).update({ valid_domains: domains });
const codesFor = async (email: string) => t.knex('email_codes').where({ email, purpose: 3 });

beforeAll(async () => {
  t = await testApp();
  olivia = await t.login('owner@acme.example.com');
  acme = (await t.knex('company_users').where('email', 'owner@acme.example.com').first('company_id')).company_id;
});

describe("A company user's own email change", () => {
  it('to a personal mailbox is refused on email, and nothing is sent to it', async () => {
    const res = await askFor(olivia, 'olivia.tan@gmail.com');
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual({ email: 'email.errors.notInValidDomains' });
    expect(await mailsTo(t.knex, 'olivia.tan@gmail.com')).toHaveLength(0);
    expect(await codesFor('olivia.tan@gmail.com')).toEqual([]);
    expect((await t.http.get('/api/v1/auth/account').set(bearer(olivia))).body.email).toBe('owner@acme.example.com');
  });

  it("to another company's business domain is refused the same way", async () => {
    const res = await askFor(olivia, 'olivia@globex.example.com');
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual({ email: 'email.errors.notInValidDomains' });
    expect(await mailsTo(t.knex, 'olivia@globex.example.com')).toHaveLength(0);
  });

  it("to a free provider listed among the company's domains is refused as not a business email, as an invitation is", async () => {
    await domainsAre([...DOMAINS, 'gmail.com']);
    try {
      const res = await askFor(olivia, 'olivia.tan@gmail.com');
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.fields).toEqual({ email: 'email.errors.businessEmail' });
      const invite = await t.http
        .post('/api/v1/company-users/invite')
        .set(bearer(olivia))
        .send({ email: 'new.hire@gmail.com', role: 2 });
      expect(invite.status, JSON.stringify(invite.body)).toBe(400);
      expect(invite.body.error.fields).toEqual({ email: 'email.errors.businessEmail' });
      expect(await mailsTo(t.knex, 'olivia.tan@gmail.com')).toHaveLength(0);
      expect(await mailsTo(t.knex, 'new.hire@gmail.com')).toHaveLength(0);
    } finally {
      await domainsAre(DOMAINS);
    }
  });

  it("is refused at confirmation when the address left the company's domains since it was asked for", async () => {
    await domainsAre([...DOMAINS, 'acme-group.example.com']);
    const asked = await askFor(olivia, 'olivia@acme-group.example.com');
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.emailConfirmationSent).toBe(true);
    const code = await linkParam(t.knex, 'olivia@acme-group.example.com', '/auth/confirm-email', 'code');
    await domainsAre(DOMAINS);
    const res = await confirm(olivia, code);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual({ email: 'email.errors.notInValidDomains' });
    expect(await emailOf('company_users', 'owner@acme.example.com')).toBeDefined();
    expect(await emailOf('company_users', 'olivia@acme-group.example.com')).toBeUndefined();
  });

  it("within the company's domains is asked for and confirmed as before", async () => {
    const asked = await askFor(olivia, 'olivia.tan@acme.example.com');
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const code = await linkParam(t.knex, 'olivia.tan@acme.example.com', '/auth/confirm-email', 'code');
    const res = await confirm(olivia, code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await t.http.get('/api/v1/auth/account').set(bearer(olivia))).body.email).toBe(
      'olivia.tan@acme.example.com',
    );
  });
});

describe('Everyone else changes their email as before', () => {
  it('a platform admin may move to any address', async () => {
    const admin = await t.login('advocate@example.com');
    const asked = await askFor(admin, 'advocate.moved@gmail.com');
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const code = await linkParam(t.knex, 'advocate.moved@gmail.com', '/auth/confirm-email', 'code');
    expect((await confirm(admin, code)).status).toBe(200);
    expect(await emailOf('admins', 'advocate.moved@gmail.com')).toBeDefined();
  });

  it('a candidate may move to a personal mailbox', async () => {
    const candidate = await t.login('candidate@example.com');
    const asked = await askFor(candidate, 'candidate.moved@gmail.com');
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const code = await linkParam(t.knex, 'candidate.moved@gmail.com', '/auth/confirm-email', 'code');
    expect((await confirm(candidate, code)).status).toBe(200);
    expect(await emailOf('candidates', 'candidate.moved@gmail.com')).toBeDefined();
  });
});
