/**
 * The dashboards over the demo as a fresh start seeds it: the seeded pipelines' moves are counted
 * (read from the live log, then again once the daily rollup holds those days), the recruiter
 * dashboard's funnel is the sum of the projects' tabs (saved-search matches included), and the
 * curated-candidates email tells the owner how many candidates an admin curated since the last one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollupDaily } from '../../backend/features/dashboards';
import { listOutbox } from '../../backend/services/mail/outbox';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let admin: Client;
let owner: Client;

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  owner = client(t, await t.login('owner@acme.example.com'));
});
afterAll(async () => {
  await t?.knex.destroy();
});

const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
/** The last 90 days: every seeded move is in it. */
const RANGE = `from=${day(-90)}&to=${day(0)}`;

/**
 * Moves into each stage in Acme's demo projects, counted by hand from seeds/demo/projects.ts, each candidate moved one
 * step at a time: Senior Backend Engineer (2 longlisted, 2 shortlisted, 1 interviewed, 1 offered, 1 rejected from the
 * shortlist), Data Analyst (1 shortlisted), Cloud Engineer (2 longlisted), Account Executive (closed) (1 placed).
 */
const ACME_MOVES = {
  open: 0,
  qualify: 11,
  shortlist: 7,
  interviewing: 3,
  interviewing2: 2,
  offered: 2,
  placed: 1,
  rejected: 1,
};
/** Every demo project's moves: Acme's 27, Northwind Talent's Account Executive 5 and Finance Manager 14. */
const ALL_MOVES = 46;

describe("The demo's pipelines on the dashboards", () => {
  it("counts the seeded projects' moves into each stage on the recruiter dashboard and the weekly overview", async () => {
    const mine = await owner.get(`/dashboard/recruiter?${RANGE}`);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.movedInto).toEqual(ACME_MOVES);
    // Of the 11 longlisted, 7 were shortlisted.
    expect(mine.body.conversion[0]).toEqual({ from: 'qualify', to: 'shortlist', rate: 0.636 });
    const weekly = await admin.get(`/dashboard/activity-per-week?${RANGE}`);
    expect(weekly.status, JSON.stringify(weekly.body)).toBe(200);
    expect(weekly.body.data.reduce((n: number, w: { total: number }) => n + w.total, 0)).toBe(ALL_MOVES);
  });

  it('counts the same once the daily rollup holds those days', async () => {
    await rollupDaily(t.knex);
    expect((await owner.get(`/dashboard/recruiter?${RANGE}`)).body.movedInto).toEqual(ACME_MOVES);
    const weekly = await admin.get(`/dashboard/activity-per-week?${RANGE}`);
    expect(weekly.body.data.reduce((n: number, w: { total: number }) => n + w.total, 0)).toBe(ALL_MOVES);
  });
});

describe("The recruiter dashboard's funnel", () => {
  it("is the sum of the projects' tab counts, the saved searches' matches in the first stage", async () => {
    const list = await owner.get('/projects/list?per_page=100');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const summed: Record<string, number> = {};
    for (const p of list.body.data as { stats: Record<string, number> }[])
      for (const [k, n] of Object.entries(p.stats)) summed[k] = (summed[k] ?? 0) + n;
    const res = await owner.get(`/dashboard/recruiter?${RANGE}`);
    expect(res.body.funnel).toEqual(summed);
    // The Senior Backend Engineer's saved search finds more than its 3 curated candidates.
    expect(res.body.funnel.open).toBeGreaterThan(5);
    const project = await t.knex('projects').where('title', 'Senior Backend Engineer').first('id');
    const tab = await owner.get(`/projects/tab/search?project_id=${project.id}&tab=0`);
    const one = await owner.get(`/dashboard/recruiter?${RANGE}&projectId=Project:${project.id}`);
    expect(one.body.funnel.open).toBe(tab.body.totalResults);
    expect(one.body.funnel).toEqual(tab.body.stats);
  });
});

describe('The curated-candidates email', () => {
  it('tells the owner how many candidates an admin curated since the last email, not every curated row', async () => {
    const project = await t.knex('projects').where('title', 'Senior Backend Engineer').first('id', 'title');
    const taken = await t.knex('project_candidates').where('project_id', project.id).pluck('candidate_id');
    const fresh = (await t
      .knex('candidates')
      .where({ status: 1, visibility: true })
      .whereNotIn('id', taken)
      .orderBy('id')
      .limit(2)
      .pluck('id')) as number[];
    const res = await admin.post('/projects/candidate/curate', {
      projectId: `Project:${project.id}`,
      candidateIds: fresh.map((id) => `Candidate:${id}`),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.added).toBe(2);
    await runJobs(t);
    const [mail] = await listOutbox(t.knex, 'owner@acme.example.com', 1);
    expect(mail?.text).toContain(`added 2 new candidates to your project ${project.title}`);
  });
});
