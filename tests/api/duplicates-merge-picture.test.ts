/**
 * The picture a merge leaves behind. Profiles A and B (the same phone, so the scan pairs them) each have a picture
 * their person set; B is merged into A, A keeping its own picture. Then:
 * - B's picture, held by no row, is served to nobody: not without signing in (it was never public), not to an admin,
 *   not to a company that sees A and A's picture;
 * - its file is deleted by the delete_erased_files job once the undo window has closed, and not before;
 * - an undone merge brings B back with its picture, served to B again, and the deletion is called off.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { scanAndMerge } from '../helpers/duplicatePairs';
import { runJobs } from '../helpers/jobs';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';

// A real 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let admin: string;
let company: string;
const num = (id: unknown) => Number(String(id).split(':').pop());

/** Candidates an admin creates, one per email, all with `phone` (so the scan pairs them). */
async function profiles(phone: string, emails: string[]): Promise<number[]> {
  const ids = await talentIds(t.knex);
  const made: number[] = [];
  for (const [i, email] of emails.entries()) {
    const res = await t.http
      .post('/api/v1/candidates')
      .set(bearer(admin))
      .send(candidatePayload(ids, { linkedInUrl: null, githubUrl: null, phone, email, lastName: `Pictor${i}` }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    made.push(num(res.body.id));
  }
  return made;
}

/** The person of `email` signs in and sets their picture; its public path. */
async function ownPicture(email: string, bytes: Buffer): Promise<string> {
  const saved = await t.http
    .put('/api/v1/auth/account')
    .set(bearer(await t.login(email)))
    .attach('profilePicEdit', bytes, { filename: 'me.png', contentType: 'image/png' });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data.profilePic as string;
}

/** Scans for twins and merges `merged` into `survivor`, which keeps its own picture; the merge's id. */
const merge = (survivor: number, merged: number) =>
  scanAndMerge(t, admin, survivor, merged, { profilePic: 'survivor' });

const get = (picture: string, token?: string) => t.http.get(picture).set(token ? bearer(token) : {});
const stored = (picture: string) =>
  access(path.join(t.config.uploadDir, picture.replace(/^\/uploads\//, ''))).then(
    () => true,
    () => false,
  );
/** The undo window of every merge closes now: the file deletions waiting for it are due. */
const windowCloses = () =>
  t.knex.raw(
    `update graphile_worker._private_jobs set run_at = now() - interval '1 second'
      where run_at > now() and task_id = (select id from graphile_worker._private_tasks where identifier = 'delete_erased_files')`,
  );

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  company = await t.login('owner@acme.example.com');
});

describe('A merged-away profile’s picture', () => {
  let a: number;
  let kept: string;
  let dropped: string;

  beforeAll(async () => {
    const emails = ['pictor.a@merge-picture.example.org', 'pictor.b@merge-picture.example.org'];
    let b: number;
    [a, b] = await profiles('+65 8123 6101', emails);
    kept = await ownPicture(emails[0], PNG);
    dropped = await ownPicture(emails[1], Buffer.concat([PNG, Buffer.from([1])]));
    expect((await get(dropped)).status, 'a candidate’s picture is never public').toBe(404);
    expect((await get(dropped, admin)).status).toBe(200);
    await merge(a, b);
    expect(await t.knex('candidates').where('id', b).first('id')).toBeUndefined();
  }, 180_000);

  it('is served to nobody once no profile holds it', async () => {
    expect((await t.knex('candidates').where('id', a).first('profile_pic')).profile_pic).toBe(kept);
    const res = await get(dropped);
    expect(res.status).toBe(404);
    expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
    expect((await get(dropped, admin)).status).toBe(404);
  });

  it('is not served to a company that sees the survivor and its picture', async () => {
    expect((await get(kept, company)).status).toBe(200);
    expect((await get(dropped, company)).status).toBe(404);
  });

  it('has its file deleted once the undo window closes, not before; the kept one stays', async () => {
    await runJobs(t);
    expect(await stored(dropped), 'kept while the merge may be undone').toBe(true);
    await windowCloses();
    await runJobs(t);
    expect(await stored(dropped)).toBe(false);
    expect(await stored(kept)).toBe(true);
    expect((await get(kept, admin)).status).toBe(200);
  });
});

describe('An undone merge', () => {
  it('brings the merged profile back with its picture, whose deletion is called off', async () => {
    const emails = ['undone.a@merge-picture.example.org', 'undone.b@merge-picture.example.org'];
    const [a, b] = await profiles('+65 8123 6102', emails);
    await ownPicture(emails[0], Buffer.concat([PNG, Buffer.from([2])]));
    const picture = await ownPicture(emails[1], Buffer.concat([PNG, Buffer.from([3])]));
    const mergeId = await merge(a, b);
    expect((await get(picture, admin)).status).toBe(404);
    const undo = await t.http.post(`/api/v1/candidate-merges/${mergeId}/undo`).set(bearer(admin));
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect((await t.knex('candidates').where('id', b).first('profile_pic')).profile_pic).toBe(picture);
    await windowCloses();
    await runJobs(t);
    expect(await stored(picture)).toBe(true);
    expect((await get(picture, await t.login(emails[1]))).status).toBe(200);
    expect((await get(picture, admin)).status).toBe(200);
  }, 180_000);
});
