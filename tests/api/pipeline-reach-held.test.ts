/**
 * A company reaches in a project the candidates its board shows (pipeline/reach.ts), and the board reads
 * a project row as tabs.ts `heldSql` does: a row written only because the company saw a candidate in the
 * suggested tab holds nobody once the saved filters no longer find them. Such a candidate leaves the tab
 * and is no longer reached: the tab of the candidate, a move and a note by id answer 404, as for an id
 * that names nobody. One the company hid there is still listed by the hidden view, and so still unhidden;
 * one the changed filters find is reached as before.
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

const listed = async (hidden = false) => {
  const res = await w.as('company').get(`/projects/candidates/search?project_id=${project()}${hidden ? '&ih=1' : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return namesOf(w, res.body);
};

const tabOf = (name: string) =>
  w.as('company').get(`/projects/get-project-tab-by-candidate?project_guid=${guid}&candidate_guid=${w.cid(name)}`);

const move = (name: string) =>
  w.as('company').post('/projects/recruitment', {
    projectId: project(),
    candidateId: w.cid(name),
    recruitmentStatus: 1,
    confirmReveal: true,
  });

const note = (name: string) =>
  w.as('company').post('/candidate-note', { projectId: project(), candidateId: w.cid(name), note: 'Worth a call' });

const hide = (name: string, value: boolean) =>
  w.as('company').post('/projects/candidate/hidden', { projectId: project(), candidateId: w.cid(name), hide: value });

const notFound = (res: { status: number; body: { error?: { code?: string } } }) => {
  expect([res.status, res.body.error?.code], JSON.stringify(res.body)).toEqual([404, 'project.candidate.notFound']);
};

describe('A candidate only seen in the suggested tab, once the saved filters no longer find them', () => {
  beforeAll(async () => {
    expect(await listed()).toEqual(expect.arrayContaining(['Ben', 'Dev']));
    const seen = await w
      .as('company')
      .post('/projects/candidate/seen', { projectId: w.projects.acme, candidates: [w.cid('Ben')], tab: 0 });
    expect(seen.body).toEqual({ success: true, seen: 1 });
    expect((await tabOf('Ben')).body).toEqual({ success: true, tab: 0 });
    const hidden = await hide('Dev', true);
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    // The project's filters now look for data analysts: Ben and Dev (software engineers) are no longer found.
    const analyst = await w.lookup('job_titles', 'Data Analyst');
    await w
      .knex('projects')
      .where('id', w.projects.acme)
      .update({ current_url: `/search?jt=${analyst}` });
  });

  it('leaves the suggested tab', async () => {
    expect(await listed()).not.toContain('Ben');
  });

  it('has no tab: a link to them is not found', async () => {
    notFound(await tabOf('Ben'));
  });

  it('is neither moved nor noted by id, and nothing is written', async () => {
    notFound(await move('Ben'));
    notFound(await note('Ben'));
    expect(await w.rowOf(w.projects.acme, 'Ben')).toMatchObject({ stage: 0 });
    const notes = await w
      .knex('candidate_notes')
      .where({ project_id: w.projects.acme, candidate_id: w.cid('Ben').split(':').pop() });
    expect(notes).toEqual([]);
  });

  it('is still unhidden by the company when it hid them there: the hidden view lists them', async () => {
    expect(await listed(true)).toContain('Dev');
    expect((await tabOf('Dev')).body).toEqual({ success: true, tab: 0 });
    const res = await hide('Dev', false);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await w.rowOf(w.projects.acme, 'Dev')).toMatchObject({ is_hidden: false });
    expect(await listed(true)).not.toContain('Dev');
    notFound(await tabOf('Dev'));
  });

  it('is reached as before when the changed filters find them', async () => {
    const found = await listed();
    expect(found.length).toBeGreaterThan(0);
    const name = found[0];
    expect((await tabOf(name)).body).toEqual({ success: true, tab: 0 });
    const written = await note(name);
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const moved = await move(name);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await w.rowOf(w.projects.acme, name)).toMatchObject({ stage: 1 });
  });
});
