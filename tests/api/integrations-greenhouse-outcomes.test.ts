/**
 * What the sync does with an application whose state Greenhouse decided, with Greenhouse's real client against its
 * stand-in on loopback, and what the run log and the ATS status then say:
 * - hired in Greenhouse: linked and left hired, never moved back by the product, the log saying so;
 * - rejected in Greenhouse, then moved on in the product: unrejected first (Harvest's unreject), then moved;
 * - hired in Greenhouse, then moved to Placed in the product: in step, nothing sent, no failure run after run;
 * - deleted in Greenhouse: the status says it is gone, not the stage last read, and the log says so once;
 * - a record refused on every run: its company's managers are told once, not on every run.
 */
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import {
  connectedForFile,
  failureEvents,
  greenhouseConnected,
  lastRun,
  ok,
  projectWith,
  setStage,
  type People,
} from '../helpers/ats/world';
import { addToProject, activeCandidates } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let gh: GreenhouseStandIn;
let p: People;
let id: number;

connectedForFile(greenhouseConnected, (made) => ({ t, gh, p, integrationId: id } = made));

const SHORTLIST = 2;
const INTERVIEWING = 3;
const OFFERED = 4;
const PLACED = 5;
const REJECTED = 6;

interface Entry {
  project: string;
  outcome: string;
  reason?: string;
}

async function sync() {
  expect((await p.admin.put(`/integrations/manual/sync/${id}`)).status).toBe(200);
  await runJobs(t);
  return lastRun(t, id);
}

const entriesOf = (run: { entries: Entry[] }, project: string) => run.entries.filter((e) => e.project === project);
const postsTo = (application: number) =>
  gh.calls.filter((c) => c.method === 'POST' && c.path.startsWith(`/v3/applications/${application}/`));

async function linked(title: string, count: number, stage: number, skip: number, job: string) {
  const { project, candidates } = await projectWith(t, title, count, stage, skip);
  ok(await p.admin.put(`/integrations/project-job/${id}`, { projectId: project.id, jobId: job }), 'link');
  return { project, candidates };
}

const linkOf = (projectId: number, candidateId: number) =>
  t
    .knex('integration_links as l')
    .join('project_candidates as pc', 'pc.id', 'l.local_id')
    .where({ 'l.integration_id': id, 'l.local_kind': 2, 'pc.project_id': projectId, 'pc.candidate_id': candidateId })
    .first('l.remote_id', 'l.synced_stage', 'l.remote_status', 'l.remote_stage');

describe('Greenhouse: outcomes decided in Greenhouse', () => {
  it('a person already hired on the job is linked and left hired, and never moved back', async () => {
    const { project, candidates } = await linked('GH hired there', 1, SHORTLIST, 470, '101');
    const { email } = await t.knex('candidates').where('id', candidates[0]).first('email');
    gh.candidates.push({
      id: 4100,
      first_name: 'Hired',
      last_name: 'Before',
      email,
      created_at: '2026-01-05T10:00:00Z',
    });
    gh.applications.push({
      id: 8100,
      candidateId: 4100,
      jobId: 101,
      stageId: 4,
      rejected: false,
      status: 'hired',
      lastActivityAt: '2026-02-01T10:00:00Z',
    });
    const run = await sync();
    expect(entriesOf(run, 'GH hired there')).toEqual([
      expect.objectContaining({ outcome: 'created', reason: 'Hired in the ATS: left as it is' }),
    ]);
    expect(gh.applications.find((a) => a.id === 8100)).toMatchObject({ status: 'hired', stageId: 4 });
    expect(postsTo(8100)).toEqual([]);

    // The product's card moved on: the hire in Greenhouse stays as it is.
    await setStage(t, project.id, candidates[0], INTERVIEWING);
    const next = await sync();
    expect(next.failed).toBe(0);
    expect(entriesOf(next, 'GH hired there')).toEqual([
      expect.objectContaining({ outcome: 'skipped', reason: 'Hired in the ATS: left as it is' }),
    ]);
    expect(gh.applications.find((a) => a.id === 8100)).toMatchObject({ status: 'hired', stageId: 4 });
    expect(postsTo(8100)).toEqual([]);
  });

  let takeBacks: { project: { id: number }; candidates: number[] };

  it('a rejected application moved on in the product is unrejected, then moved', async () => {
    takeBacks = await linked('GH take-backs', 2, SHORTLIST, 480, '102');
    const { project, candidates } = takeBacks;
    expect(await sync()).toMatchObject({ failed: 0 });
    const taken = await linkOf(project.id, candidates[0]);
    const application = () => gh.applications.find((a) => a.id === Number(taken.remote_id))!;

    await setStage(t, project.id, candidates[0], REJECTED);
    expect(await sync()).toMatchObject({ failed: 0 });
    expect(application()).toMatchObject({ status: 'rejected' });

    await setStage(t, project.id, candidates[0], INTERVIEWING);
    const run = await sync();
    expect(run.failed, JSON.stringify(run.entries)).toBe(0);
    expect(application()).toMatchObject({ status: 'active', stageId: 3 });
    expect(postsTo(application().id).filter((c) => c.path.endsWith('/unreject'))).toHaveLength(1);
    expect(entriesOf(run, 'GH take-backs').map((e) => [e.outcome, e.reason])).toEqual([
      ['updated', 'Rejected in the ATS: taken back from the rejection and moved to the stage'],
    ]);
  });

  it('an application deleted in Greenhouse shows gone, not its stage last read, and is said once', async () => {
    const { project, candidates } = takeBacks;
    const deleted = await linkOf(project.id, candidates[1]);
    expect(deleted.remote_stage).toBe('shortlist');
    gh.deleteApplication(Number(deleted.remote_id));
    const run = await sync();
    const gone = 'The application is no longer in the ATS (deleted there): not added again unless the candidate moves';
    const said = entriesOf(run, 'GH take-backs').map((e) => [e.outcome, e.reason]);
    expect(said).toContainEqual(['statusChanged', gone]);
    const res = await p.admin.get(`/integrations/ats-status?projectId=${project.id}`);
    expect(res.status).toBe(200);
    const shown = (res.body.data as { candidateId: number; status: string; stage: string | null; gone?: boolean }[])
      .filter((s) => s.candidateId === candidates[1])
      .map(({ status, stage, gone: isGone }) => ({ status, stage, gone: isGone }));
    expect(shown).toEqual([{ status: 'No longer in the ATS (deleted there)', stage: null, gone: true }]);
    const again = await sync();
    expect(entriesOf(again, 'GH take-backs').filter((e) => e.reason === gone)).toEqual([]);
  });

  it('hired in Greenhouse, then placed in the product: in step, nothing sent, no failure', async () => {
    const { project, candidates } = await linked('GH hires made there', 1, OFFERED, 490, '103');
    expect(await sync()).toMatchObject({ failed: 0 });
    const link = await linkOf(project.id, candidates[0]);
    const application = gh.applications.find((a) => a.id === Number(link.remote_id))!;
    application.status = 'hired';
    await sync();
    expect(await linkOf(project.id, candidates[0])).toMatchObject({ remote_status: 'Hired', remote_stage: 'placed' });

    await setStage(t, project.id, candidates[0], PLACED);
    for (let run = 0; run < 2; run++) expect(await sync()).toMatchObject({ failed: 0 });
    expect(postsTo(application.id)).toEqual([]);
    expect(await linkOf(project.id, candidates[0])).toMatchObject({ synced_stage: PLACED });
  });

  it('a record refused on every run is told to the managers once', async () => {
    const project = await t.knex('projects').where('title', 'GH hired there').first('id');
    const [stuck] = await activeCandidates(t.knex, 1, { skip: 500 });
    await addToProject(t.knex, { id: project.id } as Parameters<typeof addToProject>[1], [stuck], SHORTLIST);
    gh.fail('POST', /\/v3\/applications$/, { status: 422, body: { message: 'The job takes no applications' } }, 3);
    const before = await failureEvents(p);
    for (let run = 0; run < 3; run++) expect((await sync()).failed).toBeGreaterThan(0);
    expect(await failureEvents(p)).toBe(before + 1);
    // Added at last: the next refusal of it is news again.
    expect(await sync()).toMatchObject({ failed: 0 });
  });
});
