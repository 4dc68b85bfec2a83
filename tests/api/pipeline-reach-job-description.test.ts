/**
 * A candidate the company sent its job description to is the company's, as one it asked to interview is
 * (pipeline/tabs.ts `placedSql`): sending it writes a suggested-tab row with only `whitelist_requested_at`. Once the
 * project's saved filters no longer find them, the suggested tab still lists them, and the company still reaches
 * them: an interview request, a note and a move by id answer as before, not 404.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { namesOf, pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);

const project = () => `Project:${w.projects.acme}`;

const listed = async () => {
  const res = await w.as('company').get(`/projects/candidates/search?project_id=${project()}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return namesOf(w, res.body);
};

describe('A candidate sent the job description from the suggested tab, once the saved filters no longer find them', () => {
  beforeAll(async () => {
    expect(await listed()).toContain('Ben');
    const sent = await w.as('company').post('/projects/candidate/interview/request', {
      projectId: project(),
      candidateId: w.cid('Ben'),
      requestAction: 'request_public',
      jdText: 'Build and run our payments platform.',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(await w.rowOf(w.projects.acme, 'Ben')).toMatchObject({ stage: 0, curated: false, added: false });
    const analyst = await w.lookup('job_titles', 'Data Analyst');
    await w
      .knex('projects')
      .where('id', w.projects.acme)
      .update({ current_url: `/search?jt=${analyst}` });
  });

  it('stays listed in the suggested tab', async () => {
    expect(await listed()).toContain('Ben');
  });

  it('can still be asked to an interview, noted and moved by id', async () => {
    const asked = await w.as('company').post('/projects/candidate/interview/request', {
      projectId: project(),
      candidateId: w.cid('Ben'),
      requestAction: 'request_interview',
      jdText: 'Build and run our payments platform.',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const note = await w
      .as('company')
      .post('/candidate-note', { projectId: project(), candidateId: w.cid('Ben'), note: 'Read the description' });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const moved = await w.as('company').post('/projects/recruitment', {
      projectId: project(),
      candidateId: w.cid('Ben'),
      recruitmentStatus: 1,
      confirmReveal: true,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  });
});
