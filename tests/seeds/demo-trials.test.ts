/**
 * The demo's free trials as the product's trial rule has them: a company approved when it joined has a trial of
 * FREE_TRIAL_DAYS from then, so none that joined longer ago is still in its trial, the billing screen of the demo
 * RaaS owner says so, and the credit log marks none of those companies' plan charges as free-trial charges (the
 * ledger's 'Free trial' note, backend/features/credits/ledger.ts). What the charges took came from credits an admin
 * added first (seeds/demo/credits.ts), so a demo owner's balance is what its log adds up to and no demo company is
 * told its credits run low (backend/features/notifications/credits.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_ACTIONS, CREDIT_ACTIONS, FREE_TRIAL_DAYS } from '../../schema/rules/credits';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: Client;
let raasOwner: Client;
let acmeOwner: Client;

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  raasOwner = client(t, await t.login('owner@raas.example.com'));
  acmeOwner = client(t, await t.login('owner@acme.example.com'));
});
afterAll(async () => {
  await t?.knex.destroy();
});

const CHARGES: number[] = CHARGE_ACTIONS.map((a) => CREDIT_ACTIONS[a]);

/** The demo companies that joined more than the trial's length ago. */
const joinedLongAgo = () =>
  t
    .knex('companies')
    .whereRaw(`created_at < now() - make_interval(days => ?)`, [FREE_TRIAL_DAYS])
    .select('id', 'company_name', t.knex.raw('coalesce(trial_ends_at >= current_date, false) as on_trial'));

describe('Demo data: free trials', () => {
  it('has no company that joined more than the trial’s length ago still in its trial', async () => {
    const companies = await joinedLongAgo();
    expect(companies.length).toBeGreaterThan(0);
    expect(companies.filter((c) => c.on_trial).map((c) => c.company_name)).toEqual([]);
  });

  it('shows the demo RaaS owner’s billing screen past its trial', async () => {
    const res = await raasOwner.get('/projects/raas/status');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.onTrial).toBe(false);
  });

  it('marks none of those companies’ charges in the credit log as free-trial charges', async () => {
    let charges = 0;
    for (const c of await joinedLongAgo()) {
      const res = await admin.get(`/credit/logs?companyId=Company:${c.id}&pageSize=100`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const entries = (res.body.data as { action: number; credits: number; note: string | null }[]).filter((e) =>
        CHARGES.includes(e.action),
      );
      charges += entries.length;
      expect(
        entries.filter((e) => e.note === 'Free trial' || e.credits === 0),
        c.company_name,
      ).toEqual([]);
    }
    expect(charges).toBeGreaterThan(0);
  });

  it('shows the demo RaaS owner the balance its log adds up to, paid charges and all, with no low-credits notice', async () => {
    const balance = await raasOwner.get('/credit/balance');
    expect(balance.status, JSON.stringify(balance.body)).toBe(200);
    const log = await raasOwner.get('/credit/logs?pageSize=100');
    const entries = log.body.data as { action: number; credits: number }[];
    expect(entries.some((e) => CHARGES.includes(e.action))).toBe(true);
    expect(balance.body.balance).toBe(entries.reduce((sum, e) => sum + e.credits, 0));
    // The job a charge crossing LOW_CREDITS queues (backend/features/notifications/credits.ts LOW_CREDITS_TASK).
    const low = await t.knex('graphile_worker.jobs').where('task_identifier', 'notify_credits_low').count({ n: '*' });
    expect(Number(low[0].n)).toBe(0);
    for (const owner of [raasOwner, acmeOwner]) {
      const res = await owner.get('/notifications?filter=all');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((res.body.data as { kind: string }[]).filter((n) => n.kind === 'creditsLow')).toEqual([]);
    }
  });
});
