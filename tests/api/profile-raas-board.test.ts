/**
 * A RaaS company has no search, yet its board opens a candidate's profile panel with the project's
 * id: opened from its own board, the profile answers as the board shows the candidate (the stages
 * a RaaS company sees, the candidate gate's name and contact); a candidate not on that board, or in
 * a stage it does not see, is "not found"; without a project the search permission stays required.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STAGES } from '../../schema/rules/pipeline';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);

const panel = (who: 'raas' | 'company' | 'candidate', name: string, projectId?: number) =>
  w.as(who).get(`/search/candidates/${w.cid(name)}${projectId === undefined ? '' : `?projectId=Project:${projectId}`}`);

describe("A RaaS company opening a candidate's profile from its own board", () => {
  it('gets the profile as the board shows it: name and contact past the suggested tab, no curation fields', async () => {
    await w.place(w.projects.raasPower, 'Ava', STAGES.shortlist);
    const res = await panel('raas', 'Ava', w.projects.raasPower);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: w.cid('Ava'),
      firstName: 'Ava',
      anonymous: false,
      email: 'ava@talent.example.org',
    });
    for (const internal of ['status', 'visibility', 'ownerId', 'reasonForLeaving', 'currentSalary', 'completeness'])
      expect(res.body, internal).not.toHaveProperty(internal);
    // An open from a board is the project's work, not a search's profile view.
    const views = await w
      .knex('candidate_search_or_view_logs')
      .where({ candidate_id: w.ids.Ava, actor_id: w.people.raasOwner, company_id: w.companies.raas })
      .count({ n: '*' });
    expect(Number(views[0].n)).toBe(0);
  });

  it('keeps an anonymous candidate without name or contact until revealed, as the board does', async () => {
    await w.place(w.projects.raasPower, 'Eve', STAGES.interviewing);
    const res = await panel('raas', 'Eve', w.projects.raasPower);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: null, firstName: null, anonymous: true });
    expect(res.body.email).toBeUndefined();
  });

  it('is not found for a candidate not on its board, or in a stage it does not see', async () => {
    await w.place(w.projects.raasPower, 'Ivy', STAGES.qualify);
    await w.place(w.projects.raasPower, 'Ben', STAGES.offered);
    for (const name of ['Chloe', 'Ivy', 'Ben']) {
      const res = await panel('raas', name, w.projects.raasPower);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(404);
      expect(res.body.error.code, name).toBe('project.candidate.notFound');
    }
    // Inactive candidates are not found, as on every board.
    expect((await panel('raas', 'Finn', w.projects.raasPower)).status).toBe(404);
  });

  it("is not found from another company's project; without a project it stays refused, as search is", async () => {
    await w.place(w.projects.acme, 'Ava', STAGES.shortlist);
    expect((await panel('raas', 'Ava', w.projects.acme)).status).toBe(404);
    const bare = await panel('raas', 'Ava');
    expect(bare.status, JSON.stringify(bare.body)).toBe(403);
    expect(bare.body.error.code).toBe('errors.forbidden');
  });

  it('leaves the others as they were: a company from search and from its board; a candidate refused', async () => {
    expect((await panel('company', 'Ava')).status).toBe(200);
    expect((await panel('company', 'Ava', w.projects.acme)).body.email).toBe('ava@talent.example.org');
    expect((await panel('candidate', 'Ava')).status).toBe(403);
    expect((await panel('candidate', 'Ava', w.projects.raasPower)).status).toBe(403);
    const guest = await w.t.http.get(
      `/api/v1/search/candidates/${w.cid('Ava')}?projectId=Project:${w.projects.raasPower}`,
    );
    expect(guest.status).toBe(401);
  });
});
