/**
 * An interview request to many candidates as the portal sends it: a multipart form with one candidateId part per
 * candidate. Every form the input accepts (up to 100 candidates) is received whole; one past it is refused on the
 * candidates, never as a problem of a job description file that was not sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject } from '../helpers/interviews';

let t: TestApp;
let ownerToken: string;

beforeAll(async () => {
  t = await testApp();
  ownerToken = await t.login('owner@acme.example.com');
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** The form of portal/api/interviews.ts: projectId, a candidateId part per candidate, requestAction, channel. */
function sendForm(projectId: number, candidateIds: (number | string)[]) {
  const req = t.http.post('/api/v1/projects/candidate/interview/request').set('Authorization', `Bearer ${ownerToken}`);
  req.field('projectId', String(projectId));
  for (const id of candidateIds) req.field('candidateId', String(id));
  return req.field('requestAction', 'request_interview').field('channel', 'email');
}

describe('An interview request to many candidates as a multipart form', () => {
  it('sends to 28 candidates, one candidateId part each', async () => {
    const project = await makeProject(t.knex);
    const candidates = await activeCandidates(t.knex, 28);
    expect(candidates).toHaveLength(28);
    await addToProject(t.knex, project, candidates, 1);
    const res = await sendForm(project.id, candidates);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.requests).toHaveLength(28);
  });

  it('refuses 101 candidates on the candidates, not on a file', async () => {
    const project = await makeProject(t.knex);
    const candidates = await activeCandidates(t.knex, 1);
    await addToProject(t.knex, project, candidates, 1);
    const many = Array.from({ length: 101 }, (_, n) => `Candidate:${candidates[0] + n}`);
    const res = await sendForm(project.id, many);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ candidateId: 'candidateId.errors.tooMany' });
    // Far past any form the input accepts: still the same refusal.
    const flood = await sendForm(project.id, [...many, ...many, ...many]);
    expect(flood.status).toBe(400);
    expect(flood.body.error.fields).toEqual({ candidateId: 'candidateId.errors.tooMany' });
    const sent = await t.knex('interview_requests').where('project_id', project.id).count('* as n').first();
    expect(Number(sent?.n)).toBe(0);
  });
});
