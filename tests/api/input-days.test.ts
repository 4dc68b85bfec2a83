/**
 * Days in query strings are real calendar days of year 1 or later: a day the calendar lacks
 * (2026-02-30) or one PostgreSQL cannot store (year 0) is a field-level 400 on the credit log, the
 * dashboards and the interview request list, not a database refusal with no field named.
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
afterAll(async () => {
  await t?.knex.destroy();
});

describe('Days in query strings', () => {
  it.each([
    ['/credit/logs?from=2026-02-30', 'from'],
    ['/credit/logs?to=0000-01-01', 'to'],
    ['/dashboard/activity-per-week?to=0000-01-01', 'to'],
    ['/dashboard/activity-per-week?from=2026-02-30', 'from'],
    ['/dashboard/interview-request-list?to=0000-01-01', 'to'],
  ])('%s is refused at its field', async (path, field) => {
    const res = await admin.get(path);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ [field]: `${field}.errors.invalid` });
  });

  it('Real days are read', async () => {
    expect((await admin.get('/credit/logs?from=2024-02-29&to=2026-03-01')).status).toBe(200);
    expect((await admin.get('/dashboard/activity-per-week?from=2026-01-01&to=2026-03-01')).status).toBe(200);
    expect((await admin.get('/dashboard/interview-request-list?from=0001-01-01')).status).toBe(200);
  });
});
