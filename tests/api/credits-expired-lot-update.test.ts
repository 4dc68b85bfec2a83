/**
 * An admin cannot update a lot past its expiry date (spec section 5: a lot's expiry runs from tomorrow to 5 years
 * ahead): its credits left the balance (or leave it at the daily write-off), so an update would log credits the
 * balance never holds and the next write-off would take them off again. The ledger answers 409
 * `credits.errors.lotExpired` and nothing changes, the unchanged past expiry sent back or not; a lot expiring today
 * is still valid and can be updated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireLots } from '../../backend/features/credits';
import { expiryWindow } from '../../schema/rules/credits';
import type { TestApp } from '../helpers/app';
import { balance, payingCompany, projectsApp, type People } from '../helpers/projects';

let t: TestApp;
let p: People;
let raas: number;

beforeAll(async () => {
  ({ t, p, raas } = await projectsApp());
  await payingCompany(t.knex, raas, 0);
});
afterAll(async () => {
  await t?.knex.destroy();
});

const put = (lotId: string, body: Record<string, unknown>) =>
  p.as('general').put(`/credit/${lotId}`, { companyId: `Company:${raas}`, creditDataId: lotId, ...body });
const logCount = async () => Number((await t.knex('credit_logs').where('company_id', raas).count({ n: '*' }))[0].n);
const lotRow = (lotId: string) =>
  t
    .knex('credit_lots')
    .where('id', Number(lotId.replace('Credit:', '')))
    .first(t.knex.raw('remaining::float as remaining'), t.knex.raw('quantity::float as quantity'), 'expiry_date');
let grants = 0;

/** A lot of `credits` granted by an admin, its expiry then moved to `expiry` (SQL) as time passing would. */
async function lotExpiring(credits: number, expiry: string): Promise<string> {
  const day = new Date(Date.now() + (200 + ++grants) * 86_400_000).toISOString().slice(0, 10);
  const granted = await p
    .as('general')
    .post('/credit', { companyId: `Company:${raas}`, noOfCredits: credits, expiryDate: day });
  expect(granted.status, JSON.stringify(granted.body)).toBe(201);
  const lotId = granted.body.creditDataId as string;
  await t
    .knex('credit_lots')
    .where('id', Number(lotId.replace('Credit:', '')))
    .update({ expiry_date: t.knex.raw(expiry) });
  return lotId;
}

describe("An admin's update of an expired lot", () => {
  it('is refused once the lot expired and was written off: no log entry, the lot and the balance unchanged', async () => {
    const lotId = await lotExpiring(5, 'current_date - 1');
    await expireLots(t.knex);
    const lot = await lotRow(lotId);
    expect(lot.remaining).toBe(0);
    const [logs, held] = [await logCount(), await balance(t.knex, raas)];

    for (const body of [{ noOfCredits: 5, expiryDate: lot.expiry_date }, { noOfCredits: 5 }]) {
      const res = await put(lotId, body);
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.error.code).toBe('credits.errors.lotExpired');
      expect(res.body.error.message).toMatch(/expired/);
    }
    expect(await logCount()).toBe(logs);
    expect(await lotRow(lotId)).toEqual(lot);
    expect(await balance(t.knex, raas)).toBe(held);
    // The next write-off finds nothing more to take.
    await expireLots(t.knex);
    expect(await logCount()).toBe(logs);
  });

  it('is refused while the expired lot awaits its write-off, a new expiry included', async () => {
    const lotId = await lotExpiring(4, 'current_date - 1');
    const lot = await lotRow(lotId);
    const logs = await logCount();
    const res = await put(lotId, { noOfCredits: 9, expiryDate: expiryWindow().default });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(await logCount()).toBe(logs);
    expect(await lotRow(lotId)).toEqual(lot);
  });

  it('a lot expiring today is still valid: its amount can change', async () => {
    const lotId = await lotExpiring(3, "(now() at time zone 'utc')::date");
    const lot = await lotRow(lotId);
    const res = await put(lotId, { noOfCredits: 6, expiryDate: lot.expiry_date });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await lotRow(lotId)).toMatchObject({ remaining: 6 });
  });
});
