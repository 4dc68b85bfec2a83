/**
 * The job description file an interview request carries: named as what it holds and served as that by the public
 * link, never kept when the request is refused, and removed once a later request replaces it.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { pdfOf } from '../helpers/cvs';
import { activeCandidates, addToProject, makeProject } from '../helpers/interviews';

let t: TestApp;
let ownerToken: string;
let candidates: number[];

beforeAll(async () => {
  t = await testApp();
  ownerToken = await t.login('owner@acme.example.com');
  candidates = await activeCandidates(t.knex, 2);
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** The multipart call as the portal's dialog sends it. */
function send(fields: Record<string, string>, file: { data: Buffer; name: string }) {
  const req = t.http.post('/api/v1/projects/candidate/interview/request').set('Authorization', `Bearer ${ownerToken}`);
  for (const [key, value] of Object.entries(fields)) req.field(key, value);
  return req.attach('jdFile', file.data, file.name);
}

describe('A job description file sent with interview requests', () => {
  it('keeps only the job description file a request sent: named as what it holds, none left by a refusal, the replaced one removed', async () => {
    const stored = async () =>
      (
        await readdir(path.join(t.config.uploadDir, 'job-descriptions'), { recursive: true }).catch(
          () => [] as string[],
        )
      )
        .filter((f) => /\.(pdf|docx)$/.test(f))
        .sort();
    // Real PDFs: a job description file is read and scrubbed of its metadata before it is kept.
    const pdf = (n: number) => pdfOf([`Role ${n}`, 'You will design APIs in TypeScript.']);
    const project = await makeProject(t.knex, { jobDescription: null });
    await addToProject(t.knex, project, [candidates[0], candidates[1]], 0);
    const request = (candidate: number, file: { data: Buffer; name: string }) =>
      send({ projectId: String(project.id), candidateId: String(candidate), requestAction: 'request_public' }, file);
    const before = await stored();

    // A PDF named as a web page would be served as one by the public link.
    const misnamed = await request(candidates[0], { data: await pdf(0), name: 'Role.html' });
    expect(misnamed.status).toBe(400);
    expect(misnamed.body.error.fields).toEqual({ jdFile: 'upload.errors.unsupportedType' });

    expect((await request(candidates[0], { data: await pdf(1), name: 'Role.pdf' })).status).toBe(201);
    const first = await t.knex('projects').where('id', project.id).first('jd_file_path');
    expect(await stored()).toHaveLength(before.length + 1);
    // Asked again for the same candidate: refused, and its file not kept.
    const again = await request(candidates[0], { data: await pdf(2), name: 'Role.pdf' });
    expect(again.status).toBe(409);
    expect(await stored()).toHaveLength(before.length + 1);
    // Another candidate with a new file: the project's file is replaced, and the old one goes.
    expect((await request(candidates[1], { data: await pdf(3), name: 'Role v2.pdf' })).status).toBe(201);
    const second = await t.knex('projects').where('id', project.id).first('jd_file_path', 'jd_file_name');
    expect(second.jd_file_name).toBe('Role v2.pdf');
    expect(await stored()).toHaveLength(before.length + 1);
    expect((await stored()).some((f) => first.jd_file_path.endsWith(f))).toBe(false);

    // The public link serves it as what it holds, even under a name stored before names were checked.
    await t.knex('projects').where('id', project.id).update({ jd_file_name: 'Role.html' });
    const { guid } = await t
      .knex('interview_requests')
      .where({ project_id: project.id, candidate_id: candidates[1] })
      .first('guid');
    const file = await t.http.get(`/api/v1/projects/download/jd/${guid}`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename=Role.html');
  });
});
