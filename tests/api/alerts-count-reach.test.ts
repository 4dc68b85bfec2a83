/**
 * The alert panel's count is its list's length: the news a person no longer reaches in the project (a candidate
 * paused since, one the project's saved filters no longer find before the next matching run) leaves the count, the
 * cards' badges and the search page's "N new" at once, as it leaves the list of new cards.
 */
import { beforeAll, describe, expect, it } from 'vitest';
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
      lastName: 'Counted',
      email: `${firstName.toLowerCase()}@count.example.org`,
      jobTitleLookingFor: [await titleId('Software Engineer')],
      tags: [],
      educations: [],
      experiences: [],
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body.id);
}

/** The panel (count and badges), the list of new cards, and the search page's alerts, as the owner reads them. */
async function owner() {
  const panel = await w.as('company').get(`/alerts/projects/${acme}`);
  expect(panel.status, JSON.stringify(panel.body)).toBe(200);
  const list = await w.as('company').get(`/alerts/projects/${acme}/new`);
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  const mine = await w.as('company').get('/alerts/mine');
  expect(mine.status, JSON.stringify(mine.body)).toBe(200);
  const search = (mine.body.data as { projectId: string; newCount: number; newCandidateIds: string[] }[]).find(
    (m) => m.projectId === acme,
  );
  return {
    count: panel.body.newCount as number,
    badges: panel.body.newCandidateIds as string[],
    cards: (list.body.docs as { id: string }[]).map((d) => d.id),
    listCount: list.body.newCount as number,
    search,
  };
}

describe("The alert panel's count", () => {
  it('equals the length of its list when news is paused or no longer reached', async () => {
    const on = await w.as('company').put(`/alerts/projects/${acme}`, { on: true, frequency: 'daily', timeZone: 'UTC' });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    await matchAlerts();
    const stays = await newCandidate('Stella');
    const paused = await newCandidate('Paul');
    const gone = await newCandidate('Gina');
    await matchAlerts();
    const before = await owner();
    expect(before.count).toBe(3);
    expect([...before.cards].sort()).toEqual([stays, paused, gone].sort());

    await w.knex('candidates').where('id', rowId(paused)).update({ status: CANDIDATE_STATUS.inactive });
    // No longer what the project's saved filters look for, before any matching run drops the news.
    await w
      .knex('candidates')
      .where('id', rowId(gone))
      .update({ job_title_looking_for: [await titleId('Data Analyst')] });

    const after = await owner();
    expect(after.cards).toEqual([stays]);
    expect(after.count).toBe(after.cards.length);
    expect(after.listCount).toBe(after.cards.length);
    expect(after.badges).toEqual([stays]);
    expect(after.search).toMatchObject({ newCount: 1, newCandidateIds: [stays] });
  });

  it('holds for the advocate too, who meets the candidates the admins meet', async () => {
    const on = await w.as('advocate').put(`/alerts/projects/${acme}`, { on: true, frequency: 'off', timeZone: 'UTC' });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const ned = await newCandidate('Ned');
    await matchAlerts();
    const panel = await w.as('advocate').get(`/alerts/projects/${acme}`);
    const list = await w.as('advocate').get(`/alerts/projects/${acme}/new`);
    expect(panel.body.newCandidateIds).toEqual([ned]);
    expect(panel.body.newCount).toBe((list.body.docs as unknown[]).length);
  });
});
