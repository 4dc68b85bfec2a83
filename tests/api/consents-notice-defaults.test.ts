/**
 * Accepting the notice records only what the candidate changed, through HTTP: a candidate who never decided a purpose
 * and accepts the notice with the dialog's choices as they stand (marketing off, the others on: each purpose's
 * default) gets the notice's acceptance alone in their data rights log, not a marketing consent "withdrawn" that they
 * never gave nor the others "given". A choice away from the default is a change and is logged as one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_PURPOSES, PRIVACY_NOTICE_VERSION } from '../../schema/rules/consents';
import { DATA_RIGHTS_ACTIONS } from '../../schema/rules/dataRights';
import { client, DEMO_ROLES, signIn, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let me: Client;
let id: number;
/** The last log entry before the test: the demo data's own. */
let before: number;

/** The candidate's log entries written by the test, oldest first, as action names with their detail. */
async function logOf(): Promise<Record<string, unknown>[]> {
  const rows = await t
    .knex('data_rights_logs')
    .where('candidate_id', id)
    .where('id', '>', before)
    .orderBy('id')
    .select('action', 'detail');
  const name = (n: number) => Object.entries(DATA_RIGHTS_ACTIONS).find(([, v]) => v === n)?.[0];
  return rows.map((r) => ({ action: name(r.action), ...(r.detail ?? {}) }));
}

beforeAll(async () => {
  t = await testApp();
  const candidate = await signIn(
    t,
    DEMO_ROLES.find((r) => r.label === 'A candidate')!,
  );
  id = candidate.actor.id as number;
  me = client(t, candidate.token);
  // A candidate who has decided nothing yet: their first sign-in.
  await t.knex('candidate_consents').where('candidate_id', id).delete();
  before = Number((await t.knex('data_rights_logs').max('id as n').first())?.n ?? 0);
}, 120_000);

describe('Accepting the notice with the choices at their defaults', () => {
  it('logs the acceptance alone, and no consent the candidate never gave', async () => {
    const first = await me.get('/data-rights/consents');
    expect(first.body).toMatchObject({ needsNotice: true, acceptedVersion: null });
    const accepted = await me.post('/data-rights/consents/notice', {
      version: PRIVACY_NOTICE_VERSION,
      consents: { shownToCompanies: true, sentToAts: true, aiMatch: true, marketing: false },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ acceptedVersion: PRIVACY_NOTICE_VERSION, needsNotice: false });
    expect(accepted.body.consents.marketing).toMatchObject({ granted: false, source: null });
    expect(accepted.body.consents.shownToCompanies).toMatchObject({ granted: true, source: null });

    expect(await logOf()).toEqual([
      { action: 'noticeAccepted', version: PRIVACY_NOTICE_VERSION, previous: null, source: 'firstSignIn' },
    ]);
    const rows = await t.knex('candidate_consents').where('candidate_id', id).select('purpose');
    expect(rows.map((r) => r.purpose)).toEqual([CONSENT_PURPOSES.terms]);
  });

  it('logs a choice away from the default, and only that', async () => {
    const before2 = (await logOf()).length;
    const left = await me.put('/data-rights/consents', { marketing: false, aiMatch: true });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect((await logOf()).length).toBe(before2);

    const given = await me.put('/data-rights/consents', { marketing: true, aiMatch: false });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const withdrawn = await me.put('/data-rights/consents', { marketing: false });
    expect(withdrawn.body.consents.marketing).toMatchObject({ granted: false, source: 'profile' });
    expect((await logOf()).slice(before2)).toEqual([
      { action: 'consentWithdrawn', purpose: 'aiMatch', source: 'profile' },
      { action: 'consentGiven', purpose: 'marketing', source: 'profile' },
      { action: 'consentWithdrawn', purpose: 'marketing', source: 'profile' },
    ]);
  });
});
