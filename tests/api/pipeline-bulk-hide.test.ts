/**
 * The bulk bar's hide: POST /projects/candidate/hidden takes a list of candidate ids as a move does, and hides all of
 * them or none (a candidate the caller does not reach, or too long a list, changes nothing). One id still works.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);

const SHORTLIST = 2;
const PLACED = ['Ava', 'Ben', 'Eve'];

beforeEach(async () => {
  for (const name of PLACED) await w.place(w.projects.acme, name, SHORTLIST, { is_hidden: false });
  // Finn is paused (inactive): his row stays, but the company's board no longer shows him.
  await w.place(w.projects.acme, 'Finn', SHORTLIST, { is_hidden: false });
  // Ivy is active, but only on Globex's board: Acme's saved filters (engineers) do not find her.
  await w.place(w.projects.globex, 'Ivy', SHORTLIST, { is_hidden: false });
});

const hide = (candidateId: unknown) =>
  w
    .as('company')
    .post('/projects/candidate/hidden', { projectId: `Project:${w.projects.acme}`, candidateId, hide: true });

const hiddenIn = async (projectId: number): Promise<number[]> =>
  (await w.knex('project_candidates').where({ project_id: projectId, is_hidden: true }).pluck('candidate_id')).sort();

const logged = () =>
  w.knex('candidate_recruitment_stage_logs').where({ project_id: w.projects.acme, activity: 4 }).count({ n: '*' });

describe('Bulk hide on the pipeline', () => {
  it('hides the three candidates of the list in one request, and says how many', async () => {
    const before = Number((await logged())[0].n);
    const res = await hide([w.cid('Ava'), w.cid('Ben'), w.cid('Eve')]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, isHidden: true, count: 3 });
    expect(await hiddenIn(w.projects.acme)).toEqual([w.ids.Ava, w.ids.Ben, w.ids.Eve].sort());
    expect(Number((await logged())[0].n) - before).toBe(3);
  });

  it('hides none when one of the list is not on the board (paused meanwhile): 404 naming that candidate', async () => {
    const res = await hide([w.cid('Ava'), w.cid('Finn'), w.cid('Eve')]);
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(JSON.stringify(res.body)).toContain(w.cid('Finn'));
    expect(JSON.stringify(res.body)).not.toContain(w.cid('Ava'));
    expect(await hiddenIn(w.projects.acme)).toEqual([]);
  });

  it("hides none when the list holds another company's candidate", async () => {
    const res = await hide([w.cid('Ava'), w.cid('Ben'), w.cid('Ivy')]);
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(JSON.stringify(res.body)).toContain(w.cid('Ivy'));
    expect(await hiddenIn(w.projects.acme)).toEqual([]);
    expect(await hiddenIn(w.projects.globex)).toEqual([]);
  });

  it('refuses a list of 201 ids (400) and hides none', async () => {
    const list = [w.cid('Ava'), ...Array.from({ length: 200 }, (_, i) => `Candidate:${900_000 + i}`)];
    const res = await hide(list);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(await hiddenIn(w.projects.acme)).toEqual([]);
  });

  it('takes duplicates in the list once', async () => {
    const res = await hide([w.cid('Ava'), w.cid('Ava'), w.cid('Eve'), w.cid('Eve')]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(2);
    expect(await hiddenIn(w.projects.acme)).toEqual([w.ids.Ava, w.ids.Eve].sort());
  });

  it('still takes one id, and unhides a list', async () => {
    expect((await hide(w.cid('Ben'))).body).toMatchObject({ success: true, isHidden: true, count: 1 });
    expect(await hiddenIn(w.projects.acme)).toEqual([w.ids.Ben]);
    const unhide = await w.as('company').post('/projects/candidate/hidden', {
      projectId: `Project:${w.projects.acme}`,
      candidateId: [w.cid('Ben'), w.cid('Eve')],
      hide: false,
    });
    expect(unhide.status, JSON.stringify(unhide.body)).toBe(200);
    expect(await hiddenIn(w.projects.acme)).toEqual([]);
  });
});
