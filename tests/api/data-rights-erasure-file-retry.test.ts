/**
 * An erasure's stored files are deleted by a job committed with it, retried until they are gone: the
 * S3 store answers 500 to the deletes of the job's first attempt, the CV is still there, the request
 * already erased; the job's next attempt deletes it. The report still counts the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { pdfOf } from '../helpers/cvs';
import { runJobs } from '../helpers/jobs';
import { s3StandIn } from '../helpers/s3';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';
import { eraseNow } from '../helpers/erasure';

const BUCKET = 'erasure-retry';

describe('Erasing a candidate whose CV the store fails to delete at first', () => {
  const s3 = s3StandIn();
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await testApp({ storage: { driver: 's3', s3: await s3.start(BUCKET) } });
    admin = await t.login('admin@example.com');
  });
  afterAll(() => s3.stop());

  const erasureJobs = () =>
    t.knex('graphile_worker.jobs').where('task_identifier', 'delete_erased_files').select('attempts', 'last_error');

  it('keeps the deletion queued while the store fails, and deletes the CV on the next attempt', async () => {
    const up = await t.http
      .post('/api/v1/candidates/cv-data')
      .set(bearer(admin))
      .attach('file', await pdfOf(['Wrenna Quillby', 'wrenna.quillby@retry.example.org']), 'cv.pdf');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const cvKey = up.body.newCvFilePathToDb as string;
    const stored = () => s3.objects.has(`/${BUCKET}/${cvKey}`);
    expect(stored()).toBe(true);
    const created = await t.http
      .post('/api/v1/candidates')
      .set(bearer(admin))
      .send({
        ...candidatePayload(await talentIds(t.knex), {
          firstName: 'Wrenna',
          lastName: 'Quillby',
          email: 'wrenna.quillby@retry.example.org',
          linkedInUrl: null,
          githubUrl: null,
        }),
        resumePath: cvKey,
      });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    // Every DELETE fails (the SDK's own retries too) until the store recovers.
    s3.faults.deletes = Number.MAX_SAFE_INTEGER;
    const requestId = await eraseNow(t, admin, created.body.id);
    const request = await t.knex('erasure_requests').where('id', requestId).first();
    expect(request.status).toBe(3);
    expect(request.report.files).toBeGreaterThanOrEqual(1);

    await runJobs(t);
    expect(stored(), 'the first attempt failed: the CV is still stored').toBe(true);
    const [failed] = await erasureJobs();
    expect(failed).toMatchObject({ attempts: 1, last_error: expect.stringMatching(/not deleted/) });

    // The store recovers; the retry, its backoff skipped, deletes the CV.
    s3.faults.deletes = 0;
    await t.knex.raw(
      "update graphile_worker._private_jobs set run_at = now() where task_id = (select id from graphile_worker._private_tasks where identifier = 'delete_erased_files')",
    );
    await runJobs(t);
    expect(stored(), 'the retry deleted the CV').toBe(false);
    expect(await erasureJobs()).toEqual([]);
  });
});
