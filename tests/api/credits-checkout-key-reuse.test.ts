/**
 * The purchase modal's checkout key (`clientId`) answers the checkout its first try started when sent again with the
 * same body; sent again with another quantity it is refused, as Stripe refuses a reused idempotency key with other
 * parameters: 422 'credits.errors.keyReused' on noOfCredits, and no second order (local test mode, no Stripe keys).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let buyer: Client;
let companyId: number;
let userId: number;

beforeAll(async () => {
  t = await testApp();
  buyer = client(t, await t.login('owner@raas.example.com'));
  const me = await t.knex('company_users').where('email', 'owner@raas.example.com').first('id', 'company_id');
  [companyId, userId] = [me.company_id, me.id];
});
afterAll(async () => {
  await t?.knex.destroy();
});

const KEY = 'c0ffee00-0000-4000-8000-00000000c0de';
const checkout = (noOfCredits: number) =>
  buyer.post('/credit/instant-purchase/stripe', {
    companyId: `Company:${companyId}`,
    userId: `User:${userId}`,
    noOfCredits,
    clientId: KEY,
  });
const orders = async () => Number((await t.knex('sales_orders').where('client_id', KEY).count({ n: '*' }))[0].n);

describe('A checkout key sent again', () => {
  it('answers the same checkout for the same body, and refuses another quantity at noOfCredits', async () => {
    const first = await checkout(5);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const same = await checkout(5);
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body).toEqual(first.body);

    const other = await checkout(12);
    expect(other.status, JSON.stringify(other.body)).toBe(422);
    expect(other.body.error).toMatchObject({
      code: 'credits.errors.keyReused',
      fields: { noOfCredits: 'credits.errors.keyReused' },
      message: expect.stringContaining('another number of credits'),
    });
    expect(await orders()).toBe(1);
    expect(Number((await t.knex('sales_orders').where('client_id', KEY).first('quantity')).quantity)).toBe(5);
  });
});
