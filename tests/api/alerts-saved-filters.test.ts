/**
 * The saved search an alert answers (GET /alerts/projects/:id and GET /alerts/mine, which the project page's "Open in
 * search" and the search page's "N new since" read) is the project's saved query whichever shape is stored: the query
 * alone, as the portal and the projects calls save it (a leading `?` is taken off), or an address an older write left
 * (`/search?…`, `?…`). An address without a query, or no filters, is an empty search.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
let acme: string;
let query: string;

beforeAll(async () => {
  w = await pipelineWorld();
  acme = `Project:${w.projects.acme}`;
  const engineer = (await w.knex('job_titles').where('name', 'Software Engineer').first('id')).id as number;
  query = `jt=${engineer}&ts=backend`;
  // A project the projects calls may save (the fixture's has no job description).
  await w.knex('projects').where('id', w.projects.acme).update({ job_description: 'Engineers for our platform.' });
}, 120_000);

/** The filters the owner's alert on the project answers, on the project page and for the search page. */
async function answered(): Promise<[string, string]> {
  const panel = await w.as('company').get(`/alerts/projects/${acme}`);
  expect(panel.status, JSON.stringify(panel.body)).toBe(200);
  const mine = await w.as('company').get('/alerts/mine');
  expect(mine.status, JSON.stringify(mine.body)).toBe(200);
  const row = (mine.body.data as { projectId: string; filters: string }[]).find((r) => r.projectId === acme);
  expect(row, 'the alert is listed for the search page').toBeDefined();
  return [panel.body.filters as string, row!.filters];
}

const store = (url: string | null) => w.knex('projects').where('id', w.projects.acme).update({ current_url: url });

describe("An alert's saved search", () => {
  it('is the query the project saved, whichever shape is stored', async () => {
    const on = await w.as('company').put(`/alerts/projects/${acme}`, { on: true, frequency: 'daily' });
    expect(on.status, JSON.stringify(on.body)).toBe(200);

    // Saved as the portal saves it, and with a leading `?`: stored as the query alone.
    for (const filters of [query, `?${query}`]) {
      const saved = await w.as('company').put('/projects/update/filters', { projectId: acme, filters });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await w.knex('projects').where('id', w.projects.acme).first('current_url')).current_url).toBe(query);
      expect(await answered()).toEqual([query, query]);
    }

    // The addresses an older write stored.
    for (const url of [`/search?${query}`, `?${query}`]) {
      await store(url);
      expect(await answered()).toEqual([query, query]);
    }

    // No query at all.
    for (const url of ['/search', '', null]) {
      await store(url);
      expect(await answered()).toEqual(['', '']);
    }
  });
});
