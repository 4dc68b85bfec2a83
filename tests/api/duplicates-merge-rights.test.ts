/**
 * A merge keeps what each person decided about their data: a consent withdrawn on either profile stays withdrawn on
 * the one kept; a profile on its way to erasure is not merged (the erasure would then reach the other profile's
 * person); a merge that may still be undone keeps both profiles' CV files, which the undo puts back; a person whose
 * merge was undone and who is then erased leaves nothing in the merge's record, nor their picture online.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { carryOutDueErasures } from '../../backend/features/dataRights';
import { ERASURE_SOURCE, ERASURE_STATUS } from '../../schema/rules/dataRights';
import { testApp, type TestApp } from '../helpers/app';
import { pdfOf } from '../helpers/cvs';
import { pairOf as pairOfPeople } from '../helpers/duplicatePairs';
import { runJobs } from '../helpers/jobs';
import { bearer } from '../helpers/talent';

// A real 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let admin: string;
const later = (days: number) => new Date(Date.now() + days * 86_400_000);

/** Two profiles of one person (the same phone), found as a pair by the scan. */
const pairOf = (phone: string, over?: Record<string, unknown>[]) =>
  pairOfPeople(t, admin, { phone, first: 'Ilse', last: 'Varga' }, over);

const merge = (pairId: string, survivor: number, keep: Record<string, string> = {}) =>
  t.http
    .post(`/api/v1/candidate-duplicates/${pairId}/merge`)
    .set(bearer(admin))
    .send({ survivorId: `Candidate:${survivor}`, keep });

const consents = async (id: number) =>
  (await t.http.get(`/api/v1/data-rights/candidates/Candidate:${id}/consents`).set(bearer(admin))).body.consents;

async function decide(id: number, choices: Record<string, boolean>) {
  const res = await t.http
    .put(`/api/v1/data-rights/candidates/Candidate:${id}/consents`)
    .set(bearer(admin))
    .send({ consents: choices, request: 'Asked by email' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A CV uploaded by the admin: its stored key and its bytes. */
async function uploadCv(text: string): Promise<{ key: string; bytes: Buffer }> {
  const bytes = await pdfOf([text]);
  const res = await t.http.post('/api/v1/candidates/cv-data').set(bearer(admin)).attach('file', bytes, 'cv.pdf');
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return { key: res.body.newCvFilePathToDb as string, bytes };
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
});

describe('Merging two profiles of one person', () => {
  it('keeps a consent withdrawn on either profile withdrawn on the one kept; an undo restores both', async () => {
    const { a, b, pairId } = await pairOf('+65 8123 4001');
    await decide(a, { shownToCompanies: true, marketing: true });
    await decide(b, { shownToCompanies: false, aiMatch: false });
    const res = await merge(pairId, a);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const kept = await consents(a);
    expect(kept.shownToCompanies.granted).toBe(false);
    expect(kept.aiMatch.granted).toBe(false);
    expect(kept.marketing.granted).toBe(true);
    const undo = await t.http.post(`/api/v1/candidate-merges/${res.body.mergeId}/undo`).set(bearer(admin));
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect((await consents(a)).shownToCompanies.granted).toBe(true);
    expect((await consents(b)).shownToCompanies.granted).toBe(false);
  });

  it('is refused while either profile has an erasure on its way, and nothing moves', async () => {
    const { a, b, pairId } = await pairOf('+65 8123 4002');
    await t.knex('erasure_requests').insert({
      candidate_id: b,
      source: ERASURE_SOURCE.retention,
      status: ERASURE_STATUS.coolingOff,
      due_at: later(14),
    });
    for (const survivor of [a, b]) {
      const res = await merge(pairId, survivor);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'duplicates.erasurePending' });
      expect(res.body.error.fields).toHaveProperty('survivorId');
    }
    expect(await t.knex('candidates').whereIn('id', [a, b])).toHaveLength(2);
    expect((await t.knex('erasure_requests').where('candidate_id', b)).map((r) => r.status)).toEqual([
      ERASURE_STATUS.coolingOff,
    ]);
    // Once it is cancelled, they merge.
    await t.knex('erasure_requests').where('candidate_id', b).update({ status: ERASURE_STATUS.cancelled });
    expect((await merge(pairId, a)).status).toBe(200);
  });

  it('keeps both CV files while the merge may be undone, and the undo gives each profile its CV back', async () => {
    const [cvA, cvB] = [await uploadCv('Profile one'), await uploadCv('Profile two')];
    const { a, b, pairId } = await pairOf('+65 8123 4003', [{ resumePath: cvA.key }, { resumePath: cvB.key }]);
    const res = await merge(pairId, a, { resumePath: 'survivor' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await t.knex.raw("select graphile_worker.add_job('purge_cv_uploads', '{}'::json)");
    await runJobs(t);
    const undo = await t.http.post(`/api/v1/candidate-merges/${res.body.mergeId}/undo`).set(bearer(admin));
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    for (const [id, cv] of [
      [a, cvA],
      [b, cvB],
    ] as const) {
      const got = await t.http
        .get(`/api/v1/candidates/Candidate:${id}/cv`)
        .set(bearer(admin))
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(got.status, `the CV of Candidate:${id}`).toBe(200);
      expect(Buffer.compare(got.body as Buffer, cv.bytes), `the CV of Candidate:${id}`).toBe(0);
    }
  });

  it('leaves nothing of an erased person in a merge record undone before, nor their picture online', async () => {
    const { a, b, pairId } = await pairOf('+65 8123 4004', [{}, { summary: 'Ilse plays the cello on weekends' }]);
    const res = await merge(pairId, a);
    expect(res.status).toBe(200);
    expect((await t.http.post(`/api/v1/candidate-merges/${res.body.mergeId}/undo`).set(bearer(admin))).status).toBe(
      200,
    );
    const email = (await t.knex('candidates').where('id', b).first('email')).email as string;
    const me = { Authorization: `Bearer ${await t.login(email)}` };
    const saved = await t.http
      .put('/api/v1/auth/account')
      .set(me)
      .attach('profilePicEdit', PNG, { filename: 'me.png', contentType: 'image/png' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const picture = saved.body.data.profilePic as string;
    // An admin reads it while the person is there (a candidate's picture goes through the gate: candidate-gate-pictures).
    expect((await t.http.get(picture).set(bearer(admin))).status).toBe(200);

    await t.knex('erasure_requests').insert({
      candidate_id: b,
      source: ERASURE_SOURCE.admin,
      status: ERASURE_STATUS.coolingOff,
      due_at: later(-1),
    });
    expect(await carryOutDueErasures(t.knex, t.config, new Date())).toBe(1);
    // The picture's file goes with the delete_erased_files job the erasure queued.
    await runJobs(t);
    expect((await t.http.get(picture).set(bearer(admin))).status).toBe(404);
    await expect(readFile(path.join(t.config.uploadDir, picture.replace(/^\/uploads\//, '')))).rejects.toThrow();
    const { rows } = await t.knex.raw("select id from candidate_merges m where m::text ~ 'cello'");
    expect(rows).toEqual([]);
  });
});
