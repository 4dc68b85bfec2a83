/**
 * Reproduction 1 of issue 28 on the calls beyond the board: a company pushing ids it does not
 * reach into interview and job-description requests, "seen" marks, adding to a project and qualify
 * requests. Each answers as if the candidate did not exist (or refuses the caller outright), and
 * nothing is written, queued or mailed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);

const counts = async () => ({
  requests: Number((await w.knex('interview_requests').count({ n: '*' }))[0].n),
  rows: Number((await w.knex('project_candidates').count({ n: '*' }))[0].n),
  qualify: Number((await w.knex('qualify_requests').count({ n: '*' }))[0].n),
  mails: (await listOutbox(w.knex, 'dev@talent.example.org', 50)).length,
});

describe('A company sending requests to candidates it does not reach', () => {
  // Dev is active but hidden; the Acme confidential project has no saved filters and Dev was never in it.
  it('is told the candidate is not found for interview and job-description requests, alone or in a list; nothing is sent', async () => {
    const before = await counts();
    const p = `Project:${w.projects.acmeUnshared}`;
    for (const [label, body] of [
      ['an interview request', { projectId: p, candidateId: w.cid('Dev'), requestAction: 'request_interview' }],
      [
        'a job description',
        { projectId: p, candidateId: w.cid('Dev'), requestAction: 'request_public', jdText: 'Build our platform.' },
      ],
      [
        'a list with one reachable id',
        {
          projectId: `Project:${w.projects.acme}`,
          candidateId: [w.cid('Ben'), w.cid('Finn')],
          requestAction: 'request_interview',
        },
      ],
    ] as const) {
      const res = await w.as('company').post('/projects/candidate/interview/request', body);
      expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(404);
      expect(res.body.error.code, label).toBe('project.candidate.notFound');
    }
    expect(await counts()).toEqual(before);
  });

  it("cannot send to another company's project at all", async () => {
    const before = await counts();
    const res = await w.as('raas').post('/projects/candidate/interview/request', {
      projectId: `Project:${w.projects.acme}`,
      candidateId: w.cid('Ben'),
      requestAction: 'request_interview',
    });
    expect(res.status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('marks nobody it does not reach as seen', async () => {
    const before = await counts();
    const res = await w.as('company').post('/projects/candidate/seen', {
      projectId: w.projects.acmeUnshared,
      candidates: [w.cid('Dev'), w.cid('Eve')],
      tab: 0,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.seen).toBe(0);
    expect(await counts()).toEqual(before);
  });

  it('adds to its project no candidate its search does not find: an inactive one, or any one for a company without search', async () => {
    const before = await counts();
    const inactive = await w
      .as('company')
      .post('/projects/candidate/add', { projectId: `Project:${w.projects.acmeUnshared}`, candidateId: w.cid('Finn') });
    expect(inactive.status, JSON.stringify(inactive.body)).toBe(404);
    const raas = await w
      .as('raas')
      .post('/projects/candidate/add', { projectId: `Project:${w.projects.raasPower}`, candidateId: w.cid('Ben') });
    expect(raas.status, JSON.stringify(raas.body)).toBe(404);
    const foreign = await w
      .as('company')
      .post('/projects/candidate/add', { projectId: `Project:${w.projects.globex}`, candidateId: w.cid('Ben') });
    expect(foreign.status, JSON.stringify(foreign.body)).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('may not send qualify requests, which are for admins', async () => {
    const before = await counts();
    for (const who of ['company', 'member', 'raas', 'candidate'] as const) {
      const res = await w.as(who).post('/projects/candidate/send/qualify/request', {
        candidateId: [w.cid('Ben')],
        header: 'Hello',
        body: 'Are you open to a new role?',
      });
      expect(res.status, `${who}: ${JSON.stringify(res.body)}`).toBe(403);
    }
    expect(await counts()).toEqual(before);
  });
});
