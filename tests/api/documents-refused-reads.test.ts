/**
 * A file refused on sight for its active content costs its sender none of their document reads (CV_UPLOADS_PER_WINDOW),
 * through HTTP: a candidate who tried hostile files still has every read of the window for their real CV, and an admin
 * their AI match job descriptions, and a company its chat attachments. Nor do refusals open a way round the limit: once it is reached, a hostile file is
 * answered 429 like any other, before it is looked at.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cvConfig } from '../../backend/config';
import { testApp, type TestApp } from '../helpers/app';
import { pdfOf, SG_ENGINEER } from '../helpers/cvs';
import { addToProject, makeProject } from '../helpers/interviews';
import { bearer } from '../helpers/talent';

const READS = 2;
let t: TestApp;
let plain: Buffer;
/** A PDF that names JavaScript outside any compressed stream: refused on sight (activeContent.ts). */
let hostile: Buffer;

beforeAll(async () => {
  t = await testApp({ cv: { ...cvConfig(), uploadsPerWindow: READS } });
  plain = await pdfOf(SG_ENGINEER);
  hostile = Buffer.concat([plain, Buffer.from('\n1 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj\n')]);
}, 120_000);

const refusedForActiveContent = (res: import('supertest').Response) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error.fields).toEqual({ file: 'upload.errors.activeContent' });
};

describe('A hostile file refused on sight', () => {
  it('costs a candidate none of their CV reads, and does not get past the limit', async () => {
    const candidate = await t.login('candidate@example.com');
    const upload = (file: Buffer) =>
      t.http.post('/api/v1/candidates/cv-data').set(bearer(candidate)).attach('file', file, 'cv.pdf');
    for (let i = 0; i < READS + 1; i += 1) refusedForActiveContent(await upload(hostile));
    for (let i = 0; i < READS; i += 1) {
      const res = await upload(plain);
      expect(res.status, `read ${i + 1}: ${JSON.stringify(res.body)}`).toBe(201);
    }
    expect((await upload(plain)).status).toBe(429);
    const past = await upload(hostile);
    expect(past.status, JSON.stringify(past.body)).toBe(429);
    expect(past.body.error.code).toBe('errors.tooManyRequests');
  });

  it('costs an admin none of their job description reads for AI match', async () => {
    const admin = await t.login('admin@example.com');
    const match = (file: Buffer) =>
      t.http.post('/api/v1/projects/ai-match').set(bearer(admin)).attach('file', file, 'Role.pdf');
    for (let i = 0; i < READS + 1; i += 1) refusedForActiveContent(await match(hostile));
    for (let i = 0; i < READS; i += 1) {
      const res = await match(plain);
      expect(res.status, `read ${i + 1}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
    expect((await match(hostile)).status).toBe(429);
  });

  it('costs a company none of their chat attachments', async () => {
    const company = await t.login('owner@acme.example.com');
    const project = await makeProject(t.knex, { jobDescription: null });
    const [person] = await t.knex('candidates').where('status', 1).orderBy('id').limit(1).pluck('id');
    await addToProject(t.knex, project, [person], 0);
    const first = await t.http
      .post(`/api/v1/projects/${project.id}/conversation/messages`)
      .set(bearer(company))
      .send({ body: 'Hello' });
    expect(first.status, JSON.stringify(first.body)).toBeLessThan(300);
    const attach = (file: Buffer) =>
      t.http
        .post(`/api/v1/conversations/${first.body.data.conversationId}/messages`)
        .set(bearer(company))
        .attach('attachment', file, 'Role.pdf');
    for (let i = 0; i < READS + 1; i += 1) {
      const res = await attach(hostile);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.fields).toEqual({ attachment: 'upload.errors.activeContent' });
    }
    for (let i = 0; i < READS; i += 1) {
      const res = await attach(plain);
      expect(res.status, `read ${i + 1}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
    expect((await attach(hostile)).status).toBe(429);
  });
});
