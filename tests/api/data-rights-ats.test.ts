/**
 * An erased candidate's records in companies' ATSs, over HTTP against the vendors' stand-ins. Acme
 * has Greenhouse (whose Harvest API deletes a person) and Workable (whose API has no delete) and has
 * pushed candidates to both. Once an admin carries out an erasure, the erase_ats_records job:
 * deletes in Greenhouse the person the product created there, with their applications; leaves a
 * person Greenhouse held before the product sent them, and every Workable record, for the company,
 * whose owners are emailed those ids; retries a Greenhouse that is down until it answers; and keeps
 * a record Greenhouse refuses to delete in the company's list. Each outcome is in the erasure's
 * report, and the counts in the data rights log.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { people, type People } from '../helpers/ats/world';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

const SHORTLIST = 2;
let t: TestApp;
let gh: GreenhouseStandIn;
let ws: WorkableStandIn;
let p: People;
/** both: pushed to both ATSs; known: Greenhouse held them before; down: Greenhouse is down at first; refused: Greenhouse refuses. */
const c = { both: 0, known: 0, down: 0, refused: 0 };
const email: Record<keyof typeof c, string> = { both: '', known: '', down: '', refused: '' };

type Http = { status: number; body: { id?: string } };
const ok = (res: Http, what: string) => expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
const ghPerson = (who: keyof typeof c) => gh.candidates.find((x) => x.email === email[who]);

/** An admin records the erasure and carries it out at once; answers the request's id. */
async function erase(who: keyof typeof c): Promise<number> {
  const admin = p.platform;
  const recorded = await admin.post('/data-rights/erasures', { candidateId: `Candidate:${c[who]}` });
  ok(recorded, `record the erasure of ${who}`);
  ok(await admin.post(`/data-rights/erasures/${recorded.body.id}/carry-out`, { early: true }), `erase ${who}`);
  return Number(String(recorded.body.id).replace('ErasureRequest:', ''));
}
const reportOf = async (requestId: number) =>
  (await t.knex('erasure_requests').where('id', requestId).first('report')).report.atsRecords as {
    kind: string;
    remoteId: string;
    outcome?: string;
    reason?: string;
  }[];
const toldAcme = async () =>
  (await listOutbox(t.knex, 'owner@acme.example.com', 50)).filter((m) => m.subject === 'Records to erase in your ATS');

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

  const ids = await activeCandidates(t.knex, 4, { skip: 700 });
  [c.both, c.known, c.down, c.refused] = ids;
  for (const [key, id] of Object.entries(c) as [keyof typeof c, number][])
    email[key] = (await t.knex('candidates').where('id', id).first('email')).email;
  // Greenhouse already had this person before the product sent them.
  gh.candidates.push({
    id: 4999,
    first_name: 'Held',
    last_name: 'Before',
    email: email.known,
    created_at: '2025-01-01T00:00:00Z',
  });

  const toGreenhouse = await makeProject(t.knex, { title: 'Mobile hires' });
  await addToProject(t.knex, toGreenhouse, [c.both, c.known, c.down, c.refused], SHORTLIST);
  const toWorkable = await makeProject(t.knex, { title: 'Backend hires' });
  await addToProject(t.knex, toWorkable, [c.both], SHORTLIST);
  for (const [id, project, job] of [
    [ghAdded.body.id, toGreenhouse.id, '101'],
    [wsAdded.body.id, toWorkable.id, 'BE01'],
  ] as const) {
    ok(await p.admin.put(`/integrations/project-job/${id}`, { projectId: project, jobId: job }), `link ${job}`);
    ok(await p.admin.put(`/integrations/manual/sync/${id}`), `sync ${job}`);
    await runJobs(t);
  }
}, 240_000);

describe("An erased candidate's ATS records", () => {
  it('start in both ATSs', () => {
    for (const who of Object.keys(c) as (keyof typeof c)[]) expect(ghPerson(who), who).toBeTruthy();
    expect(ghPerson('known')?.id).toBe(4999);
    expect(ws.candidates.some((x) => x.candidate.email === email.both && x.job === 'BE01')).toBe(true);
  });

  it('are deleted in Greenhouse where the product created the person; Workable has no delete call, so its record is listed', async () => {
    const person = ghPerson('both')!;
    const requestId = await erase('both');
    // Nothing is called before the erasure has committed and the worker runs the job.
    expect(gh.calls.some((x) => x.method === 'DELETE')).toBe(false);
    await runJobs(t);

    expect(gh.calls.filter((x) => x.method === 'DELETE').map((x) => [x.path, x.status])).toEqual([
      [`/v3/candidates/${person.id}`, 200],
    ]);
    expect(ghPerson('both')).toBeUndefined();
    expect(gh.applications.some((a) => a.candidateId === person.id)).toBe(false);
    const workable = ws.candidates.find((x) => x.candidate.email === email.both);
    expect(workable).toBeTruthy();

    const records = await reportOf(requestId);
    expect(records.map((r) => [r.kind, r.outcome, r.reason ?? null]).sort()).toEqual([
      ['greenhouse', 'erased', null],
      ['workable', 'listed', 'noEraseCall'],
    ]);
    const [told] = await toldAcme();
    expect(told.text).toContain(`Workable: record ${records.find((r) => r.kind === 'workable')!.remoteId}`);
    expect(told.text).not.toContain('Greenhouse: record');
    expect(told.text).toContain('erased one other record of theirs in your ATS through its API');
    const logged = await t.knex('data_rights_logs').where({ candidate_id: c.both, action: 7 }).first('detail');
    expect(logged.detail).toMatchObject({ requestId, erased: 1, listed: 1, failed: 0 });
  });

  it('leaves a person the company held before for the company', async () => {
    const requestId = await erase('known');
    await runJobs(t);
    expect(ghPerson('known')?.id).toBe(4999);
    expect(gh.calls.filter((x) => x.method === 'DELETE' && x.path.endsWith('/4999'))).toEqual([]);
    const [record] = await reportOf(requestId);
    expect(record).toMatchObject({ kind: 'greenhouse', outcome: 'listed', reason: 'notCreatedHere' });
    const [told] = await toldAcme();
    expect(told.text).toContain(`Greenhouse: record ${record.remoteId}`);
  });

  it('tries a Greenhouse that is down again later, then deletes the person', async () => {
    const person = ghPerson('down')!;
    const path = new RegExp(`^/v3/candidates/${person.id}$`);
    // Down for the first attempt's two calls (the call and its retry).
    gh.fail('DELETE', path, { status: 503, body: { message: 'Service unavailable' } }, 2);
    const mails = (await toldAcme()).length;
    const requestId = await erase('down');
    await runJobs(t);
    expect(ghPerson('down')).toBeTruthy();
    expect((await reportOf(requestId))[0].outcome).toBeUndefined();
    const job = await t
      .knex('graphile_worker._private_jobs as j')
      .join('graphile_worker._private_tasks as k', 'k.id', 'j.task_id')
      .where('k.identifier', 'erase_ats_records')
      .first('j.id', 'j.attempts', 'j.max_attempts', 'j.last_error');
    expect(job).toMatchObject({ attempts: 1, max_attempts: 8 });
    expect(job.last_error).toMatch(/wait for their vendor/);
    expect((await toldAcme()).length).toBe(mails);

    // The backoff passes.
    await t
      .knex('graphile_worker._private_jobs')
      .where('id', job.id)
      .update({ run_at: new Date(Date.now() - 1000) });
    await runJobs(t);
    expect(ghPerson('down')).toBeUndefined();
    expect((await reportOf(requestId))[0]).toMatchObject({ outcome: 'erased' });
    // Every record was erased: nothing to ask the company.
    expect((await toldAcme()).length).toBe(mails);
  });

  it('keeps a record Greenhouse refuses to delete in the company’s list', async () => {
    const person = ghPerson('refused')!;
    gh.fail('DELETE', new RegExp(`^/v3/candidates/${person.id}$`), { status: 403, body: { message: 'Forbidden' } }, 1);
    const requestId = await erase('refused');
    await runJobs(t);
    expect(ghPerson('refused')).toBeTruthy();
    const [record] = await reportOf(requestId);
    expect(record).toMatchObject({ kind: 'greenhouse', outcome: 'failed', reason: 'auth 403' });
    const [told] = await toldAcme();
    expect(told.text).toContain(`Greenhouse: record ${record.remoteId}`);
  });
});
