/**
 * Connecting an ATS, or replacing its credentials, has the vendor check them: a wrong try stores nothing and its
 * answer tells a wrong key from a right one, so each person and each company may have credentials checked
 * ATS_CREDENTIAL_CHECKS_PER_WINDOW times (10 by default) per rate-limit window. The next try is 429 in the error
 * envelope and never reaches the vendor (its stand-in's calls stop growing); another company is not held back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUB_ROLES } from '../../schema/roles';
import { client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { greenhouseConnected, people, type People } from '../helpers/ats/world';
import { atsStandIns } from '../helpers/ats/vendors';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import type { WorkableStandIn } from '../helpers/ats/workable';

const CHECKS = 10;
const tooMany = { code: 'errors.tooManyRequests', message: expect.stringMatching(/^Too many requests/) };
const wrongWorkable = { kind: 'workable', subdomain: 'acme', apiKey: 'not-the-token' };

describe('Connecting with wrong keys', () => {
  let t: TestApp;
  let ws: WorkableStandIn;
  let gh: GreenhouseStandIn;
  let p: People;
  beforeAll(async () => {
    t = await testApp();
    [ws, gh] = await atsStandIns(t.config, ['workable', 'greenhouse'], { maxRetryWaitMs: 2000, retries: 1 });
    p = await people(t);
  });
  afterAll(async () => {
    await t?.knex.destroy();
  });

  it(`answers the try after ${CHECKS} with 429 and calls the vendor no more, even with the right key`, async () => {
    for (let i = 0; i < CHECKS; i += 1)
      expect((await p.admin.post('/integrations/add', wrongWorkable)).status).toBe(400);
    const called = ws.calls.length;
    expect(called).toBeGreaterThanOrEqual(CHECKS);
    const refused = await p.admin.post('/integrations/add', wrongWorkable);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual(tooMany);
    const right = await p.admin.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
    expect(right.status).toBe(429);
    // Greenhouse's form counts with the same checks.
    const ghCalled = gh.calls.length;
    const greenhouse = await p.admin.post('/integrations/greenhouse', {
      clientId: gh.clientId,
      clientSecret: 'wrong',
    });
    expect(greenhouse.status).toBe(429);
    expect(ws.calls.length).toBe(called);
    expect(gh.calls.length).toBe(ghCalled);
    expect(await t.knex('integrations').select('id')).toEqual([]);
  });

  it("holds back the company's other Admins too, not another company", async () => {
    const colleague = await t.knex('company_users').where('email', 'member@acme.example.com').first('id');
    await t.knex('company_users').where('id', colleague.id).update({ role: SUB_ROLES.admin });
    const admin2 = client(t, await t.login('member@acme.example.com'));
    const called = ws.calls.length;
    const res = await admin2.post('/integrations/add', wrongWorkable);
    expect(res.status).toBe(429);
    expect(ws.calls.length).toBe(called);
    const globex = await p.otherCompany.post('/integrations/add', wrongWorkable);
    expect(globex.status).toBe(400);
    expect(ws.calls.length).toBeGreaterThan(called);
  });
});

describe('Replacing credentials with wrong ones', () => {
  it(`answers the check after ${CHECKS} (the connection's included) with 429, keeping the integration`, async () => {
    const { t, gh, p, integrationId } = await greenhouseConnected();
    try {
      const replace = (clientSecret: string) =>
        p.admin.put(`/integrations/credentials/${integrationId}`, { clientId: gh.clientId, clientSecret });
      for (let i = 1; i < CHECKS; i += 1) expect((await replace('wrong')).status).toBe(400);
      const called = gh.calls.length;
      const refused = await replace(gh.clientSecret);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toEqual(tooMany);
      expect(gh.calls.length).toBe(called);
      const row = await t.knex('integrations').where('id', integrationId).first('status', 'credentials');
      expect(row.credentials).toBeTruthy();
    } finally {
      await t.knex.destroy();
    }
  });
});
