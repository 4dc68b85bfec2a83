/**
 * The erasure's ATS records job and a sync at once, against the Greenhouse stand-in: while the job waits on the
 * vendor's erase call, a sync's application for the erased person comes back and is added to the erasure's report
 * (integrations/syncGuard.ts). The job's own write then keeps it: the report ends with both ATS records.
 * The sync's held call must outlast the hold: the stand-ins' 5 s call timeout (helpers/ats/vendors.ts) would end it
 * on a loaded machine (an application is posted once, never retried), and the report would rightly list one record.
 */
import { describe, expect, it } from 'vitest';
import { RUN_TRIGGER } from '../../schema/rules/ats';
import { runSync } from '../../backend/features/integrations';
import type { TestApp } from '../helpers/app';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import { connectedForFile, greenhouseConnected, ok, projectWith, type People } from '../helpers/ats/world';
import { addToProject, makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

const SHORTLIST = 2;
let t: TestApp, gh: GreenhouseStandIn, p: People, integrationId: number;

/** Longer than any hold below takes on a loaded machine, so the held calls are answered, not timed out. */
const HOLD_MS = 45_000;

async function until(what: string, done: () => boolean | Promise<boolean>) {
  for (let waited = 0; !(await done()) && waited < HOLD_MS; waited += 25) await new Promise((r) => setTimeout(r, 25));
  expect(await done(), what).toBe(true);
}

connectedForFile(greenhouseConnected, (made) => ({ t, gh, p, integrationId } = made));

describe("An application a sync places while the erasure's ATS job calls the vendor", () => {
  it("is kept in the erasure's report next to the record the job settled", async () => {
    t.config.ats.limits = { ...t.config.ats.limits, timeoutMs: 2 * HOLD_MS };
    const { project, candidates } = await projectWith(t, 'Erased first hires', 1, SHORTLIST, 790);
    const [a] = candidates;
    const second = await makeProject(t.knex, { title: 'Erased second hires' });
    await addToProject(t.knex, second, [a], SHORTLIST);
    const link = (projectId: number, jobId: string) =>
      p.admin.put(`/integrations/project-job/${integrationId}`, { projectId, jobId });
    ok(await link(project.id, '101'), 'link the first project');
    await runSync(t.knex, t.config, integrationId, RUN_TRIGGER.manual);
    const email = (await t.knex('candidates').where('id', a).first('email')).email as string;
    const person = gh.candidates.find((c) => c.email === email)!;
    expect(person).toBeDefined();

    // The second project's application is held at the vendor: the sync is under way when the erasure comes.
    ok(await link(second.id, '102'), 'link the second project');
    const placing = gh.hold('POST', /\/applications$/);
    const syncing = runSync(t.knex, t.config, integrationId, RUN_TRIGGER.manual);
    await until('the application is asked for', placing.arrived);

    const recorded = await p.platform.post('/data-rights/erasures', { candidateId: `Candidate:${a}` });
    ok(recorded, 'record the erasure');
    ok(await p.platform.post(`/data-rights/erasures/${recorded.body.id}/carry-out`, { early: true }), 'erase');

    // The job's erase call is held at the vendor while the sync's application comes back.
    const erasing = gh.hold('DELETE', /\/candidates\/\d+$/);
    const jobs = runJobs(t);
    await until('the job calls the vendor', erasing.arrived);
    placing.release();
    await syncing;
    const answered = gh.calls.filter((c) => c.method === 'POST' && c.path === '/v3/applications').at(-1);
    expect(answered?.status, "the sync's held application is answered").toBe(201);
    erasing.release();
    await jobs;
    await runJobs(t);

    const { report } = await t
      .knex('erasure_requests')
      .where('id', Number(String(recorded.body.id).split(':').pop()))
      .first('report');
    const records = report.atsRecords as { remoteId: string; remoteCandidateId: string; outcome?: string }[];
    const placed = gh.calls.filter((c) => c.method === 'POST' && c.path === '/v3/applications').length;
    expect(placed).toBeGreaterThanOrEqual(2);
    expect(records).toHaveLength(2);
    expect(records.every((r) => r.remoteCandidateId === String(person.id))).toBe(true);
    expect(records.find((r) => r.outcome === 'erased')).toBeDefined();
    expect(gh.candidates.some((c) => c.email === email)).toBe(false);
  }, 180_000);
});
