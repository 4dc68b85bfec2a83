/**
 * Greenhouse Harvest v3 moves and look-ups, with Greenhouse's real client against its stand-in on
 * loopback, which behaves as v3 does: a move names the stage the application is in and the one it
 * goes to (without a target it advances one stage), and a list ignores a filter it does not know,
 * answering everyone. A board move lands on the exact stage; Interview → Interview 2 (one stage in
 * Greenhouse) sends no move; and another person's application on the same job is never moved,
 * hired or rejected, whatever filter the API ignores.
 */
import { describe, expect, it } from 'vitest';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import { connectedForFile, greenhouseConnected, lastRun, projectWith, type People } from '../helpers/ats/world';
import type { TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';
import { SCHEDULE } from '../helpers/pipeline';

let t: TestApp;
let gh: GreenhouseStandIn;
let p: People;
let id: number;
connectedForFile(greenhouseConnected, (made) => ({ t, gh, p, integrationId: id } = made));

const SHORTLIST = 2;
const INTERVIEWING = 3;
const INTERVIEWING_2 = 7;
const PLACED = 5;
/** The stand-in's stages of every job: Application Review 1, Phone Screen 2, Face to Face Interview 3, Offer 4. */
const REVIEW_STAGE = 1;
const INTERVIEW_STAGE = 3;
const JOB = 101;
/** Each job is linked to one project: the second project's. */
const OTHER_JOB = 102;

async function syncNow() {
  expect((await p.admin.put(`/integrations/manual/sync/${id}`)).status).toBe(200);
  await runJobs(t);
  return lastRun(t, id);
}

/** A move on the company's board, with the interview form the interview stages ask for. */
async function boardMove(project: number, candidate: number, to: number) {
  const res = await p.admin.post('/projects/recruitment', {
    projectId: `Project:${project}`,
    candidateId: `Candidate:${candidate}`,
    recruitmentStatus: to,
    scheduleFormData: SCHEDULE,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const emailOf = async (candidate: number) =>
  (await t.knex('candidates').where('id', candidate).first('email')).email as string;

const applicationOf = (email: string) => {
  const person = gh.candidates.find((c) => c.email === email);
  return gh.applications.find((a) => a.candidateId === person?.id && a.jobId === JOB);
};

const movesOf = (applicationId: number) =>
  gh.calls.filter((c) => c.method === 'POST' && c.path === `/v3/applications/${applicationId}/move`);

describe('Greenhouse v3: moves', () => {
  let project: number;
  let candidate: number;
  let email: string;

  it('a board move lands the application on the exact stage it maps to', async () => {
    ({
      project: { id: project },
      candidates: [candidate],
    } = await projectWith(t, 'Greenhouse moves', 1, SHORTLIST, 470));
    email = await emailOf(candidate);
    expect(
      (await p.admin.put(`/integrations/project-job/${id}`, { projectId: project, jobId: String(JOB) })).status,
    ).toBe(200);
    expect(await syncNow()).toMatchObject({ status: 2, created: 1, failed: 0 });
    const application = applicationOf(email)!;
    expect(application.stageId).toBe(REVIEW_STAGE);

    await boardMove(project, candidate, INTERVIEWING);
    expect(await syncNow()).toMatchObject({ status: 2, updated: 1, failed: 0 });
    expect(applicationOf(email)).toMatchObject({ status: 'active', stageId: INTERVIEW_STAGE });
    expect(movesOf(application.id).map((c) => c.body)).toEqual([
      { from_stage_id: REVIEW_STAGE, to_stage_id: INTERVIEW_STAGE },
    ]);
  });

  it('Interview → Interview 2, one stage in Greenhouse, sends no move and leaves the application where it is', async () => {
    const application = applicationOf(email)!;
    const moves = movesOf(application.id).length;
    await boardMove(project, candidate, INTERVIEWING_2);
    const run = await syncNow();
    expect(run).toMatchObject({ status: 2, failed: 0 });
    expect(movesOf(application.id)).toHaveLength(moves);
    expect(applicationOf(email)).toMatchObject({ status: 'active', stageId: INTERVIEW_STAGE });
    // And the next run has nothing to send for it either.
    expect(await syncNow()).toMatchObject({ status: 2, created: 0, updated: 0, failed: 0 });
    expect(movesOf(application.id)).toHaveLength(moves);
  });
});

describe('Greenhouse v3: a list that ignores its filter', () => {
  it("never moves, hires or rejects another person's application on the same job", async () => {
    const {
      project: { id: project },
      candidates: [candidate],
    } = await projectWith(t, 'Greenhouse filters', 1, PLACED, 480);
    const email = await emailOf(candidate);
    // Someone else, in Greenhouse before anyone, with an application on the job; and the candidate, with none yet.
    const other = { id: 4001, first_name: 'Other', last_name: 'Person', email: 'other.person@example.net' };
    gh.candidates.push({ ...other, created_at: '2019-01-02T03:04:05Z' });
    gh.applications.unshift({
      id: 8001,
      candidateId: other.id,
      jobId: OTHER_JOB,
      stageId: 2,
      rejected: false,
      status: 'active',
      lastActivityAt: '2019-01-02T03:04:05Z',
    });
    gh.candidates.push({ id: 4002, first_name: 'Known', last_name: 'Here', email, created_at: '2020-01-02T03:04:05Z' });
    // The API answers everyone, whatever person or email is asked for.
    gh.ignoredFilters.add('email');
    gh.ignoredFilters.add('candidate_ids');
    try {
      expect(
        (await p.admin.put(`/integrations/project-job/${id}`, { projectId: project, jobId: String(OTHER_JOB) })).status,
      ).toBe(200);
      const run = await syncNow();
      expect(run).toMatchObject({ status: 2, created: 1, failed: 0 });
    } finally {
      gh.ignoredFilters.clear();
    }
    expect(gh.applications.find((a) => a.id === 8001)).toMatchObject({
      candidateId: other.id,
      stageId: 2,
      status: 'active',
    });
    expect(gh.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/v3/applications/8001/'))).toEqual([]);
    // The candidate's own person got the application, hired.
    const mine = gh.applications.filter((a) => a.candidateId === 4002 && a.jobId === OTHER_JOB);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'hired' });
    const link = await t
      .knex('integration_links')
      .where({ integration_id: id, candidate_id: candidate })
      .first('remote_id', 'remote_candidate_id');
    expect(link).toMatchObject({ remote_id: String(mine[0].id), remote_candidate_id: '4002' });
  });
});
