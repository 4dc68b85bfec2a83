/**
 * Retention, with a moved clock (rows' timestamps set into the past): the daily apply_retention
 * job, run by the worker, reminds candidates inactive past the period, archives those still absent
 * after the notice and opens their erasure, which the existing erasure path carries out once due;
 * a candidate who signs in after the reminder keeps their profile. CV drafts, analytics events and
 * sent emails' bodies past their periods go; what is younger stays. A copy of a candidate's data
 * whose link expired loses its ZIP, and its link answers 410. Each run's report (counts per
 * kind) is read by admins in the console's retention runs, and by nobody else.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { carryOutDueErasures } from '../../backend/features/dataRights';
import { CANDIDATE_STATUS } from '../../schema/entities/talentOptions';
import { ERASURE_COOLING_OFF_DAYS, ERASURE_SOURCE, ERASURE_STATUS } from '../../schema/rules/dataRights';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { pdfOf } from '../helpers/cvs';
import { runJobs } from '../helpers/jobs';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

let t: TestApp;
let admin: Client;
let gone: { id: number; email: string };
let back: { id: number; email: string };
let cvKey: string;
let freshKey: string;

/** Runs the job as the worker's schedule would; answers the newest report as admins read it. */
async function runRetention(): Promise<Record<string, number>> {
  await t.knex.raw(`select graphile_worker.add_job('apply_retention')`);
  await runJobs(t);
  const res = await admin.get(`/retention-runs?sort=${encodeURIComponent('["id","DESC"]')}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const rows = (Array.isArray(res.body) ? res.body : res.body.data) as { counts: Record<string, number> }[];
  return rows[0].counts;
}

const activity = (id: number) => t.knex('candidate_activity').where('candidate_id', id).first();
const mailTo = (email: string) => t.knex('outbox_emails').where('to', email).orderBy('id').pluck('subject');

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  const [a, b] = await t
    .knex('candidates')
    .where('status', CANDIDATE_STATUS.active)
    .whereNot('email', 'candidate@example.com')
    .orderBy('id')
    .limit(2)
    .select('id', 'email');
  gone = a;
  back = b;
  // Both last signed in 800 days ago; everyone else was seen today.
  await t
    .knex('candidate_activity')
    .whereIn('candidate_id', [gone.id, back.id])
    .update({ last_active_at: daysAgo(800) });

  // An uploaded CV no profile took, two days old, and a fresh one.
  const upload = async () => {
    const res = await t.http
      .post('/api/v1/candidates/cv-data')
      .set('Authorization', `Bearer ${await t.login('admin@example.com')}`)
      .attach('file', await pdfOf(['Retention Draft', 'draft@retention.example.org']), 'cv.pdf');
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res.body.newCvFilePathToDb as string;
  };
  cvKey = await upload();
  freshKey = await upload();
  await t
    .knex('cv_uploads')
    .where('key', cvKey)
    .update({ created_at: daysAgo(2) });

  // Analytics events and sent emails, old and new.
  const acme = await t.knex('companies').orderBy('id').first('id');
  await t.knex('analytics_events').insert([
    { event: 'search', company_id: acme.id, user_id: 1, created_at: daysAgo(400) },
    { event: 'search', company_id: acme.id, user_id: 1, created_at: daysAgo(3) },
  ]);
  await t.knex('outbox_emails').insert([
    {
      to: 'old@retention.example.org',
      subject: 'Old',
      text: 'an old body',
      html: '<p>old</p>',
      status: 1,
      updated_at: daysAgo(100),
    },
    { to: 'new@retention.example.org', subject: 'New', text: 'a new body', status: 1, updated_at: daysAgo(5) },
    {
      to: 'queued@retention.example.org',
      subject: 'Queued',
      text: 'still to send',
      status: 0,
      updated_at: daysAgo(100),
    },
  ]);
}, 120_000);

describe('Retention', () => {
  it('reminds the inactive, and removes drafts, old events and old bodies; the report counts each', async () => {
    const counts = await runRetention();
    expect(counts).toEqual({
      inactiveReminded: 2,
      inactiveArchived: 0,
      cvDrafts: 1,
      analyticsEvents: 1,
      integrationRunEntries: 0,
      outboxBodies: 2,
      expiredExports: 0,
    });
    for (const who of [gone, back]) {
      expect((await activity(who.id)).reminded_at).toBeTruthy();
      expect(await mailTo(who.email)).toContain('Your Talentbase profile will be archived');
    }
    const log = await t.knex('data_rights_logs').where('candidate_id', gone.id).pluck('action');
    expect(log).toContain(43);

    expect(await t.knex('cv_uploads').where('key', cvKey).first()).toBeUndefined();
    expect(await t.knex('cv_uploads').where('key', freshKey).first()).toBeTruthy();
    const events = await t.knex('analytics_events').where('event', 'search').count({ n: '*' }).first();
    expect(Number(events?.n)).toBe(1);
    const bodies = await t.knex('outbox_emails').where('to', 'like', '%@retention.example.org').orderBy('to');
    // One never sent in the period keeps no body either, and is not sent after it.
    expect(bodies.map((r) => [r.to, r.text, r.html, r.status])).toEqual([
      ['new@retention.example.org', 'a new body', null, 1],
      ['old@retention.example.org', '', null, 1],
      ['queued@retention.example.org', '', null, 3],
    ]);
  });

  it('does nothing twice: a second run the same day finds nothing to do', async () => {
    expect(Object.values(await runRetention()).every((n) => n === 0)).toBe(true);
  });

  it('archives the still absent after the notice and erases them by the erasure path; a sign-in keeps a profile', async () => {
    await client(t, await t.login(back.email)).get('/data-rights/consents');
    expect((await activity(back.id)).reminded_at).toBeNull();
    // The notice period passes.
    await t
      .knex('candidate_activity')
      .whereIn('candidate_id', [gone.id, back.id])
      .update({ reminded_at: daysAgo(31) });

    const counts = await runRetention();
    expect(counts).toMatchObject({ inactiveReminded: 0, inactiveArchived: 1 });
    const archived = await t.knex('candidates').where('id', gone.id).first('status', 'first_name', 'paused_from');
    expect(archived.status).toBe(CANDIDATE_STATUS.inactive);
    // Taken back, the profile returns to the status it had, not further.
    expect(archived.paused_from).toBe(CANDIDATE_STATUS.active);
    expect((await t.knex('candidates').where('id', back.id).first('status')).status).toBe(CANDIDATE_STATUS.active);
    const request = await t.knex('erasure_requests').where('candidate_id', gone.id).first();
    expect(request).toMatchObject({ status: ERASURE_STATUS.coolingOff, source: ERASURE_SOURCE.retention });
    expect(Math.round((new Date(request.due_at).getTime() - Date.now()) / DAY)).toBe(ERASURE_COOLING_OFF_DAYS);
    expect(await mailTo(gone.email)).toContain('Your Talentbase profile has been archived');
    // Archived: no company finds them.
    const company = client(t, await t.login('owner@acme.example.com'));
    const profile = await company.get(`/search/candidates/Candidate:${gone.id}`);
    expect(profile.status).toBe(404);

    // The erasure path carries it out once due, like any other request.
    const later = new Date(Date.now() + (ERASURE_COOLING_OFF_DAYS + 1) * DAY);
    expect(await carryOutDueErasures(t.knex, t.config, later)).toBe(1);
    const erased = await t.knex('candidates').where('id', gone.id).first('first_name', 'email');
    expect(erased.first_name).toBe('Erased');
    expect(erased.email).not.toBe(gone.email);
  });

  it('deletes the ZIP of a copy whose link expired, and keeps an unexpired one', async () => {
    const me = client(t, await t.login('candidate@example.com'));
    expect((await me.post('/data-rights/export', {})).status).toBe(202);
    await runJobs(t);
    const mine = await t.knex('data_exports').orderBy('id', 'desc').first();
    expect(mine.status).toBe(2);
    const file = path.join(t.config.uploadDir, mine.file_key);
    expect((await stat(file)).size).toBeGreaterThan(0);
    const link = /(\/api\/v1\/data-rights\/exports\/download\?id=\d+&token=[\w-]+)/.exec(
      (await t.knex('outbox_emails').where('to', 'candidate@example.com').orderBy('id', 'desc').first()).text,
    )?.[1];
    expect(link).toBeTruthy();

    // Still valid: the run leaves it.
    expect((await runRetention()).expiredExports).toBe(0);
    expect((await stat(file)).size).toBeGreaterThan(0);
    // The clock moves past the link's expiry; no one downloads it; the daily run deletes it.
    await t
      .knex('data_exports')
      .where('id', mine.id)
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await runRetention()).expiredExports).toBe(1);
    await expect(stat(file)).rejects.toThrow(/ENOENT/);
    expect(await t.knex('data_exports').where('id', mine.id).first()).toMatchObject({
      status: 4,
      file_key: null,
    });
    expect((await t.http.get(link!)).status).toBe(410);
    expect((await me.get('/data-rights/export')).body.export.status).toBe('expired');
    const log = await t.knex('data_rights_logs').where('candidate_id', mine.candidate_id).pluck('action');
    expect(log).toContain(26);
  });

  it('shows its reports to admins only', async () => {
    const company = client(t, await t.login('owner@acme.example.com'));
    expect((await company.get('/retention-runs')).status).toBe(403);
    expect((await client(t, await t.login('candidate@example.com')).get('/retention-runs')).status).toBe(403);
    expect((await client(t).get('/retention-runs')).status).toBe(401);
  });
});
