/**
 * The in-app notification an alert run raises counts the news its person still reaches, as the alert panel and the
 * list it opens count them: news the run brought or left waiting that is paused, or no longer found by the project's
 * saved filters, by the time the notice is raised (a change committing while the run works, played here by a trigger
 * on the run's insert of news) is not counted, and an alert whose news none is reached raises no notification.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_STATUS } from '../../schema/entities/talentOptions';
import { runJobs } from '../helpers/jobs';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';
import { candidatePayload, talentIds } from '../helpers/talent';

let w: PipelineWorld;
let acme: string;

beforeAll(async () => {
  w = await pipelineWorld();
  acme = `Project:${w.projects.acme}`;
}, 120_000);
afterAll(async () => {
  await dropMidRun();
});

async function matchAlerts() {
  await w.knex.raw('select graphile_worker.add_job(?)', ['match_alerts']);
  await runJobs(w.t, w.t.config);
}

const titleId = async (name: string) => (await w.knex('job_titles').where('name', name).first('id')).id as number;
const rowId = (id: string) => Number(id.replace('Candidate:', ''));

async function newCandidate(firstName: string): Promise<string> {
  const res = await w.as('admin').post(
    '/candidates',
    candidatePayload(await talentIds(w.knex), {
      firstName,
      lastName: 'Noticed',
      email: `${firstName.toLowerCase()}@notice.example.org`,
      jobTitleLookingFor: [await titleId('Software Engineer')],
      tags: [],
      educations: [],
      experiences: [],
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body.id);
}

/**
 * While the next run works, right after it writes its news: `paused` are paused, and `moved` look for another job
 * title, their search documents refreshed at once, so the project's saved filters no longer find them.
 */
async function changeMidRun(paused: string[], moved: string[]) {
  const ids = (list: string[]) => `array[${[0, ...list.map(rowId)].join(', ')}]::int[]`;
  await w.knex.raw(`create function alerts_notice_mid_run() returns trigger language plpgsql as $$
    begin
      update candidates set status = ${CANDIDATE_STATUS.inactive} where id = any(${ids(paused)});
      update candidates set job_title_looking_for = array[${await titleId('Data Analyst')}] where id = any(${ids(moved)});
      perform candidate_search_refresh(${ids([...paused, ...moved])});
      return null;
    end $$`);
  await w.knex.raw(`create trigger alerts_notice_mid_run after insert on alert_news
    for each statement execute function alerts_notice_mid_run()`);
}

async function dropMidRun() {
  await w?.knex.raw('drop trigger if exists alerts_notice_mid_run on alert_news');
  await w?.knex.raw('drop function if exists alerts_notice_mid_run()');
}

/** The owner's alert notifications. */
async function notices() {
  const res = await w.as('company').get('/notifications');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ((res.body.data ?? res.body) as { kind: string; title: string }[]).filter(
    (n) => n.kind === 'savedSearchAlert',
  );
}

describe("A saved-search alert's notification", () => {
  it('is not raised when the person reaches none of the news', async () => {
    const on = await w.as('company').put(`/alerts/projects/${acme}`, { on: true, frequency: 'daily', timeZone: 'UTC' });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    await matchAlerts();
    const xena = await newCandidate('Xena');
    await changeMidRun([], [xena]);
    await matchAlerts();
    await dropMidRun();
    // The run brought the news, which its person no longer reaches.
    expect(await w.knex('alert_news').where('candidate_id', rowId(xena))).toHaveLength(1);
    expect((await w.as('company').get(`/alerts/projects/${acme}`)).body.newCount).toBe(0);
    expect(await notices()).toEqual([]);
  });

  it('counts only the news its person still reaches', async () => {
    const stays = await newCandidate('Stella');
    const paused = await newCandidate('Paul');
    const gone = await newCandidate('Gina');
    await changeMidRun([paused], [gone]);
    await matchAlerts();
    await dropMidRun();
    // The run brought news of all three.
    const news = await w.knex('alert_news').whereIn('candidate_id', [stays, paused, gone].map(rowId));
    expect(news).toHaveLength(3);
    const panel = await w.as('company').get(`/alerts/projects/${acme}`);
    expect(panel.body.newCandidateIds).toEqual([stays]);
    const alert = await notices();
    expect(alert.map((n) => n.title)).toEqual(['New candidates match Acme engineers']);
  });
});
