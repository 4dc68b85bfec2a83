/**
 * What the company can trust of a Greenhouse integration, against the Greenhouse stand-in:
 * - a vendor listing a job twice (pages shifting while read) does not fail the sync: the job is kept once;
 * - a person created whose application is then refused (503) is still known as made by the product: the next
 *   sync adds the application to that person, and erasing the candidate deletes the person in Greenhouse;
 * - an integration removed while its sync waits on the vendor (a create held at the stand-in) sends nothing more:
 *   no person is created after the removal, and the company is not told of records that could not be sent;
 * - a person made in Greenhouse for a project deleted since is deleted there when the candidate is erased.
 */
import { describe, expect, it } from 'vitest';
import { LINK_KIND, RUN_TRIGGER } from '../../schema/rules/ats';
import { runSync } from '../../backend/features/integrations';
import type { TestApp } from '../helpers/app';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import {
  connectedForFile,
  failureEvents,
  greenhouseConnected,
  lastRun,
  ok,
  projectWith,
  type People,
} from '../helpers/ats/world';
import { runJobs } from '../helpers/jobs';

const SHORTLIST = 2;
let t: TestApp, gh: GreenhouseStandIn, p: People, integrationId: number;

connectedForFile(greenhouseConnected, (made) => ({ t, gh, p, integrationId } = made));

/** The project candidate link of `candidateId` in this integration, if any. */
const linkOf = (candidateId: number) =>
  t
    .knex('integration_links as l')
    .join('project_candidates as pc', 'pc.id', 'l.local_id')
    .where({ 'l.integration_id': integrationId, 'l.local_kind': LINK_KIND.projectCandidate })
    .where('pc.candidate_id', candidateId)
    .first('l.remote_id', 'l.remote_candidate_id', 'l.remote_person_created');

describe('Jobs listed twice by the vendor', () => {
  it('are kept once and the sync finishes', async () => {
    // The first page lists 101 and 102, then the pages shift: the next starts at 102 again.
    gh.fail('GET', /\/jobs$/, {
      status: 200,
      body: [
        { id: 101, name: 'Mobile Engineer', status: 'open' },
        { id: 102, name: 'QA Engineer', status: 'open' },
      ],
      headers: { Link: `<${gh.apiUrl}/jobs?status=open&per_page=2&cursor=1>; rel="next"` },
    });
    const runId = await runSync(t.knex, t.config, integrationId, RUN_TRIGGER.manual);
    const run = await t.knex('integration_runs').where('id', runId).first();
    expect(run).toMatchObject({ status: 2, error: null });
    const jobs = await t.knex('integration_jobs').where({ integration_id: integrationId, remote_id: '102' });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ open: true, title: 'QA Engineer' });
  }, 60_000);
});

describe('A person created whose application is refused', () => {
  it('is linked as made here, gets the application next run, and is deleted at erasure', async () => {
    const { project, candidates } = await projectWith(t, 'Half made hires', 1, SHORTLIST, 700);
    const [a] = candidates;
    ok(
      await p.admin.put(`/integrations/project-job/${integrationId}`, { projectId: project.id, jobId: '101' }),
      'link',
    );
    const email = (await t.knex('candidates').where('id', a).first('email')).email as string;

    gh.fail('POST', /\/applications$/, { status: 503, body: { error: 'Service unavailable' } }, 1);
    await runSync(t.knex, t.config, integrationId, RUN_TRIGGER.manual);
    const made = gh.candidates.filter((c) => c.email === email);
    expect(made).toHaveLength(1);
    expect(gh.applications.some((x) => x.candidateId === made[0].id)).toBe(false);
    expect(await linkOf(a)).toMatchObject({ remote_candidate_id: String(made[0].id), remote_person_created: true });

    await runSync(t.knex, t.config, integrationId, RUN_TRIGGER.manual);
    expect(gh.candidates.filter((c) => c.email === email)).toHaveLength(1);
    expect(gh.applications.some((x) => x.candidateId === made[0].id && x.jobId === 101)).toBe(true);
    const link = await linkOf(a);
    expect(link).toMatchObject({ remote_candidate_id: String(made[0].id), remote_person_created: true });
    expect(link.remote_id).not.toBe('');

    const recorded = await p.platform.post('/data-rights/erasures', { candidateId: `Candidate:${a}` });
    ok(recorded, 'record the erasure');
    ok(await p.platform.post(`/data-rights/erasures/${recorded.body.id}/carry-out`, { early: true }), 'erase');
    await runJobs(t);
    expect(gh.calls.some((c) => c.method === 'DELETE' && c.path === `/v3/candidates/${made[0].id}`)).toBe(true);
    expect(gh.candidates.some((c) => c.email === email)).toBe(false);
  }, 60_000);
});

describe('A person made in the ATS for a project since deleted', () => {
  it('is still deleted there when the candidate is erased', async () => {
    const { project, candidates } = await projectWith(t, 'Deleted project hires', 1, SHORTLIST, 705);
    const [a] = candidates;
    ok(
      await p.admin.put(`/integrations/project-job/${integrationId}`, { projectId: project.id, jobId: '103' }),
      'link',
    );
    const email = (await t.knex('candidates').where('id', a).first('email')).email as string;
    await runSync(t.knex, t.config, integrationId, RUN_TRIGGER.manual);
    const made = gh.candidates.find((c) => c.email === email);
    expect(made).toBeDefined();

    ok(await p.admin.delete('/projects').send({ keys: [project.id] }), 'delete the project');
    expect(await t.knex('project_candidates').where('project_id', project.id)).toEqual([]);
    const recorded = await p.platform.post('/data-rights/erasures', { candidateId: `Candidate:${a}` });
    ok(recorded, 'record the erasure');
    ok(await p.platform.post(`/data-rights/erasures/${recorded.body.id}/carry-out`, { early: true }), 'erase');
    await runJobs(t);
    expect(gh.calls.some((c) => c.method === 'DELETE' && c.path === `/v3/candidates/${made!.id}`)).toBe(true);
    expect(await t.knex('integration_links').where('candidate_id', a)).toEqual([]);
  }, 60_000);
});

describe('An integration removed during its sync', () => {
  it('creates nothing more in the ATS and tells nobody of failed records', async () => {
    const { project, candidates } = await projectWith(t, 'Removed mid-run hires', 3, SHORTLIST, 710);
    ok(
      await p.admin.put(`/integrations/project-job/${integrationId}`, { projectId: project.id, jobId: '102' }),
      'link',
    );
    const emails = (await t.knex('candidates').whereIn('id', candidates).select('email')).map((r) => r.email as string);
    const before = await failureEvents(p);

    // The first create is held at the vendor: the run waits on the first candidate when the removal comes.
    const first = gh.hold('POST', /\/candidates$/);
    ok(await p.admin.put(`/integrations/manual/sync/${integrationId}`, {}), 'queue a sync');
    const running = runJobs(t);
    for (let waited = 0; !first.arrived() && waited < 10_000; waited += 25) await new Promise((r) => setTimeout(r, 25));
    expect(first.arrived()).toBe(true);
    const removing = p.admin.delete(`/integrations/remove/${integrationId}`).then((r) => r);
    // The removal is under way once it waits on a lock the held run holds.
    const removalWaits = async () =>
      (
        await t.knex.raw(
          "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and (query ilike '%advisory%' or query ilike '%for update%')",
        )
      ).rows.length > 0;
    for (let waited = 0; !(await removalWaits()) && waited < 10_000; waited += 25)
      await new Promise((r) => setTimeout(r, 25));
    expect(await removalWaits()).toBe(true);
    first.release();
    ok(await removing, 'remove');
    const removedAt = gh.calls.length;
    await running;

    const after = gh.calls.slice(removedAt);
    expect(after.filter((c) => c.method === 'POST' && c.path === '/v3/candidates')).toEqual([]);
    expect(gh.candidates.filter((c) => emails.includes(c.email)).length).toBe(1);
    expect(await t.knex('integrations').where('id', integrationId)).toEqual([]);
    expect(await t.knex('integration_links').where('integration_id', integrationId)).toEqual([]);
    expect(await lastRun(t, integrationId)).toBeUndefined();
    expect(await failureEvents(p)).toBe(before);
  }, 60_000);
});
