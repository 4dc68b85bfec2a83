/**
 * Where the credit notifications lead: "credits running low" and "credits expiring" link each
 * reader to a page their role can open (portal/app/routeRules.ts): a RaaS company's users their own
 * credits page; never the admin-only active-credits list, which sent them back to their projects. A normal
 * company's users (no credits page of their own) are not told of credits at all (NOTIFICATION_AUDIENCE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantCredits, spendCredits } from '../../backend/features/credits';
import { creditsExpiring } from '../../backend/features/notifications';
import { decideAccess } from '../../portal/app/access';
import { ROUTE_RULES } from '../../portal/app/routeRules';
import type { Role } from '../../portal/app/viewer';
import type { Actor } from '../../schema/roles';
import { client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let admin: Actor;
let acme: number;
let raas: number;
const tokens: Record<string, string> = {};
/** Each reader's portal role and sub-role (1 Admin, 2 Member) and where their credit notifications lead (null: none). */
const READERS: Record<string, { role: Role; subRole: number; link: string | null }> = {
  'owner@acme.example.com': { role: 'company', subRole: 1, link: null },
  'member@acme.example.com': { role: 'company', subRole: 2, link: null },
  'owner@raas.example.com': { role: 'raasCompany', subRole: 1, link: '/credits/company' },
};
const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await testApp();
  const a = await t.knex('admins').where('email', 'admin@example.com').first('id');
  admin = { role: 'admin', id: a.id, adminType: 'general' };
  acme = (await t.knex('company_users').where('email', 'owner@acme.example.com').first('company_id')).company_id;
  raas = (await t.knex('company_users').where('email', 'owner@raas.example.com').first('company_id')).company_id;
  // Past their free trials and with no credits but those granted here.
  await t
    .knex('companies')
    .whereIn('id', [acme, raas])
    .update({ trial_ends_at: day(-1) });
  await t.knex('credit_lots').whereIn('company_id', [acme, raas]).update({ deleted_at: new Date() });
  for (const email of Object.keys(READERS)) tokens[email] = await t.login(email);
}, 120_000);
afterAll(async () => {
  await t?.knex.destroy();
});

const grant = (companyId: number, amount: number, expiryDate: string) =>
  t.knex.transaction((trx) => grantCredits(trx, { companyId, amount, expiryDate, source: 'admin', actor: admin }));
const charge = (companyId: number, key: string) =>
  t.knex.transaction((trx) =>
    spendCredits(trx, { companyId, amount: 1, action: 'projectCreation', actor: admin, idempotencyKey: key }),
  );
const threads = async (email: string, prefix: string) => {
  const res = await client(t, tokens[email]).get('/notifications?filter=all');
  expect(res.status).toBe(200);
  return (res.body.data as { subject: string; kind: string; link: string }[]).filter((n) =>
    n.subject.startsWith(prefix),
  );
};
/** Whether the portal shows `link` to this viewer (its route's access), rather than sending them home. */
const opens = (link: string, role: Role, subRole: number) => {
  const rule = Object.values(ROUTE_RULES).find((r) => r.path === link);
  return Boolean(rule) && decideAccess(rule!.access, { role, subRole }, { pathname: link, search: '' }).render;
};

describe('Credit notification links', () => {
  it("each link is a page its reader may open, and the active-credits list is an admin's only", () => {
    for (const { role, subRole, link } of Object.values(READERS))
      if (link) expect(opens(link, role, subRole), `${role} → ${link}`).toBe(true);
    expect(opens('/credits/active-credits', 'company', 1)).toBe(false);
    expect(opens('/credits/active-credits', 'raasCompany', 1)).toBe(false);
    expect(opens('/credits/active-credits', 'admin', 1)).toBe(true);
  });

  it('"credits running low" links a RaaS company to its credits page and tells a normal company nothing', async () => {
    for (const [companyId, name] of [
      [acme, 'acme'],
      [raas, 'raas'],
    ] as const) {
      await grant(companyId, 3, day(60));
      await charge(companyId, `links-low-${name}-1`);
      await charge(companyId, `links-low-${name}-2`);
    }
    await runJobs(t);
    for (const [email, { link }] of Object.entries(READERS)) {
      const companyId = email.endsWith('raas.example.com') ? raas : acme;
      expect(await threads(email, `credits:low:${companyId}`), email).toEqual(
        link ? [expect.objectContaining({ kind: 'creditsLow', link })] : [],
      );
    }
  });

  it('"credits expiring" links the same way', async () => {
    await grant(acme, 5, day(5));
    await grant(raas, 6, day(6));
    expect(await creditsExpiring(t.knex, t.config)).toBeGreaterThanOrEqual(1);
    for (const [email, { link }] of Object.entries(READERS)) {
      const companyId = email.endsWith('raas.example.com') ? raas : acme;
      expect(await threads(email, `credits:expiring:${companyId}:`), email).toEqual(
        link ? [expect.objectContaining({ kind: 'creditsExpiring', link })] : [],
      );
    }
  });
});
