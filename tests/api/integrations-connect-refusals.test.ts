/**
 * Connecting with an API key tells the vendor's refusal of the check for what it is, as the sync reads it:
 * credentials refused (Ashby's 403 for a wrong key, as it documents) are "API key invalid" on the key; a permission
 * the key lacks (Ashby's 403 `missing_endpoint_permission`, its `errorInfo` code and message) is a 400 on the key
 * naming it; the vendor's rate limit is a 429 saying when
 * to try again; a vendor down is a 502. Nothing is stored for any of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { ashbyError, type AshbyStandIn } from '../helpers/ats/ashby';
import { atsStandIns } from '../helpers/ats/vendors';

let t: TestApp;
let ashby: AshbyStandIn;
let admin: Client;

beforeAll(async () => {
  t = await testApp();
  [ashby] = await atsStandIns(t.config, ['ashby'], { maxRetryWaitMs: 2000, retries: 1 });
  admin = client(t, await t.login('owner@acme.example.com'));
});
afterAll(async () => {
  await t?.knex.destroy();
});

const connect = () => admin.post('/integrations/add', { kind: 'ashby', apiKey: ashby.apiKey });
const stored = async () => (await t.knex('integrations').where('kind', 'ashby')).length;

describe('Connecting Ashby: what a refusal says', () => {
  it('a key Ashby does not know: "API key invalid" on the key', async () => {
    const res = await admin.post('/integrations/add', { kind: 'ashby', apiKey: 'not-a-key' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ message: 'API key invalid', fields: { apiKey: 'apiKey.errors.invalid' } });
  });

  it('a key without the permission the check needs: a 400 on the key naming what is missing', async () => {
    ashby.withhold(/^\/job\.list$/, 'jobsRead');
    const res = await connect();
    ashby.grantAll();
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('integrations.connectPermissionMissing');
    expect(res.body.error.fields).toEqual({ apiKey: 'apiKey.errors.permission' });
    expect(res.body.error.message).toContain(
      'missing_endpoint_permission: The API key is missing the jobsRead permission',
    );
    expect(res.body.error.message).not.toBe('API key invalid');
    expect(await stored()).toBe(0);
  });

  it('Ashby limiting calls: a 429 saying in how many seconds to try again', async () => {
    ashby.fail('POST', /^\/job\.list$/, { status: 429, headers: { 'Retry-After': '120' } });
    const res = await connect();
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('integrations.connectRateLimited');
    expect(res.body.error.message).toMatch(/^Ashby is limiting calls right now\. Try again in 1(19|20) seconds\.$/);
    expect(res.body.error.retryAfter).toBeGreaterThanOrEqual(119);
    expect(await stored()).toBe(0);
  });

  it('Ashby down: a 502, "the ATS did not answer"', async () => {
    ashby.fail('POST', /^\/job\.list$/, { status: 503, body: ashbyError('internal_error', 'Try again later') }, 2);
    const res = await connect();
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({
      code: 'integrations.unavailable',
      message: 'The ATS did not answer. Please try again in a moment.',
    });
    expect(await stored()).toBe(0);
  });

  it('connects once Ashby answers the check', async () => {
    const res = await connect();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await stored()).toBe(1);
  });
});
