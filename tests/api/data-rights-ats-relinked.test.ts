/**
 * An erased candidate's applications on a job their project was relinked away from, over HTTP against the
 * vendors' stand-ins. Acme syncs a project to one job, relinks it to another and syncs again: the candidate then has
 * an application on each job, the link naming only the new one. Their erasure lists both in its report and settles
 * both as it does a linked one: in Greenhouse the person the product made is deleted with both applications, and
 * both records count as erased; Workable has no delete call, so both of its records are listed for the company,
 * whose owners are emailed both ids.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { eraseForAts, ok, people, type People } from '../helpers/ats/world';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

const SHORTLIST = 2;
let t: TestApp;
let gh: GreenhouseStandIn;
let ws: WorkableStandIn;
let p: People;
const integration = { greenhouse: '', workable: '' };

interface Record {
  kind: string;
  remoteId: string;
  outcome?: string;
  reason?: string;
}

/** A fresh candidate shortlisted on a new project linked to `first`, synced, relinked to `second`, synced again. */
async function relinked(kind: keyof typeof integration, first: string, second: string, skip: number) {
  const [candidateId] = await activeCandidates(t.knex, 1, { skip });
  const { email } = await t.knex('candidates').where('id', candidateId).first('email');
  const project = await makeProject(t.knex, { title: `Relinked ${kind} hires` });
  await addToProject(t.knex, project, [candidateId], SHORTLIST);
  for (const job of [first, second]) {
    const linked = await p.admin.put(`/integrations/project-job/${integration[kind]}`, {
      projectId: project.id,
      jobId: job,
    });
    ok(linked, `link ${job}`);
    ok(await p.admin.put(`/integrations/manual/sync/${integration[kind]}`), `sync ${job}`);
    await runJobs(t);
  }
  return { candidateId, email: email as string };
}

/** An admin records the erasure and carries it out, and the worker runs its jobs; answers its ATS records. */
async function erase(candidateId: number): Promise<Record[]> {
  return (await eraseForAts(t, p, candidateId)).records as unknown as Record[];
}

beforeAll(async () => {
  t = await testApp();
  [gh, ws] = await atsStandIns(t.config, ['greenhouse', 'workable'], { maxRetryWaitMs: 2000, retries: 1 });
  p = await people(t);
  const ghAdded = await p.admin.post('/integrations/greenhouse', {
    clientId: gh.clientId,
    clientSecret: gh.clientSecret,
  });
  ok(ghAdded, 'connect Greenhouse');
  const wsAdded = await p.admin.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
  ok(wsAdded, 'connect Workable');
  await runJobs(t);
  integration.greenhouse = String(ghAdded.body.id);
  integration.workable = String(wsAdded.body.id);
}, 240_000);

describe("An erased candidate's applications on a job their project was relinked away from", () => {
  it('are erased in Greenhouse with the person the product made, and both are in the report', async () => {
    const { candidateId, email } = await relinked('greenhouse', '101', '102', 840);
    const person = gh.candidates.find((x) => x.email === email)!;
    const applications = gh.applications.filter((a) => a.candidateId === person.id);
    expect(applications.map((a) => a.jobId).sort()).toEqual([101, 102]);

    const records = await erase(candidateId);

    expect(gh.calls.filter((x) => x.method === 'DELETE').map((x) => [x.path, x.status])).toEqual([
      [`/v3/candidates/${person.id}`, 200],
    ]);
    expect(gh.applications.some((a) => a.candidateId === person.id)).toBe(false);
    expect(records.map((r) => [r.kind, r.remoteId, r.outcome]).sort()).toEqual(
      applications.map((a) => ['greenhouse', String(a.id), 'erased']).sort(),
    );
    const logged = await t.knex('data_rights_logs').where({ candidate_id: candidateId, action: 7 }).first('detail');
    expect(logged.detail).toMatchObject({ erased: 2, listed: 0, failed: 0 });
    // Nothing is kept of the old application once it is settled.
    expect(await t.knex('integration_former_applications').where('candidate_id', candidateId)).toEqual([]);
  }, 60_000);

  it('are listed for the company where Workable has no delete call: both records, both emailed', async () => {
    const { candidateId, email } = await relinked('workable', 'BE01', 'FE02', 850);
    const onJobs = ws.candidates.filter((x) => x.candidate.email === email);
    expect(onJobs.map((x) => x.job).sort()).toEqual(['BE01', 'FE02']);

    const records = await erase(candidateId);

    expect(records.map((r) => [r.kind, r.remoteId, r.outcome, r.reason]).sort()).toEqual(
      onJobs.map((x) => ['workable', String(x.id), 'listed', 'noEraseCall']).sort(),
    );
    const told = (await listOutbox(t.knex, 'owner@acme.example.com', 50)).filter(
      (m) => m.subject === 'Records to erase in your ATS',
    );
    expect(told).toHaveLength(1);
    for (const x of onJobs) expect(told[0].text).toContain(`Workable: record ${x.id}`);
  }, 60_000);
});
