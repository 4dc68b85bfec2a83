/**
 * The terms and privacy notice, refused or not yet accepted, through HTTP: while a new version waits for the
 * candidate's answer, the server refuses their writes other than consents, data rights and sign-out (a page drawn
 * before the version changed cannot slip a pause through); a candidate who declines has the refusal recorded (a
 * consent row and a log entry with its reason), is hidden from companies, and keeps their data rights: a copy of
 * their data and an erasure. Accepting after all opens everything again. The version in force is public, for the
 * terms and privacy pages' dates. The demo data dates its acceptances no earlier than the version accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_PURPOSES, PRIVACY_NOTICE_VERSION } from '../../schema/rules/consents';
import { DATA_RIGHTS_ACTIONS } from '../../schema/rules/dataRights';
import { client, DEMO_ROLES, signIn, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';

const NEW = '2026-12-07';
let t: TestApp;
let me: Client;
let company: Client;
let id: number;

const demo = (role: string) => DEMO_ROLES.find((r) => r.label === role)!;
const companySees = async () => (await company.get(`/search/candidates/Candidate:${id}`)).status;

beforeAll(async () => {
  t = await testApp();
  const candidate = await signIn(t, demo('A candidate'));
  id = candidate.actor.id as number;
  me = client(t, candidate.token);
  company = client(t, (await signIn(t, demo('A company Admin'))).token);
  // A new version is published while the candidate is signed in.
  t.config.dataRights = { ...t.config.dataRights, noticeVersion: NEW };
}, 120_000);

afterAll(() => {
  t.config.dataRights = { ...t.config.dataRights, noticeVersion: PRIVACY_NOTICE_VERSION };
});

describe('A notice not accepted', () => {
  it('the demo candidate accepted the seeded version no earlier than it existed', async () => {
    const terms = await t
      .knex('candidate_consents')
      .where({ candidate_id: id, purpose: CONSENT_PURPOSES.terms })
      .first();
    expect(terms.version).toBe(PRIVACY_NOTICE_VERSION);
    expect(new Date(terms.decided_at).getTime()).toBeGreaterThanOrEqual(new Date(PRIVACY_NOTICE_VERSION).getTime());
  });

  it('refuses the candidate’s other writes while it is pending, and says which version is in force', async () => {
    expect((await client(t).get('/data-rights/notice')).body).toEqual({ version: NEW });
    const view = await me.get('/data-rights/consents');
    expect(view.body).toMatchObject({ needsNotice: true, declined: false, acceptedVersion: PRIVACY_NOTICE_VERSION });
    const pause = await me.post(`/candidates/Candidate:${id}/pause`);
    expect(pause.status, JSON.stringify(pause.body)).toBe(403);
    expect(pause.body.error.code).toBe('consents.errors.noticePending');
    expect(await companySees()).toBe(200);
  });

  it('records a refusal, hides the candidate from companies and keeps their data rights', async () => {
    expect((await me.post('/data-rights/consents/notice/decline', { version: 'an older one' })).status).toBe(409);
    const declined = await me.post('/data-rights/consents/notice/decline', { version: NEW });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body).toMatchObject({ needsNotice: true, declined: true, acceptedVersion: null });

    const row = await t.knex('candidate_consents').where({ candidate_id: id, purpose: CONSENT_PURPOSES.terms }).first();
    expect(row).toMatchObject({ granted: false, version: NEW });
    const log = await t
      .knex('data_rights_logs')
      .where({ candidate_id: id, action: DATA_RIGHTS_ACTIONS.noticeDeclined })
      .select('detail');
    expect(log.map((l) => l.detail)).toEqual([
      { version: NEW, previous: PRIVACY_NOTICE_VERSION, source: 'noticeChange', reason: 'hiddenFromCompanies' },
    ]);
    expect(await companySees()).toBe(404);

    const pause = await me.post(`/candidates/Candidate:${id}/pause`);
    expect(pause.status).toBe(403);
    expect(pause.body.error.code).toBe('consents.errors.noticeDeclined');
    const copy = await me.post('/data-rights/export', {});
    expect(copy.status, JSON.stringify(copy.body)).toBe(202);
    const erase = await me.post('/data-rights/erasure', {});
    expect(erase.status, JSON.stringify(erase.body)).toBeLessThan(300);
    expect((await me.post('/data-rights/erasure/cancel', {})).status).toBeLessThan(300);
  });

  it('opens everything again once the candidate accepts after all', async () => {
    const accepted = await me.post('/data-rights/consents/notice', { version: NEW });
    expect(accepted.body).toMatchObject({ needsNotice: false, declined: false, acceptedVersion: NEW });
    expect(await companySees()).toBe(200);
    const pause = await me.post(`/candidates/Candidate:${id}/pause`);
    expect(pause.status, JSON.stringify(pause.body)).toBe(200);
  });
});
