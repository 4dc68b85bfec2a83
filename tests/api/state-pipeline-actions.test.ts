/**
 * The candidate menu's writes refuse a closed (inactive) project as adding a candidate does (409
 * `project.recruitment.errors.projectInactive`): favourite, hide and seen write no row, not even
 * the suggested-tab row of a candidate the project's saved filters reach. A paused project takes
 * them as before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);

const INACTIVE = 'project.recruitment.errors.projectInactive';
const project = () => `Project:${w.projects.acme}`;
const setStatus = async (status: number) => {
  const res = await w.as('company').put('/projects', { keys: [project()], status });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const calls = (name: string) =>
  [
    [
      'favourite',
      () =>
        w
          .as('company')
          .post('/projects/candidate/favourite', { projectId: project(), candidateId: w.cid(name), favourite: true }),
    ],
    [
      'hidden',
      () =>
        w
          .as('company')
          .post('/projects/candidate/hidden', { projectId: project(), candidateId: w.cid(name), hide: true }),
    ],
    [
      'seen',
      () =>
        w.as('company').post('/projects/candidate/seen', { projectId: project(), candidates: [w.cid(name)], tab: 0 }),
    ],
  ] as const;
const rowsOf = () => w.knex('project_candidates').where('project_id', w.projects.acme).orderBy('id');
const logsOf = () => w.knex('candidate_recruitment_stage_logs').where('project_id', w.projects.acme).orderBy('id');

describe('Favourite, hide and seen', () => {
  it('write the suggested-tab row of a candidate the saved filters reach on a paused project', async () => {
    await setStatus(1);
    for (const [path, call] of calls('Ben')) {
      const res = await call();
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
    }
    const [row] = await rowsOf();
    expect(row).toMatchObject({ candidate_id: w.ids.Ben, stage: 0, is_favorited: true, is_hidden: true });
    expect(row.seen_at).not.toBeNull();
  });

  it('are refused on a closed project, as adding a candidate is, and write nothing', async () => {
    await setStatus(3);
    const [before, logs] = [await rowsOf(), await logsOf()];
    const add = await w
      .as('company')
      .post('/projects/candidate/add', { projectId: project(), candidateId: w.cid('Dev') });
    expect([add.status, add.body.error?.code]).toEqual([409, INACTIVE]);
    for (const name of ['Dev', 'Ben'])
      for (const [path, call] of calls(name)) {
        const res = await call();
        expect([res.status, res.body.error?.code], `${path} ${name}`).toEqual([409, INACTIVE]);
      }
    expect(await rowsOf()).toEqual(before);
    expect(await logsOf()).toEqual(logs);
  });
});
