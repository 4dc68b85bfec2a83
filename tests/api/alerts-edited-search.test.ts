/**
 * An edited saved search is a new starting point: the candidates its new filters find at the edit are its record, not
 * news; only who joins the pool or changes so as to match after the edit is new (as the in-app panel and the digest
 * then count).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { matchAlerts as runMatchAlerts, titledCandidate, titleId as titleIdIn } from '../helpers/alerts';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
let acme: string;

beforeAll(async () => {
  w = await pipelineWorld();
  acme = `Project:${w.projects.acme}`;
  // A project the projects calls may save (the fixture's has no job description).
  await w.knex('projects').where('id', w.projects.acme).update({ job_description: 'Engineers for our platform.' });
}, 120_000);

const matchAlerts = () => runMatchAlerts(w);

const titleId = (name: string) => titleIdIn(w, name);
const newCandidate = (firstName: string, title: string) =>
  titledCandidate(w, firstName, title, { lastName: 'Edited', domain: 'edited.example.org' });

const newIds = async () => (await w.as('company').get(`/alerts/projects/${acme}`)).body.newCandidateIds as string[];
const saveFilters = async (filters: string) => {
  const res = await w.as('company').put('/projects/update/filters', { projectId: acme, filters });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe('An edited saved search', () => {
  it('announces nobody the new filters find at the edit, and who newly matches after it', async () => {
    await saveFilters(`jt=${await titleId('Software Engineer')}`);
    const on = await w.as('company').put(`/alerts/projects/${acme}`, { on: true, frequency: 'daily', timeZone: 'UTC' });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    // In the pool all along, but not found by the filters of the time.
    const olga = await newCandidate('Olga', 'Data Analyst');
    await matchAlerts();
    expect(await newIds()).toEqual([]);

    await saveFilters(`jt=${await titleId('Data Analyst')}`);
    // Joins the pool after the edit, before the next run.
    const nia = await newCandidate('Nia', 'Data Analyst');
    await matchAlerts();
    const news = await newIds();
    expect(news).not.toContain(olga);
    expect(news).toEqual([nia]);

    // Later runs: a newcomer is news, the long-standing pool still is not.
    const ida = await newCandidate('Ida', 'Data Analyst');
    await matchAlerts();
    expect((await newIds()).sort()).toEqual([ida, nia].sort());
  });
});
