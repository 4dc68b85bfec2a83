/**
 * A candidate the company asked to interview is the company's (pipeline/tabs.ts `placedSql`): the interview request
 * writes a suggested-tab row with only `interview_requested_at`, and a booked interview `interview_scheduled_at`.
 * Such a row holds its candidate whatever the project's saved filters find: once the filters change, the suggested
 * tab still lists them, the candidate menu says they are already in the project, and the company still reaches them
 * (their tab, a note, a move by id).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { namesOf, pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
let guid: string;
beforeAll(async () => {
  w = await pipelineWorld();
  guid = (await w.knex('projects').where('id', w.projects.acme).first('guid')).guid as string;
}, 120_000);

const project = () => `Project:${w.projects.acme}`;

const listed = async () => {
  const res = await w.as('company').get(`/projects/candidates/search?project_id=${project()}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return namesOf(w, res.body);
};

const tabOf = (name: string) =>
  w.as('company').get(`/projects/get-project-tab-by-candidate?project_guid=${guid}&candidate_guid=${w.cid(name)}`);

describe('A candidate asked to an interview from the suggested tab, once the saved filters no longer find them', () => {
  beforeAll(async () => {
    expect(await listed()).toEqual(expect.arrayContaining(['Ben', 'Dev']));
    const sent = await w.as('company').post('/projects/candidate/interview/request', {
      projectId: project(),
      candidateId: w.cid('Ben'),
      requestAction: 'request_interview',
      jdText: 'Build and run our payments platform.',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(await w.rowOf(w.projects.acme, 'Ben')).toMatchObject({ stage: 0, curated: false, added: false });
    // Dev's interview was booked: the row records its time (interviews/delivery.ts), still in the suggested tab.
    await w.place(w.projects.acme, 'Dev', 0, { interview_scheduled_at: new Date() });
    // The project's filters now look for data analysts: Ben and Dev (software engineers) are no longer found.
    const analyst = await w.lookup('job_titles', 'Data Analyst');
    await w
      .knex('projects')
      .where('id', w.projects.acme)
      .update({ current_url: `/search?jt=${analyst}` });
  });

  it('stays listed in the suggested tab, in its tab', async () => {
    expect(await listed()).toEqual(expect.arrayContaining(['Ben', 'Dev']));
    expect((await tabOf('Ben')).body).toEqual({ success: true, tab: 0 });
    expect((await tabOf('Dev')).body).toEqual({ success: true, tab: 0 });
  });

  it('is already in this project for the candidate menu', async () => {
    const add = await w
      .as('company')
      .post('/projects/candidate/add', { projectId: project(), candidateId: w.cid('Ben') });
    expect([add.status, add.body.error?.code], JSON.stringify(add.body)).toEqual([409, 'project.candidate.add.exists']);
  });

  it('is noted and moved by id', async () => {
    for (const name of ['Ben', 'Dev']) {
      const note = await w
        .as('company')
        .post('/candidate-note', { projectId: project(), candidateId: w.cid(name), note: 'Worth a call' });
      expect(note.status, JSON.stringify(note.body)).toBe(201);
      const moved = await w.as('company').post('/projects/recruitment', {
        projectId: project(),
        candidateId: w.cid(name),
        recruitmentStatus: 1,
        confirmReveal: true,
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(await w.rowOf(w.projects.acme, name)).toMatchObject({ stage: 1 });
    }
  });
});
