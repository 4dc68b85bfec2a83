/**
 * The credit notifications: a charge that takes a company's balance below 2 credits tells its users
 * (through the job the charge queues), and the daily job tells them of credits expiring within 7
 * days, once per expiry date. Another company hears nothing of it. Credits are a RaaS company's (NOTIFICATION_AUDIENCE):
 * Acme is made one here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantCredits, spendCredits } from '../../backend/features/credits';
import { creditsExpiring } from '../../backend/features/notifications';
import { COMPANY_TYPES, type Actor } from '../../schema/roles';
import { client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { formatDate } from '../../schema/rules/dates';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let admin: Actor;
let acme: number;
const tokens: Record<string, string> = {};
/** The UTC day `offset` days from today, as 'YYYY-MM-DD' (a Date would be written as the host zone's day). */
const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await testApp();
  const a = await t.knex('admins').where('email', 'admin@example.com').first('id');
  admin = { role: 'admin', id: a.id, adminType: 'general' };
  acme = (await t.knex('companies').where('company_name', 'Acme').first('id')).id;
  // A RaaS company past its free trial and with no credits but those granted here.
  await t
    .knex('companies')
    .where('id', acme)
    .update({ trial_ends_at: day(-1), company_type: COMPANY_TYPES.raas });
  await t.knex('credit_lots').where('company_id', acme).update({ deleted_at: new Date() });
  for (const email of ['owner@acme.example.com', 'member@acme.example.com', 'owner@raas.example.com'])
    tokens[email] = await t.login(email);
}, 120_000);
afterAll(async () => {
  await t?.knex.destroy();
});

const grant = (amount: number, expiryDate?: string) =>
  t.knex.transaction((trx) =>
    grantCredits(trx, { companyId: acme, amount, expiryDate, source: 'admin', actor: admin }),
  );
const charge = (key: string) =>
  t.knex.transaction((trx) =>
    spendCredits(trx, { companyId: acme, amount: 1, action: 'projectCreation', actor: admin, idempotencyKey: key }),
  );
const threads = async (email: string, prefix: string) => {
  const res = await client(t, tokens[email]).get('/notifications?filter=all');
  expect(res.status).toBe(200);
  return (res.body.data as { subject: string; kind: string; title: string; link: string; events: number }[]).filter(
    (n) => n.subject.startsWith(prefix),
  );
};
const lowJobs = () => t.knex('graphile_worker.jobs').where('key', `credits-low:${acme}`).count('* as n').first();

describe('Credits low', () => {
  it("a charge that takes the balance below 2 tells the company's users, and only them", async () => {
    await grant(3, day(60));
    await charge('low-1');
    expect(Number((await lowJobs())?.n)).toBe(0);
    await charge('low-2');
    expect(Number((await lowJobs())?.n)).toBe(1);

    await runJobs(t);
    for (const email of ['owner@acme.example.com', 'member@acme.example.com']) {
      expect(await threads(email, 'credits:low:')).toEqual([
        expect.objectContaining({
          kind: 'creditsLow',
          title: 'Your credits are running low: 1 left',
          link: '/credits/company',
        }),
      ]);
    }
    expect(await threads('owner@raas.example.com', 'credits:')).toEqual([]);
  });
});

describe('Credits expiring', () => {
  it('credits expiring within 7 days are told once per expiry date; later ones are not', async () => {
    await grant(5, day(5));
    await grant(4, day(30));
    expect(await creditsExpiring(t.knex, t.config)).toBeGreaterThanOrEqual(2);
    const told = await threads('owner@acme.example.com', `credits:expiring:${acme}:`);
    expect(told).toEqual([
      expect.objectContaining({
        kind: 'creditsExpiring',
        title: `5 credits expire on ${formatDate(day(5))}`,
        events: 1,
      }),
    ]);
    // The next day's run tells nobody again.
    await creditsExpiring(t.knex, t.config);
    expect((await threads('owner@acme.example.com', `credits:expiring:${acme}:`)).map((n) => n.events)).toEqual([1]);
    expect(await threads('owner@raas.example.com', 'credits:')).toEqual([]);
  });
});
