/**
 * The platform's curation of a candidate the company had hidden in the suggested tab shows them again, as an admin's
 * addition does (pipeline/curation.ts): the company is told of them, so its suggested tab lists them and the hidden
 * view no longer does.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { curate } from '../helpers/notifications';
import { namesOf, pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);

const project = () => `Project:${w.projects.acme}`;

const listed = async (hidden = false) => {
  const res = await w.as('company').get(`/projects/candidates/search?project_id=${project()}${hidden ? '&ih=1' : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return namesOf(w, res.body);
};

describe('Curating a candidate the company hid in the suggested tab', () => {
  beforeAll(async () => {
    const hidden = await w
      .as('company')
      .post('/projects/candidate/hidden', { projectId: project(), candidateId: w.cid('Ben'), hide: true });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(await listed()).not.toContain('Ben');
    expect(await listed(true)).toContain('Ben');
    await curate(w, w.projects.acme, ['Ben']);
  });

  it('shows them in the suggested tab, curated and no longer hidden', async () => {
    expect(await w.rowOf(w.projects.acme, 'Ben')).toMatchObject({ stage: 0, curated: true, is_hidden: false });
    expect(await listed()).toContain('Ben');
    expect(await listed(true)).not.toContain('Ben');
  });
});
