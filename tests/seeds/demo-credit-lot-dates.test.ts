/**
 * The demo's credit lots are dated as their log entries are (seeds/demo/credits.ts): a lot an admin added reads
 * "added" on the day the log says "Added by admin", and its last movement on the day of its last charge, so the
 * company's credits page never shows a lot created today beside a grant logged weeks ago.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_ACTIONS } from '../../schema/rules/credits';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let raasOwner: Client;

beforeAll(async () => {
  t = await testApp();
  raasOwner = client(t, await t.login('owner@raas.example.com'));
});
afterAll(async () => {
  await t?.knex.destroy();
});

const time = (d: string | null) => (d ? new Date(d).toISOString() : null);

describe('Demo data: credit lots', () => {
  it('shows each lot added and last moved on the days its log entries say', async () => {
    const balance = await raasOwner.get('/credit/balance');
    expect(balance.status, JSON.stringify(balance.body)).toBe(200);
    const lots = balance.body.lots as { added: string; lastAddedOrDeducted: string | null }[];
    expect(lots.length).toBeGreaterThan(0);
    const log = await raasOwner.get('/credit/logs?pageSize=100');
    const entries = log.body.data as { action: number; timestamp: string }[];
    const grants = entries.filter((e) => e.action === CREDIT_ACTIONS.addedByAdmin).map((e) => time(e.timestamp));
    const logged = new Set(entries.map((e) => time(e.timestamp)));
    for (const lot of lots) {
      expect(grants).toContain(time(lot.added));
      expect(logged.has(time(lot.lastAddedOrDeducted ?? lot.added))).toBe(true);
    }
  });
});
