/**
 * An alert on a project that was paused or closed for a while: the runs in between serve it nothing, and the
 * candidates who changed meanwhile so that they newly match are announced once the project is active again, exactly
 * once; matches that were already matching before the pause are not news.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_STATUS } from '../../schema/rules/pipeline';
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
  titledCandidate(w, firstName, title, { lastName: 'Returner', domain: 'return.example.org' });

/** What the candidate looks for, as an import or the candidate's own edit rewrites it. */
const looksFor = async (id: string, title: string) =>
  w
    .knex('candidates')
    .where('id', Number(id.replace('Candidate:', '')))
    .update({ job_title_looking_for: [await titleId(title)] });

const setProjectStatus = (status: number) => w.knex('projects').where('id', w.projects.acme).update({ status });

const newIds = async () => {
  const res = await w.as('company').get(`/alerts/projects/${acme}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.newCandidateIds as string[];
};

const newsRows = async (id: string) =>
  Number(
    (
      await w
        .knex('alert_news')
        .where('candidate_id', Number(id.replace('Candidate:', '')))
        .count({ n: '*' })
    )[0].n,
  );

describe('A project with an alert that was paused, then active again', () => {
  it('announces once the candidates who newly matched while it was paused, and no long-standing match', async () => {
    const long = await newCandidate('Lena', 'Software Engineer');
    const later = await newCandidate('Lars', 'Data Analyst');
    const on = await w.as('company').put(`/alerts/projects/${acme}`, { on: true, frequency: 'daily', timeZone: 'UTC' });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    await matchAlerts();
    expect(await newIds()).toEqual([]);

    await setProjectStatus(PROJECT_STATUS.paused);
    await looksFor(later, 'Software Engineer');
    // The run while paused serves the project nothing, and consumes the changed marks.
    await matchAlerts();
    await setProjectStatus(PROJECT_STATUS.active);
    await matchAlerts();
    expect(await newIds()).toEqual([later]);
    expect(await newIds()).not.toContain(long);
    await matchAlerts();
    expect(await newIds()).toEqual([later]);
    expect(await newsRows(later)).toBe(1);
    expect(await newsRows(long)).toBe(0);
  });
});

describe('A project with an alert that was closed, then reopened', () => {
  it('announces the candidate who newly matched while it was closed, once', async () => {
    await w.as('company').post(`/alerts/projects/${acme}/looked`).expect(200);
    const mia = await newCandidate('Mia', 'Data Analyst');
    await matchAlerts();
    expect(await newIds()).toEqual([]);
    await setProjectStatus(PROJECT_STATUS.inactive);
    await looksFor(mia, 'Software Engineer');
    await matchAlerts();
    await matchAlerts();
    await setProjectStatus(PROJECT_STATUS.active);
    await matchAlerts();
    await matchAlerts();
    expect(await newIds()).toEqual([mia]);
    expect(await newsRows(mia)).toBe(1);
  });
});
