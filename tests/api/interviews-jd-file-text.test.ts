/**
 * A job description file sent with an interview request is kept with its text, as a project's own upload is: AI match
 * reads the project's description from that text, and a replaced file replaces the text too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { pdfOf } from '../helpers/cvs';
import { activeCandidates, addToProject, makeProject } from '../helpers/interviews';

let t: TestApp;
let ownerToken: string;
let adminToken: string;
let candidates: number[];

beforeAll(async () => {
  t = await testApp();
  ownerToken = await t.login('owner@acme.example.com');
  adminToken = await t.login('admin@example.com');
  candidates = await activeCandidates(t.knex, 2);
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** The multipart call as the portal's dialog sends it, with a PDF job description. */
async function send(projectId: number, candidate: number, lines: string[]) {
  return t.http
    .post('/api/v1/projects/candidate/interview/request')
    .set('Authorization', `Bearer ${ownerToken}`)
    .field('projectId', String(projectId))
    .field('candidateId', String(candidate))
    .field('requestAction', 'request_public')
    .attach('jdFile', await pdfOf(lines), 'Role.pdf');
}

describe('The text of a job description file sent with interview requests', () => {
  it('is kept with the file, and AI match reads the project from it', async () => {
    const project = await makeProject(t.knex, { jobDescription: null });
    await addToProject(t.knex, project, candidates, 0);
    const first = await send(project.id, candidates[0], ['Backend Engineer', 'You will design APIs in TypeScript.']);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const kept = await t.knex('projects').where('id', project.id).first('jd_text', 'jd_file_name');
    expect(kept.jd_file_name).toBe('Role.pdf');
    expect(kept.jd_text).toContain('You will design APIs in TypeScript.');

    const match = await t.http
      .post('/api/v1/projects/ai-match')
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ projectId: project.id });
    expect(match.status, JSON.stringify(match.body)).toBe(201);

    // A later request with another file: the text follows the file kept.
    const second = await send(project.id, candidates[1], ['Data Engineer', 'You will build pipelines in Python.']);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const replaced = await t.knex('projects').where('id', project.id).first('jd_text');
    expect(replaced.jd_text).toContain('You will build pipelines in Python.');
    expect(replaced.jd_text).not.toContain('TypeScript');
  });
});
