/**
 * What Ashby's records say back, with its real client against its stand-in on loopback:
 * - a person the product made, merged by a recruiter into an older Ashby record of theirs: `application.info`
 *   names the survivor, the sync links it (a person the company held, not the product's to erase there), and an
 *   erasure lists it for the company instead of counting a not-found of the merged id as erased;
 * - a rejection archives with a reason the organisation gives (`reasonType` RejectedByOrg, else Other), never the
 *   candidate-withdrew one Ashby lists first; an account with neither is refused, naming what to add in Ashby.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AshbyArchiveReason, AshbyStandIn } from '../helpers/ats/ashby';
import { atsStandIns } from '../helpers/ats/vendors';
import { lastRun, ok, people, projectWith, setStage, type People, eraseForAts } from '../helpers/ats/world';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let ashby: AshbyStandIn;
let p: People;
let id: number;
let project: number;
let candidates: number[];
let reasons: AshbyArchiveReason[];

const SHORTLIST = 2;
const REJECTED = 6;

beforeAll(async () => {
  t = await testApp();
  [ashby] = await atsStandIns(t.config, ['ashby'], { maxRetryWaitMs: 2000, retries: 1 });
  p = await people(t);
  reasons = ashby.archiveReasons.map((r) => ({ ...r }));
  const res = await p.admin.post('/integrations/add', { kind: 'ashby', apiKey: ashby.apiKey });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  id = res.body.id;
  await runJobs(t);
  ({
    project: { id: project },
    candidates,
  } = await projectWith(t, 'Ashby merges', 4, SHORTLIST, 450));
  ok(await p.admin.put(`/integrations/project-job/${id}`, { projectId: project, jobId: 'job-eng' }), 'link');
  expect(await syncNow()).toMatchObject({ created: 4, failed: 0 });
});
afterAll(async () => {
  await t?.knex.destroy();
});

async function syncNow() {
  expect((await p.admin.put(`/integrations/manual/sync/${id}`)).status).toBe(200);
  await runJobs(t);
  return lastRun(t, id);
}

const linkOf = (candidateId: number) =>
  t
    .knex('integration_links as l')
    .join('project_candidates as pc', 'pc.id', 'l.local_id')
    .where({ 'l.integration_id': id, 'l.local_kind': 2, 'pc.project_id': project, 'pc.candidate_id': candidateId })
    .first('l.remote_id', 'l.remote_candidate_id', 'l.remote_person_created', 'l.remote_status');

/** The archive reason the last stage change to Archived carried. */
const archivedWith = () =>
  (ashby.calls.filter((c) => c.path === '/application.changeStage').at(-1)?.body as Record<string, unknown>)
    ?.archiveReasonId;

describe('A person merged into another in Ashby', () => {
  it('is followed to the survivor, and an erasure lists it for the company rather than calling it erased', async () => {
    const made = await linkOf(candidates[0]);
    expect(made.remote_person_created).toBe(true);
    const own = 'held-by-acme';
    ashby.candidates.push({
      id: own,
      name: 'Own Record',
      email: 'own-record@example.com',
      createdAt: '2020-01-01T00:00:00.000Z',
      applicationIds: [],
    });
    ashby.mergeCandidate(made.remote_candidate_id, own);
    await syncNow();
    expect(await linkOf(candidates[0])).toMatchObject({ remote_candidate_id: own, remote_person_created: false });

    const { records } = await eraseForAts(t, p, candidates[0]);
    expect(records).toEqual([
      expect.objectContaining({ remoteCandidateId: own, outcome: 'listed', reason: 'notCreatedHere' }),
    ]);
    expect(ashby.calls.filter((c) => c.path === '/candidate.anonymize')).toEqual([]);
  });
});

describe('A rejection in Ashby', () => {
  it('archives with the reason the organisation gives, not the candidate-withdrew one listed first', async () => {
    expect(ashby.archiveReasons[0]).toMatchObject({ reasonType: 'RejectedByCandidate', isArchived: false });
    await setStage(t, project, candidates[1], REJECTED);
    expect(await syncNow()).toMatchObject({ updated: 1, failed: 0 });
    expect(archivedWith()).toBe('ar-1');
    await syncNow();
    expect((await linkOf(candidates[1])).remote_status).toBe('Archived: Not a fit');
  });

  it('takes a reason of type Other when the account has none of RejectedByOrg', async () => {
    ashby.archiveReasons.splice(0, Infinity, ...reasons.filter((r) => r.reasonType !== 'RejectedByOrg'));
    await setStage(t, project, candidates[2], REJECTED);
    expect(await syncNow()).toMatchObject({ updated: 1, failed: 0 });
    expect(archivedWith()).toBe('ar-other');
  });

  it('is refused, naming what to add in Ashby, when the only reason says the candidate withdrew', async () => {
    ashby.archiveReasons.splice(0, Infinity, ...reasons.filter((r) => r.reasonType === 'RejectedByCandidate'));
    const changes = ashby.calls.filter((c) => c.path === '/application.changeStage').length;
    await setStage(t, project, candidates[3], REJECTED);
    const run = await syncNow();
    expect(run).toMatchObject({ updated: 0, failed: 1 });
    expect(run.entries).toContainEqual(
      expect.objectContaining({
        outcome: 'failed',
        reason: expect.stringMatching(
          /no archive reason for a rejection by the company: add .*RejectedByOrg.* in Ashby/,
        ),
      }),
    );
    expect(ashby.calls.filter((c) => c.path === '/application.changeStage')).toHaveLength(changes);
  });
});
