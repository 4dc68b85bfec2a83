/**
 * Deleting a project deletes its stored files once the delete commits (the delete_erased_files job
 * it queues): its support chat's attachments, whose messages go with it by cascade and which a later
 * erasure could no longer find, and its job description file unless another project shares it.
 * Deleting an admin or a company user deletes their own profile picture, which no candidate holds
 * and which would otherwise stay served to anyone.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfOf } from '../helpers/cvs';
import { runJobs } from '../helpers/jobs';
import { PNG } from '../helpers/metadataFiles';
import { pipelineWorld, type PipelineWorld, type Who } from '../helpers/pipeline';

let w: PipelineWorld;

beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);
afterAll(async () => {
  await w?.t.knex.destroy();
});

const bearer = (who: Who) => `Bearer ${w.tokens[who]}`;
const stored = (key: string) =>
  access(path.join(w.t.config.uploadDir, key)).then(
    () => true,
    () => false,
  );

/** A chat attachment posted in the project's conversation; its storage key. */
async function attach(projectId: number): Promise<string> {
  const res = await w.t.http
    .post(`/api/v1/projects/${projectId}/conversation/messages`)
    .set('Authorization', bearer('company'))
    .field('body', 'The brief')
    .attach('attachment', await pdfOf(['Brief', 'Senior engineer']), 'brief.pdf');
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const row = await w.knex('chat_messages').where('id', res.body.data.id).first('attachment_key');
  return row.attachment_key as string;
}

/** A job description file uploaded for the project; its storage key. */
async function jobDescription(projectId: number): Promise<string> {
  const res = await w.t.http
    .post('/api/v1/projects/add-job-description')
    .set('Authorization', bearer('company'))
    .field('project_id', `Project:${projectId}`)
    .attach('jd_file', await pdfOf(['Senior Backend Engineer', 'You will design APIs.']), 'role.pdf');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (await w.knex('projects').where('id', projectId).first('jd_file_path')).jd_file_path as string;
}

describe("A deleted project's stored files", () => {
  it('DELETE /projects: its chat attachments and job description are deleted by the job its delete queued', async () => {
    const files = [await attach(w.projects.acme), await jobDescription(w.projects.acme)];
    for (const key of files) expect(await stored(key)).toBe(true);
    const res = await w.t.http
      .delete('/api/v1/projects')
      .set('Authorization', bearer('company'))
      .send({ keys: [`Project:${w.projects.acme}`] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, deleted: [`Project:${w.projects.acme}`] });
    await runJobs(w.t);
    for (const key of files) expect(await stored(key)).toBe(false);
  });

  it("DELETE /projects/:id (the console's): the same, a job description another project shares kept", async () => {
    const files = [await attach(w.projects.acmeUnshared), await jobDescription(w.projects.acmeUnshared)];
    const shared = await jobDescription(w.projects.memberOwn);
    // A duplicate shares its original's file.
    await w.knex('projects').where('id', w.projects.acmeUnshared).update({ jd_file_path: shared });
    const res = await w.t.http
      .delete(`/api/v1/projects/${w.projects.acmeUnshared}`)
      .set('Authorization', bearer('admin'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await runJobs(w.t);
    // The attachment goes; the shared file stays with the project still using it.
    expect(await stored(files[0])).toBe(false);
    expect(await stored(shared)).toBe(true);
  });
});

/** Uploads a picture on the person's account page; its public path. */
async function picture(token: string): Promise<string> {
  const res = await w.t.http
    .put('/api/v1/auth/account')
    .set('Authorization', `Bearer ${token}`)
    .attach('profilePicEdit', PNG, { filename: 'me.png', contentType: 'image/png' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const shown = res.body.data.profilePic as string;
  await w.t.http.get(shown).expect(200);
  return shown;
}

describe("A deleted person's profile picture", () => {
  it('an admin deleted by a General admin: the picture is deleted and no longer served', async () => {
    const shown = await picture(w.tokens.advocate);
    await w.t.http.delete(`/api/v1/admins/${w.people.advocate}`).set('Authorization', bearer('admin')).expect(200);
    await runJobs(w.t);
    expect(await stored(shown.replace(/^\/uploads\//, ''))).toBe(false);
    expect((await w.t.http.get(shown)).status).toBe(404);
  });

  it("a company user deleted by their company's Owner: the same", async () => {
    const shown = await picture(w.tokens.member);
    const res = await w.t.http
      .delete(`/api/v1/company-users/${w.people.member}?transferTo=${w.people.owner}`)
      .set('Authorization', bearer('company'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await runJobs(w.t);
    expect(await stored(shown.replace(/^\/uploads\//, ''))).toBe(false);
    expect((await w.t.http.get(shown)).status).toBe(404);
  });
});
