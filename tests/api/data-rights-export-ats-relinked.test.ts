/**
 * A candidate's copy of their data lists their ATS applications on a job their project was relinked away from, over
 * HTTP against Greenhouse's stand-in. Acme syncs a project to one job, relinks it to another and syncs again: each of
 * its candidates then has an application on each job, the link naming only the new one. The copy's ats-pushes.json
 * lists both, the old one marked former, with what a linked record shows (the ATS, the company, the project, the
 * application's id) and nothing more: not the other candidate's applications, nor the vendor's person or job. On a
 * confidential search, the former application's company is masked as the linked one's is.
 */
import { strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import { atsStandIns } from '../helpers/ats/vendors';
import { ok, people, type People } from '../helpers/ats/world';
import { testApp, type TestApp } from '../helpers/app';
import { adminExportFiles } from '../helpers/dataExport';
import { activeCandidates, addToProject, makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

const SHORTLIST = 2;
const CONFIDENTIAL = 'A company (confidential search)';
const KEYS = [
  ...['ats', 'company', 'project', 'recordId', 'stageSent', 'firstSentAt', 'lastSentAt', 'former'],
  ...['statusInAts', 'stageInAts', 'statusInAtsSince'],
];
let t: TestApp;
let gh: GreenhouseStandIn;
let p: People;
let integration = '';
let adminToken = '';
let acme = '';

interface Push {
  ats: string;
  company: string | null;
  project: string | null;
  recordId: string;
  former: boolean;
  formerSince?: string;
}

/** Fresh candidates shortlisted on a new project linked to job `from`, synced, relinked to job `to`, synced again. */
async function relinked(title: string, [from, to]: number[], count: number, skip: number, isConfidential = false) {
  const candidates = await activeCandidates(t.knex, count, { skip });
  const project = await makeProject(t.knex, { title, isConfidential });
  await addToProject(t.knex, project, candidates, SHORTLIST);
  for (const job of [String(from), String(to)]) {
    ok(await p.admin.put(`/integrations/project-job/${integration}`, { projectId: project.id, jobId: job }), job);
    ok(await p.admin.put(`/integrations/manual/sync/${integration}`), `sync ${job}`);
    await runJobs(t);
  }
  return candidates;
}

/** The Greenhouse applications of candidate `id`'s person on jobs `from` and `to`. */
async function applicationsOf(id: number, [from, to]: number[]) {
  const { email } = await t.knex('candidates').where('id', id).first('email');
  const person = gh.candidates.find((x) => x.email === email)!;
  const on = (job: number) => String(gh.applications.find((a) => a.candidateId === person.id && a.jobId === job)!.id);
  return { old: on(from), current: on(to) };
}

/** An admin makes the candidate's copy; its ats-pushes.json, and the file's text. */
async function pushesOf(id: number): Promise<{ pushes: Push[]; text: string }> {
  const text = strFromU8((await adminExportFiles(t, adminToken, id))['ats-pushes.json']);
  return { pushes: JSON.parse(text) as Push[], text };
}

beforeAll(async () => {
  t = await testApp();
  [gh] = await atsStandIns(t.config, ['greenhouse'], { maxRetryWaitMs: 2000, retries: 1 });
  p = await people(t);
  adminToken = await t.login('admin@example.com');
  const added = await p.admin.post('/integrations/greenhouse', {
    clientId: gh.clientId,
    clientSecret: gh.clientSecret,
  });
  ok(added, 'connect Greenhouse');
  await runJobs(t);
  integration = String(added.body.id);
  const row = await t.knex('integrations as i').join('companies as c', 'c.id', 'i.company_id').first('c.company_name');
  acme = row.company_name as string;
}, 240_000);

describe("A candidate's copy of their data and their applications on a job their project was relinked away from", () => {
  it('lists both applications, the old one marked former, and only their own', async () => {
    const jobs = [101, 102];
    const [me, other] = await relinked('Relinked copy hires', jobs, 2, 860);
    const mine = await applicationsOf(me, jobs);
    const theirs = await applicationsOf(other, jobs);

    const { pushes, text } = await pushesOf(me);

    expect(pushes).toEqual([
      expect.objectContaining({ ats: 'Greenhouse', company: acme, project: 'Relinked copy hires', former: false }),
      expect.objectContaining({ ats: 'Greenhouse', company: acme, project: 'Relinked copy hires', former: true }),
    ]);
    expect(pushes.map((x) => x.recordId)).toEqual([mine.current, mine.old]);
    expect(pushes[1].formerSince).toEqual(expect.any(String));
    // What a linked record shows, nothing more: no person, job or internal id of the ATS or the product.
    expect(Object.keys(pushes[0]).sort()).toEqual([...KEYS].sort());
    expect(Object.keys(pushes[1]).sort()).toEqual([...KEYS, 'formerSince'].sort());
    expect(text).not.toMatch(/remoteCandidate|integrationId|companyId|remoteJob|personCreated/);
    // The other candidate on the same project, relinked with them, is not in their copy.
    for (const id of [theirs.old, theirs.current]) expect(pushes.map((x) => x.recordId)).not.toContain(id);
  }, 90_000);

  it("masks a confidential search's company on the former application as on the linked one", async () => {
    // Job 101 is free again: the first project was relinked away from it.
    const jobs = [103, 101];
    const [me] = await relinked('Quiet relinked hires', jobs, 1, 870, true);
    const mine = await applicationsOf(me, jobs);

    const { pushes, text } = await pushesOf(me);

    expect(pushes.map((x) => [x.recordId, x.company, x.former])).toEqual([
      [mine.current, CONFIDENTIAL, false],
      [mine.old, CONFIDENTIAL, true],
    ]);
    expect(text).not.toContain(acme);
  }, 90_000);
});
