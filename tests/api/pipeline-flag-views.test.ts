/**
 * The hidden (`ih=1`) and favourites (`isf=1`) views of the suggested tab list every candidate the company flagged
 * there, whatever the project's saved filters find now: a candidate hidden or favourited, then no longer found by
 * changed filters, can still be unhidden or unfavourited. The suggested tab itself still follows the filters.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { namesOf, pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
  // The world writes its projects as bare rows: an update through the API asks for the description.
  await w.knex('projects').where('id', w.projects.acme).update({ job_description: 'Build our platform.' });
}, 120_000);

const suggested = (extra = '') =>
  w.as('company').get(`/projects/candidates/search?project_id=Project:${w.projects.acme}${extra}`);

describe('Candidates flagged in the suggested tab, after the saved filters change', () => {
  it('stay in the hidden and favourites views, and can be unhidden and unfavourited', async () => {
    // The project's saved filters find software engineers: Ben and Dev.
    expect(namesOf(w, (await suggested()).body)).toEqual(['Ben', 'Dev']);
    const hide = await w
      .as('company')
      .post('/projects/candidate/hidden', { projectId: w.projects.acme, candidateId: w.cid('Ben'), hide: true });
    expect(hide.status, JSON.stringify(hide.body)).toBe(200);
    const fav = await w.as('company').post('/projects/candidate/favourite', {
      projectId: w.projects.acme,
      candidateId: w.cid('Dev'),
      favourite: true,
    });
    expect(fav.status, JSON.stringify(fav.body)).toBe(200);

    // The filters now look for data analysts: neither is found any more.
    const analyst = await w.lookup('job_titles', 'Data Analyst');
    const saved = await w
      .as('company')
      .put('/projects/update/filters', { projectId: `Project:${w.projects.acme}`, filters: `jt=${analyst}` });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // The suggested tab and its count follow the filters.
    const open = await suggested();
    expect(namesOf(w, open.body)).not.toContain('Ben');
    expect(namesOf(w, open.body)).not.toContain('Dev');
    expect(open.body.stats.open).toBe(open.body.totalResults);

    // The hidden view still lists Ben, who can be unhidden from it.
    const hidden = await suggested('&ih=1');
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(namesOf(w, hidden.body)).toEqual(['Ben']);
    const unhide = await w
      .as('company')
      .post('/projects/candidate/hidden', { projectId: w.projects.acme, candidateId: w.cid('Ben'), hide: false });
    expect(unhide.status, JSON.stringify(unhide.body)).toBe(200);
    expect(namesOf(w, (await suggested('&ih=1')).body)).toEqual([]);

    // The favourites view still lists Dev, who can be unfavourited from it.
    expect(namesOf(w, (await suggested('&isf=1')).body)).toEqual(['Dev']);
    const unfav = await w.as('company').post('/projects/candidate/favourite', {
      projectId: w.projects.acme,
      candidateId: w.cid('Dev'),
      favourite: false,
    });
    expect(unfav.status, JSON.stringify(unfav.body)).toBe(200);
    expect(namesOf(w, (await suggested('&isf=1')).body)).toEqual([]);
    expect((await suggested()).body.stats.open).toBe(open.body.stats.open);
  });
});
