/**
 * A job description file tells a candidate nothing the project keeps back: a confidential project's file is named
 * 'job-description.pdf' on the public page, in the answer page's data and in the download, never by the name it was
 * uploaded under ('Acme-Backend-JD.pdf'); and every project's file, uploaded on the project or sent with a request,
 * is kept without the metadata (PDF /Info, Word properties) that names its author.
 */
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, requestEmail, type TestProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { AUTHOR, docxWithMetadata, pdfWithInfo } from '../helpers/metadataFiles';

let t: TestApp;
let ownerToken: string;
let visitor: Client;
let candidates: number[];

beforeAll(async () => {
  t = await testApp();
  ownerToken = await t.login('owner@acme.example.com');
  visitor = client(t);
  candidates = await activeCandidates(t.knex, 2, { skip: 20 });
});
afterAll(async () => {
  await t?.knex.destroy();
});

const binary = (res: import('superagent').Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const names = (data: Buffer | Uint8Array) => Buffer.from(data).toString('latin1').includes(AUTHOR);

/** Sends a public job-description request for `candidate`, with `file` when given; answers the candidate's links. */
async function request(project: TestProject, candidate: number, file?: { data: Buffer; name: string }) {
  await addToProject(t.knex, project, [candidate], 0);
  const req = t.http
    .post('/api/v1/projects/candidate/interview/request')
    .set('Authorization', `Bearer ${ownerToken}`)
    .field('projectId', String(project.id))
    .field('candidateId', String(candidate))
    .field('requestAction', 'request_public');
  const res = await (file ? req.attach('jdFile', file.data, file.name) : req);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await runJobs(t);
  const { email } = await t.knex('candidates').where('id', candidate).first('email');
  const { guid } = await t
    .knex('interview_requests')
    .where({ project_id: project.id, candidate_id: candidate })
    .first('guid');
  return { guid: guid as string, token: (await requestEmail(t.knex, email)).token };
}

describe('A job description file says nothing the project keeps back', () => {
  it('a confidential project’s file goes by a generic name everywhere a candidate sees it, and keeps no /Info', async () => {
    const project = await makeProject(t.knex, { jobDescription: null, isConfidential: true });
    const pdf = await pdfWithInfo(['Senior Backend Engineer', 'You will design APIs in TypeScript.']);
    expect(names(pdf)).toBe(true);
    const upload = await t.http
      .post('/api/v1/projects/add-job-description')
      .set('Authorization', `Bearer ${ownerToken}`)
      .field('project_id', `Project:${project.id}`)
      .attach('jd_file', pdf, 'Acme-Backend-JD.pdf');
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    // The company's own view keeps the name it chose.
    expect(upload.body.data.jdFileName).toBe('Acme-Backend-JD.pdf');

    const { guid, token } = await request(project, candidates[0]);
    const page = await visitor.get(`/projects/jd/${guid}`);
    expect(page.status).toBe(200);
    expect(page.body.data.jdFileName).toBe('job-description.pdf');
    const check = await visitor.post('/projects/interview-request/check-and-approve', {
      interviewRequestToken: token,
      accessValue: 'check',
      responseMethod: 'email',
    });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.projectData.jdFileName).toBe('job-description.pdf');
    expect(JSON.stringify([page.body, check.body])).not.toMatch(/Acme/);

    const file = await t.http.get(`/api/v1/projects/download/jd/${guid}`).buffer(true).parse(binary);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="?job-description\.pdf"?$/);
    expect(names(file.body as Buffer)).toBe(false);
    expect((file.body as Buffer).toString('latin1')).not.toMatch(/\/Author|\/Creator/);
  });

  it('an open project’s file keeps its name, and a Word file sent with a request keeps no properties or comments', async () => {
    const project = await makeProject(t.knex, { jobDescription: null });
    const docx = await docxWithMetadata(['Senior Backend Engineer', 'You will design APIs in TypeScript.']);
    const { guid } = await request(project, candidates[1], { data: docx, name: 'Acme-Backend-JD.docx' });
    expect((await visitor.get(`/projects/jd/${guid}`)).body.data.jdFileName).toBe('Acme-Backend-JD.docx');
    const file = await t.http.get(`/api/v1/projects/download/jd/${guid}`).buffer(true).parse(binary);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/Acme-Backend-JD\.docx/);
    const parts = unzipSync(new Uint8Array(file.body as Buffer));
    for (const [name, part] of Object.entries(parts)) {
      expect(names(part), name).toBe(false);
      expect(strFromU8(part, true), name).not.toMatch(/w:author=|dc:creator/);
    }
  });
});
