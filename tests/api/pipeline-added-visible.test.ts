/**
 * A candidate a company adds to another of its projects (the candidate menu's add) is on that
 * project's board: in the suggested tab and its count, like a curated one, whatever the project's
 * saved filters find, and the add dialog's "already in this project" says so. A row written only
 * because the company saw a candidate in the suggested tab holds nobody once the filters no longer
 * find them: it neither answers hasCandidate nor blocks an addition. Whom a company meets is
 * unchanged: a paused candidate leaves the tab, the count and the list; one hidden from companies
 * is still not added.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { namesOf, pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);

const suggested = async (projectId: number) => {
  const res = await w.as('company').get(`/projects/candidates/search?project_id=Project:${projectId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { names: namesOf(w, res.body), open: res.body.stats.open as number };
};

/** hasCandidate of `projectId` in the company's list of projects to add `candidate` to. */
const hasCandidate = async (projectId: number, candidate: string): Promise<boolean | undefined> => {
  const res = await w.as('company').get(`/projects/candidate/list?candidateId=${w.cid(candidate)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { id: string; hasCandidate: boolean }[]).find((p) => p.id === `Project:${projectId}`)
    ?.hasCandidate;
};

const add = (projectId: number, candidate: string) =>
  w.as('company').post('/projects/candidate/add', { projectId: `Project:${projectId}`, candidateId: w.cid(candidate) });

describe("A company's addition to another of its projects", () => {
  it('shows the candidate in the suggested tab and counts them, as the dialog says', async () => {
    expect(await suggested(w.projects.memberOwn)).toEqual({ names: [], open: 0 });
    const first = await add(w.projects.memberOwn, 'Chloe');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await suggested(w.projects.memberOwn)).toEqual({ names: ['Chloe'], open: 1 });
    expect(await hasCandidate(w.projects.memberOwn, 'Chloe')).toBe(true);
    const again = await add(w.projects.memberOwn, 'Chloe');
    expect([again.status, again.body.error?.code]).toEqual([409, 'project.candidate.add.exists']);
  });

  it('stays in a project with saved filters that do not find them, and is counted there', async () => {
    const res = await add(w.projects.acme, 'Ivy');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await suggested(w.projects.acme)).toEqual({ names: ['Ben', 'Dev', 'Ivy'], open: 3 });
  });

  it('leaves the tab, the count and the list while the candidate is paused', async () => {
    const me = w.cid('Chloe');
    const paused = await w.as('candidate').post(`/candidates/${me}/pause`, {});
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(await suggested(w.projects.memberOwn)).toEqual({ names: [], open: 0 });
    expect(await hasCandidate(w.projects.memberOwn, 'Chloe')).toBe(false);
    const active = await w.as('candidate').post(`/candidates/${me}/activate`, {});
    expect(active.status, JSON.stringify(active.body)).toBe(200);
    expect(await suggested(w.projects.memberOwn)).toEqual({ names: ['Chloe'], open: 1 });
  });
});

describe('A candidate only seen in the suggested tab', () => {
  it('holds no place once the saved filters change: not reported, and added like anyone else', async () => {
    const seen = await w.as('company').post('/projects/candidate/seen', {
      projectId: w.projects.acme,
      candidates: [w.cid('Ben'), w.cid('Dev')],
      tab: 0,
    });
    expect(seen.body).toEqual({ success: true, seen: 2 });
    // The project's filters now look for data analysts: Ben and Dev (software engineers) are no longer found.
    const analyst = await w.lookup('job_titles', 'Data Analyst');
    await w
      .knex('projects')
      .where('id', w.projects.acme)
      .update({ current_url: `/search?jt=${analyst}` });
    const before = await suggested(w.projects.acme);
    expect(before.names).not.toContain('Ben');
    expect(await hasCandidate(w.projects.acme, 'Ben')).toBe(false);

    const res = await add(w.projects.acme, 'Ben');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await suggested(w.projects.acme);
    expect(after.names).toContain('Ben');
    expect(after.open).toBe(before.open + 1);
    expect(await hasCandidate(w.projects.acme, 'Ben')).toBe(true);
    expect(await w.rowOf(w.projects.acme, 'Ben')).toMatchObject({ stage: 0, curated: false });
  });

  it('who hides from companies is still not added by one, nor shown', async () => {
    expect(await hasCandidate(w.projects.acme, 'Dev')).toBe(false);
    const res = await add(w.projects.acme, 'Dev');
    expect(res.status).toBe(404);
    expect((await suggested(w.projects.acme)).names).not.toContain('Dev');
  });
});

describe('A candidate the company hid in the suggested tab', () => {
  it('is shown again when the company adds them to the project after all', async () => {
    const company = (await w.knex('projects').where('id', w.projects.memberOwn).first('company_id')).company_id;
    // Hidden while the saved filters found them: a row of its own at the suggested stage, placed by nobody.
    await w.knex('project_candidates').insert({
      project_id: w.projects.memberOwn,
      candidate_id: Number(w.cid('Ivy').split(':').pop()),
      company_id: company,
      stage: 0,
      is_hidden: true,
    });
    expect(await hasCandidate(w.projects.memberOwn, 'Ivy')).toBe(false);
    const res = await add(w.projects.memberOwn, 'Ivy');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await suggested(w.projects.memberOwn)).names).toContain('Ivy');
    expect(await w.rowOf(w.projects.memberOwn, 'Ivy')).toMatchObject({ is_hidden: false });
  });
});
