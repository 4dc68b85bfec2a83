/**
 * A project's tab sorted by the last move (`sort=recentlyMoved`, what the board asks for each column but the suggested
 * one): a stage holding more than a page shows its most recently moved candidates on page 1, the one moved last
 * first, and its pages are a partition of the stage in that order. The search page, which has no project, reads the
 * sort as an unknown one: best match.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STAGES } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let owner: Client;
let projectId: number;
/** The stage's candidates, moved in one a minute, the oldest profile moved last (the opposite of recently added). */
let inStage: number[];
let latecomer: number;
/** Every candidate of the test, oldest profile first. */
let all: number[];
const IN_STAGE = 55;

beforeAll(async () => {
  t = await testApp();
  const { knex } = t;
  owner = client(t, await t.login('owner@acme.example.com'));
  const user = await knex('company_users').where('email', 'owner@acme.example.com').first('id', 'company_id');
  const jobTitle = await knex('job_titles').orderBy('id').first('id');
  [{ id: projectId }] = await knex('projects')
    .insert({
      title: 'Recently moved test',
      company_id: user.company_id,
      owner_id: user.id,
      job_title_id: jobTitle.id,
      headcount: 1,
      salary_min: 5000,
      salary_max: 9000,
    })
    .returning('id');
  const ids = (await knex('candidate_search_documents')
    .whereIn('id', knex('candidates').where({ status: 1, visibility: true }).select('id'))
    .orderBy([
      { column: 'created_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(IN_STAGE + 1)
    .pluck('id')) as number[];
  expect(ids).toHaveLength(IN_STAGE + 1);
  all = ids;
  [latecomer, ...inStage] = ids;
  const minute = 60_000;
  const start = Date.now() - 24 * 60 * minute;
  const row = (candidateId: number, stage: number, at: number) => ({
    project_id: projectId,
    candidate_id: candidateId,
    company_id: user.company_id,
    stage,
    curated: true,
    revealed_at: new Date(),
    last_recruitment_updated_at: new Date(at),
  });
  // The oldest profile was moved in last: neither recently added nor any other order puts them first by chance.
  await knex('project_candidates').insert([
    ...inStage.map((id, i) => row(id, STAGES.qualify, start + (IN_STAGE - i) * minute)),
    row(latecomer, STAGES.open, start),
  ]);
}, 120_000);

const tabPage = async (query: string) => {
  const res = await owner.get(`/projects/tab/search?project_id=${projectId}&tab=${STAGES.qualify}&pp=50${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { docs: { id: string; lastRecruitmentUpdatedAt: string | null }[]; totalResults: number };
};
const idsOf = (body: { docs: { id: string }[] }) => body.docs.map((d) => Number(d.id.replace('Candidate:', '')));

describe('A tab sorted by the last move', () => {
  it('pages a stage of more than a page by its last move, most recent first', async () => {
    const first = await tabPage('&sort=recentlyMoved');
    expect(first.totalResults).toBe(IN_STAGE);
    expect(idsOf(first)).toEqual(inStage.slice(0, 50));
    const second = await tabPage('&sort=recentlyMoved&p=2');
    expect(idsOf(second)).toEqual(inStage.slice(50));
  });

  it('puts the candidate moved in last first on page 1', async () => {
    const moved = await owner.post('/projects/recruitment', {
      projectId,
      candidateId: `Candidate:${latecomer}`,
      recruitmentStatus: STAGES.qualify,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const first = await tabPage('&sort=recentlyMoved');
    expect(first.totalResults).toBe(IN_STAGE + 1);
    expect(idsOf(first)).toEqual([latecomer, ...inStage.slice(0, 49)]);
    // Drawn newest first from the move times it answers, the page keeps its order.
    const times = first.docs.map((d) => d.lastRecruitmentUpdatedAt ?? '');
    expect(times).toEqual([...times].sort().reverse());
    const second = await tabPage('&sort=recentlyMoved&p=2');
    expect(idsOf(second)).toEqual(inStage.slice(49));
  });

  it("leaves the tab's other sorts as they were", async () => {
    const recent = await tabPage('&sort=recentlyAdded');
    // Recently added: newest profiles first, so the oldest (moved in last) is not on page 1.
    expect(idsOf(recent)).toEqual([...all].reverse().slice(0, 50));
    expect(idsOf(recent)).not.toContain(latecomer);
  });

  it('is an unknown sort on the search page: best match', async () => {
    const asked = await owner.get('/search?sort=recentlyMoved&pp=10');
    const plain = await owner.get('/search?pp=10');
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.docs.map((d: { id: string }) => d.id)).toEqual(plain.body.docs.map((d: { id: string }) => d.id));
  });
});
