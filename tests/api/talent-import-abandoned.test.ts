/**
 * An import whose graphile-worker job is gone for good (deleted, or its last attempt used up with no
 * worker holding it) no longer reads "running" forever nor blocks its file: when its status is read,
 * the recent imports listed or the same file uploaded again, it ends as failed with a sentence saying
 * it stopped and may be uploaded again, and the re-upload is accepted and runs. An import whose job
 * is still pending stays queued and keeps its file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type Worker } from '../../backend/jobs/worker';
import { t as text } from '../../i18n';
import { testApp, type TestApp } from '../helpers/app';
import { importFinished, importPerson, uploadImport } from '../helpers/talentImport';

let t: TestApp;
let admin: string;
let worker: Worker | undefined;

beforeAll(async () => {
  // No worker: the uploads stay queued until the test says what became of their jobs.
  t = await testApp();
  admin = await t.login('admin@example.com');
});

afterAll(async () => {
  await worker?.stop();
});

const file = (email: string) => `${JSON.stringify(importPerson(email))}\n`;
const numeric = (id: string) => Number(id.split(':').pop());
const status = (id: string) => t.http.get(`/api/v1/candidates/imports/${id}`).set('Authorization', `Bearer ${admin}`);
const listed = async (id: string) => {
  const list = await t.http.get('/api/v1/candidates/imports').set('Authorization', `Bearer ${admin}`);
  return (list.body.data as { id: string; status: string }[]).find((r) => r.id === id);
};

/** Uploads `content` and leaves its import as a worker that died mid-run would: running, its job as `job` says. */
async function stuck(name: string, content: string, job: 'lastAttemptUsed' | 'deleted') {
  const up = await uploadImport(t, admin, name, content);
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  const key = `candidate_import:${numeric(up.body.id)}`;
  if (job === 'deleted') await t.knex('graphile_worker._private_jobs').where('key', key).delete();
  else
    await t.knex.raw(
      `update graphile_worker._private_jobs
          set attempts = max_attempts, last_error = 'worker stopped', locked_at = null, locked_by = null
        where key = ?`,
      [key],
    );
  await t.knex('candidate_imports').where('id', numeric(up.body.id)).update({ status: 1, started_at: new Date() });
  return up.body.id as string;
}

describe('An import whose job is gone for good', () => {
  it('reads failed once its last attempt is used up, and the same file is accepted again', async () => {
    const content = file('abandoned.one@import.example.com');
    const id = await stuck('abandoned-one.jsonl', content, 'lastAttemptUsed');

    const read = await status(id);
    expect(read.status).toBe(200);
    expect(read.body.status).toBe('failed');
    expect(read.body.error).toBe(text('imports.errors.abandoned'));
    expect(read.body.finishedAt).not.toBeNull();
    expect((await listed(id))?.status).toBe('failed');
    expect(await t.knex('candidate_imports').where('id', numeric(id)).first('file_key')).toEqual({ file_key: null });

    const again = await uploadImport(t, admin, 'abandoned-one.jsonl', content);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.status).toBe('queued');

    worker = await startWorker(t.url, t.config, 2);
    const ended = await importFinished(t, admin, again.body.id);
    expect(ended).toMatchObject({ status: 'done', created: 1 });
  });

  it('is settled when its job was deleted, as the same file is uploaded again and in the recent imports', async () => {
    await worker?.stop();
    worker = undefined;
    const content = file('abandoned.two@import.example.com');
    const id = await stuck('abandoned-two.jsonl', content, 'deleted');

    const again = await uploadImport(t, admin, 'abandoned-two.jsonl', content);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await listed(id))?.status).toBe('failed');
    expect((await status(id)).body).toMatchObject({ status: 'failed', error: text('imports.errors.abandoned') });
  });

  it('stays queued, and its file refused, while its job is still pending', async () => {
    const content = file('pending.three@import.example.com');
    const up = await uploadImport(t, admin, 'pending-three.jsonl', content);
    expect(up.status).toBe(201);
    expect((await status(up.body.id)).body.status).toBe('queued');
    expect((await listed(up.body.id))?.status).toBe('queued');
    const again = await uploadImport(t, admin, 'pending-three.jsonl', content);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'import.errors.alreadyRunning', importId: up.body.id });
  });
});
