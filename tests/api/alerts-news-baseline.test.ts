/**
 * What an alert announces as new: only candidates its saved search did not find at its last run and finds now. A
 * change that leaves long-standing matches matching (an admin's currency rate, rewriting every USD salary) announces
 * nobody; a new match who stops matching leaves the news, and the new cards list only candidates the caller still
 * reaches in the project; matching again, they are news again. A paused project takes no new alert.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { matchAlerts as runMatchAlerts, titledCandidate, titleId as titleIdIn } from '../helpers/alerts';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
let acme: string;

beforeAll(async () => {
  w = await pipelineWorld();
  acme = `Project:${w.projects.acme}`;
}, 120_000);

const matchAlerts = () => runMatchAlerts(w);

const titleId = (name: string) => titleIdIn(w, name);
const newCandidate = (firstName: string, title: string) =>
  titledCandidate(w, firstName, title, { lastName: 'Newman', domain: 'baseline.example.org' });

/** What the candidate looks for, as an import or the candidate's own edit rewrites it. */
const looksFor = async (id: string, title: string) =>
  w
    .knex('candidates')
    .where('id', Number(id.replace('Candidate:', '')))
    .update({ job_title_looking_for: [await titleId(title)] });

const newIds = async () => (await w.as('company').get(`/alerts/projects/${acme}`)).body.newCandidateIds as string[];
const cardIds = async () => {
  const res = await w.as('company').get(`/alerts/projects/${acme}/new`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.docs as { id: string }[]).map((d) => d.id);
};

describe('A change that leaves long-standing matches matching', () => {
  it('announces nobody: a currency rate rewriting every USD salary does not make an old match new', async () => {
    const on = await w.as('company').put(`/alerts/projects/${acme}`, { on: true, frequency: 'daily', timeZone: 'UTC' });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    await matchAlerts();
    expect(await newIds()).toEqual([]);
    await w
      .knex('currency_rates')
      .where('currency', 'USD')
      .update({ to_sgd: w.knex.raw('to_sgd * 1.01') });
    await matchAlerts();
    expect(await newIds()).toEqual([]);
    expect(await cardIds()).toEqual([]);
    // Somebody who newly matches is still news.
    const zed = await newCandidate('Zed', 'Software Engineer');
    await matchAlerts();
    expect(await newIds()).toEqual([zed]);
  });
});

describe('A new match who stops matching', () => {
  it('leaves the new cards at once and the news at the next run, and is news again once matching again', async () => {
    const yan = await newCandidate('Yan', 'Software Engineer');
    await matchAlerts();
    expect(await newIds()).toContain(yan);
    expect(await cardIds()).toContain(yan);
    await looksFor(yan, 'Data Analyst');
    // Before any run, the cards list only those the caller reaches in the project (the profile would be a 404).
    expect(await cardIds()).not.toContain(yan);
    const profile = await w.as('company').get(`/search/candidates/${yan}?projectId=${acme}`);
    expect(profile.status).toBe(404);
    await matchAlerts();
    expect(await newIds()).not.toContain(yan);
    expect((await w.as('company').get('/alerts/mine')).body.data[0].newCandidateIds).not.toContain(yan);
    await looksFor(yan, 'Software Engineer');
    await matchAlerts();
    expect(await newIds()).toContain(yan);
    expect(await cardIds()).toContain(yan);
  });
});

describe('A project that is not active', () => {
  it('takes no new alert, with a field-level 400, and says that its alerts wait for it to be active', async () => {
    await w.knex('projects').where('id', w.projects.acmeUnshared).update({ status: 1 });
    const paused = `Project:${w.projects.acmeUnshared}`;
    const res = await w.as('company').put(`/alerts/projects/${paused}`, { on: true, frequency: 'daily' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ on: 'alerts.errors.inactive' });
    const state = await w.as('company').get(`/alerts/projects/${paused}`);
    expect(state.body).toMatchObject({ eligible: true, subscribed: false, projectActive: false });
    // An alert already on stays (it resumes with the project), and may still be changed or turned off.
    await w.knex('projects').where('id', w.projects.acme).update({ status: 1 });
    const weekly = await w.as('company').put(`/alerts/projects/${acme}`, { on: true, frequency: 'weekly' });
    expect(weekly.status, JSON.stringify(weekly.body)).toBe(200);
    expect(weekly.body).toMatchObject({ subscribed: true, frequency: 'weekly', projectActive: false });
    await w.knex('projects').where('id', w.projects.acme).update({ status: 0 });
    expect((await w.as('company').get(`/alerts/projects/${acme}`)).body.projectActive).toBe(true);
  });
});
