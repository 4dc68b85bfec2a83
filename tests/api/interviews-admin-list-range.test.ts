/**
 * The interview-request list checks its date range as every dashboard does: a start after the end, or a
 * period longer than two years, is a 400 naming `from` with the same message, never an empty list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
});
afterAll(() => t?.knex.destroy());

describe('The interview-request list', () => {
  it('refuses a start after the end with the message the other dashboards give', async () => {
    const range = 'from=2026-10-20&to=2026-10-01';
    const other = await admin.get(`/dashboard/ta-recruitment-event-log?${range}`);
    expect(other.status, JSON.stringify(other.body)).toBe(400);
    const res = await admin.get(`/dashboard/interview-request-list?${range}`);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual(other.body.error.fields);
    expect(Object.keys(res.body.error.fields)).toEqual(['from']);
  });

  it('refuses a period longer than two years, and still lists an open-ended or a proper one', async () => {
    const long = await admin.get('/dashboard/interview-request-list?from=2020-01-01&to=2026-01-01');
    expect(long.status, JSON.stringify(long.body)).toBe(400);
    expect(Object.keys(long.body.error.fields)).toEqual(['from']);
    for (const range of [
      'from=2026-10-01&to=2026-10-20',
      'from=2026-10-01',
      'to=2026-10-20',
      'from=2026-10-01&to=2026-10-01',
    ])
      expect((await admin.get(`/dashboard/interview-request-list?${range}`)).status, range).toBe(200);
  });
});
