/**
 * Coming back from retention, with a moved clock (activity timestamps set into the past, as in
 * data-rights-retention.test.ts): a candidate retention archived signs in, and the erasure it opened
 * is cancelled, the archiving forgotten, so their next long absence is reminded and archived again;
 * a profile its owner paused is reminded and archived like any other, keeping the status its pause
 * left; a candidate who may not sign in yet (pending activation) is not told to sign in.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { carryOutDueErasures } from '../../backend/features/dataRights';
import { CANDIDATE_STATUS } from '../../schema/entities/talentOptions';
import {
  DATA_RIGHTS_ACTIONS,
  ERASURE_COOLING_OFF_DAYS,
  ERASURE_SOURCE,
  ERASURE_STATUS,
} from '../../schema/rules/dataRights';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

let t: TestApp;
let admin: Client;
let people: { id: number; email: string }[];

/** Runs the job as the worker's schedule would; answers the newest report as admins read it. */
async function runRetention(): Promise<Record<string, number>> {
  await t.knex.raw(`select graphile_worker.add_job('apply_retention')`);
  await runJobs(t);
  const res = await admin.get(`/retention-runs?sort=${encodeURIComponent('["id","DESC"]')}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const rows = (Array.isArray(res.body) ? res.body : res.body.data) as { counts: Record<string, number> }[];
  return rows[0].counts;
}

/** The absence passes its period, then (after the reminder) its notice. */
const absent = (id: number) =>
  t
    .knex('candidate_activity')
    .where('candidate_id', id)
    .update({ last_active_at: daysAgo(800) });
const noticePasses = (id: number) =>
  t
    .knex('candidate_activity')
    .where('candidate_id', id)
    .update({ reminded_at: daysAgo(31) });
const status = async (id: number) => (await t.knex('candidates').where('id', id).first('status')).status as number;
const lastMail = async (email: string, subject: string) =>
  (
    await t
      .knex('outbox_emails')
      .where('to', email)
      .where('subject', 'like', `%${subject}%`)
      .orderBy('id', 'desc')
      .first()
  )?.text as string | undefined;

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  people = await t
    .knex('candidates')
    .where('status', CANDIDATE_STATUS.active)
    .whereNot('email', 'candidate@example.com')
    .orderBy('id')
    .limit(3)
    .select('id', 'email');
}, 120_000);

describe('Coming back from retention', () => {
  it('an archived candidate who signs in has the erasure retention opened cancelled, and may activate', async () => {
    const [who] = people;
    await absent(who.id);
    expect((await runRetention()).inactiveReminded).toBe(1);
    await noticePasses(who.id);
    expect((await runRetention()).inactiveArchived).toBe(1);
    const opened = await t.knex('erasure_requests').where('candidate_id', who.id).first();
    expect(opened).toMatchObject({ status: ERASURE_STATUS.coolingOff, source: ERASURE_SOURCE.retention });

    const me = client(t, await t.login(who.email));
    expect(await t.knex('erasure_requests').where('id', opened.id).first('status')).toEqual({
      status: ERASURE_STATUS.cancelled,
    });
    expect((await me.get('/data-rights/me')).body.erasure).toBeNull();
    const log = await t.knex('data_rights_logs').where('candidate_id', who.id).orderBy('id').pluck('action');
    expect(log.at(-1)).toBe(DATA_RIGHTS_ACTIONS.erasureCancelled);
    expect(await t.knex('candidate_activity').where('candidate_id', who.id).first('archived_at')).toEqual({
      archived_at: null,
    });
    // Still paused until they take it back, then active as it was.
    expect(await status(who.id)).toBe(CANDIDATE_STATUS.inactive);
    const activated = await me.post(`/candidates/Candidate:${who.id}/activate`, {});
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    expect(await status(who.id)).toBe(CANDIDATE_STATUS.active);

    // The erasure path no longer carries it out.
    const later = new Date(Date.now() + (ERASURE_COOLING_OFF_DAYS + 1) * DAY);
    expect(await carryOutDueErasures(t.knex, t.config, later)).toBe(0);
    expect((await t.knex('candidates').where('id', who.id).first('email')).email).toBe(who.email);
    // The archiving notice said so.
    expect(await lastMail(who.email, 'has been archived')).toContain('signing in cancels the erasure');
  });

  it('two years after coming back, the candidate is reminded and archived again', async () => {
    const [who] = people;
    await absent(who.id);
    expect((await runRetention()).inactiveReminded).toBe(1);
    await noticePasses(who.id);
    expect((await runRetention()).inactiveArchived).toBe(1);
    expect(await status(who.id)).toBe(CANDIDATE_STATUS.inactive);
    const open = await t.knex('erasure_requests').where('candidate_id', who.id).orderBy('id', 'desc').first();
    expect(open).toMatchObject({ status: ERASURE_STATUS.coolingOff, source: ERASURE_SOURCE.retention });
  });

  it('a profile its owner paused is reminded to sign in, and archived keeping the status its pause left', async () => {
    const who = people[1];
    const me = client(t, await t.login(who.email));
    expect((await me.post(`/candidates/Candidate:${who.id}/pause`, {})).status).toBe(200);
    expect(await status(who.id)).toBe(CANDIDATE_STATUS.inactive);
    await absent(who.id);
    expect((await runRetention()).inactiveReminded).toBe(1);
    expect(await lastMail(who.email, 'will be archived')).toContain('To keep it, sign in before then');
    await noticePasses(who.id);
    expect((await runRetention()).inactiveArchived).toBe(1);
    expect(await t.knex('candidates').where('id', who.id).first('status', 'paused_from')).toEqual({
      status: CANDIDATE_STATUS.inactive,
      paused_from: CANDIDATE_STATUS.active,
    });
  });

  it('a candidate pending activation, who may not sign in, is not told to sign in', async () => {
    const who = people[2];
    await t.knex('candidates').where('id', who.id).update({ status: CANDIDATE_STATUS.pendingActivation });
    await absent(who.id);
    expect((await runRetention()).inactiveReminded).toBe(1);
    const text = await lastMail(who.email, 'will be archived');
    expect(text).toBeTruthy();
    expect(text).not.toMatch(/sign in/i);
    expect(text).toContain(`write to us before then: ${t.config.credits.pricing.supportEmail}`);
  });
});
