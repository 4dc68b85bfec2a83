/**
 * Ashby's refusals read as Ashby sends them, with its real client against its stand-in on loopback: HTTP 200
 * `success: false` with `errorInfo: {code, message, requestId}`, and 403 `missing_endpoint_permission` for a
 * permission the key lacks (developers.ashbyhq.com: Responses & Errors, Authentication).
 * - a key lacking a permission is no dead key: connecting names the permission, a sync's error names it and
 *   nobody is asked to connect again; a wrong key (Ashby's 403) is still "API key invalid";
 * - a refused record's reason is Ashby's code and message;
 * - a record Ashby no longer has (`*_not_found`) is what it means: a deleted application is placed again on the
 *   person it had, a person deleted there is replaced, and erasing a person Ashby no longer has counts as erased.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { ashbyError, type AshbyStandIn } from '../helpers/ats/ashby';
import { atsStandIns } from '../helpers/ats/vendors';
import { lastRun, ok, people, projectWith, setStage, type People, eraseForAts } from '../helpers/ats/world';
import { testApp, type TestApp } from '../helpers/app';
import { addToProject, makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let ashby: AshbyStandIn;
let p: People;
let id: number;
let project: number;
let candidates: number[];

const SHORTLIST = 2;
const INTERVIEWING = 3;

beforeAll(async () => {
  t = await testApp();
  [ashby] = await atsStandIns(t.config, ['ashby'], { maxRetryWaitMs: 2000, retries: 1 });
  p = await people(t);
});
afterAll(async () => {
  await t?.knex.destroy();
});

const connect = (apiKey = ashby.apiKey) => p.admin.post('/integrations/add', { kind: 'ashby', apiKey });

async function syncNow() {
  expect((await p.admin.put(`/integrations/manual/sync/${id}`)).status).toBe(200);
  await runJobs(t);
  return lastRun(t, id);
}

const linkOf = (projectId: number, candidateId: number) =>
  t
    .knex('integration_links as l')
    .join('project_candidates as pc', 'pc.id', 'l.local_id')
    .where({ 'l.integration_id': id, 'l.local_kind': 2, 'pc.project_id': projectId, 'pc.candidate_id': candidateId })
    .first('l.remote_id', 'l.remote_candidate_id', 'l.remote_person_created');

/** Deletes in the stand-in what a recruiter deletes in Ashby: an application, or a person with their applications. */
function deleteApplication(applicationId: string) {
  ashby.applications.splice(
    ashby.applications.findIndex((a) => a.id === applicationId),
    1,
  );
  for (const c of ashby.candidates) c.applicationIds = c.applicationIds.filter((a) => a !== applicationId);
}
function deletePerson(candidateId: string) {
  for (const a of ashby.applications.filter((x) => x.candidateId === candidateId)) deleteApplication(a.id);
  ashby.candidates.splice(
    ashby.candidates.findIndex((c) => c.id === candidateId),
    1,
  );
}

describe('Connecting Ashby', () => {
  it('with a key lacking a permission: a 400 naming the permission, not "API key invalid"', async () => {
    ashby.withhold(/^\/job\.list$/, 'jobsRead');
    const res = await connect();
    ashby.grantAll();
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('integrations.connectPermissionMissing');
    expect(res.body.error.message).toContain(
      'missing_endpoint_permission: The API key is missing the jobsRead permission',
    );
    expect(await t.knex('integrations').where('kind', 'ashby')).toHaveLength(0);
  });

  it('with a wrong key (Ashby answers 403): "API key invalid"', async () => {
    const res = await connect('not-a-key');
    expect(ashby.calls.at(-1)?.status).toBe(403);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ message: 'API key invalid', fields: { apiKey: 'apiKey.errors.invalid' } });
  });

  it('connects with the key', async () => {
    const res = await connect();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    id = res.body.id;
    await runJobs(t);
  });
});

describe('A sync Ashby refuses', () => {
  it("reports a refused record with Ashby's code and message", async () => {
    ({
      project: { id: project },
      candidates,
    } = await projectWith(t, 'Ashby refusals', 3, SHORTLIST, 400));
    ok(await p.admin.put(`/integrations/project-job/${id}`, { projectId: project, jobId: 'job-eng' }), 'link');
    ashby.fail('POST', /^\/application\.create$/, {
      body: ashbyError('application_create_failed', 'The job is not accepting applications'),
    });
    const run = await syncNow();
    expect(run).toMatchObject({ status: 2, created: 2, failed: 1 });
    expect(run.entries).toContainEqual(
      expect.objectContaining({
        outcome: 'failed',
        reason: 'application_create_failed: The job is not accepting applications',
      }),
    );
    expect(await syncNow()).toMatchObject({ created: 1, failed: 0 });
  });

  it('names a permission the key lacks, and asks nobody to connect again', async () => {
    await setStage(t, project, candidates[0], INTERVIEWING);
    ashby.withhold(/^\/application\.changeStage$/, 'candidatesWrite');
    const run = await syncNow();
    ashby.grantAll();
    expect(run).toMatchObject({
      status: 3,
      error:
        'The ATS refused a call, a permission is missing: missing_endpoint_permission: The API key is missing the candidatesWrite permission. Grant it in the ATS, then sync again.',
    });
    const mails = await listOutbox(t.knex, 'owner@acme.example.com');
    expect(mails.filter((m) => m.subject === 'Your Ashby integration needs to be connected again')).toEqual([]);
    expect(await syncNow()).toMatchObject({ status: 2, updated: 1, failed: 0, error: null });
  });

  it('places an application deleted in Ashby again, on the person it had', async () => {
    const before = await linkOf(project, candidates[1]);
    deleteApplication(before.remote_id);
    await setStage(t, project, candidates[1], INTERVIEWING);
    const people = ashby.candidates.length;
    expect(await syncNow()).toMatchObject({ status: 2, created: 1, failed: 0 });
    const again = await linkOf(project, candidates[1]);
    expect(again.remote_id).not.toBe(before.remote_id);
    expect(again).toMatchObject({ remote_candidate_id: before.remote_candidate_id, remote_person_created: true });
    expect(ashby.applications.find((a) => a.id === again.remote_id)).toMatchObject({ stageId: 'st-onsite' });
    expect(ashby.candidates).toHaveLength(people);
  });

  it('replaces a person deleted in Ashby when the candidate is placed on another job', async () => {
    const before = await linkOf(project, candidates[2]);
    deletePerson(before.remote_candidate_id);
    const other = await makeProject(t.knex, { title: 'Ashby ops hires' });
    await addToProject(t.knex, other, [candidates[2]], SHORTLIST);
    ok(await p.admin.put(`/integrations/project-job/${id}`, { projectId: other.id, jobId: 'job-ops' }), 'link');
    expect(await syncNow()).toMatchObject({ status: 2, created: 1, failed: 0 });
    const placed = await linkOf(other.id, candidates[2]);
    expect(placed.remote_candidate_id).not.toBe(before.remote_candidate_id);
    expect(ashby.candidates.find((c) => c.id === placed.remote_candidate_id)?.applicationIds).toEqual([
      placed.remote_id,
    ]);
  });

  it('counts erasing a person Ashby no longer has as erased', async () => {
    const before = await linkOf(project, candidates[1]);
    deletePerson(before.remote_candidate_id);
    const { records } = await eraseForAts(t, p, candidates[1]);
    expect(records).toEqual([
      expect.objectContaining({ kind: 'ashby', remoteCandidateId: before.remote_candidate_id, outcome: 'erased' }),
    ]);
    expect(ashby.calls.filter((c) => c.path === '/candidate.anonymize')).toHaveLength(1);
  });
});
