/**
 * A candidate taken back from rejected reaches Workable as active again: the product's move to an active stage
 * reverts the disqualification it made (`POST /candidates/:id/revert`, by the member who connected) before moving
 * the record, since Workable's move leaves a disqualified record disqualified. The product's board has no move out
 * of rejected (schema/rules/stages.ts); a merge of two profiles of the person keeps the furthest stage of their two
 * rows in a project, so the rejected, linked row takes the duplicate's shortlist: the product's un-rejection.
 */
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { connectedForFile, lastRun, ok, workableConnected, type People } from '../helpers/ats/world';
import { pairOf } from '../helpers/duplicatePairs';
import { addToProject, makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { REJECT } from '../helpers/pipeline';

let t: TestApp;
let ws: WorkableStandIn;
let p: People;
let integrationId: number;

connectedForFile(workableConnected, (made) => ({ t, ws, p, integrationId } = made));

const SHORTLIST = 2;
const REJECTED = 6;

async function sync() {
  expect((await p.admin.put(`/integrations/manual/sync/${integrationId}`)).status).toBe(200);
  await runJobs(t);
  return lastRun(t, integrationId);
}

const posted = (action: string) => ws.calls.filter((c) => c.method === 'POST' && c.path.endsWith(`/${action}`));

describe('Workable: a candidate taken back from rejected', () => {
  it('has the disqualification reverted and is moved to the stage, with nothing read back against the move', async () => {
    const admin = await t.login('admin@example.com');
    const pair = await pairOf(t, admin, { phone: '+65 8222 7351', first: 'Wen', last: 'Takeback' });
    const project = await makeProject(t.knex, { title: 'Workable take-backs' });
    await addToProject(t.knex, project, [pair.a], SHORTLIST);
    ok(
      await p.admin.put(`/integrations/project-job/${integrationId}`, { projectId: project.id, jobId: 'BE01' }),
      'link',
    );
    expect(await sync()).toMatchObject({ created: 1, failed: 0 });
    const link = await t.knex('integration_links').where({ integration_id: integrationId, local_kind: 2 }).first();
    const record = () => ws.candidates.find((c) => c.id === link.remote_id)!;

    const rejected = await p.admin.post('/projects/recruitment', {
      projectId: `Project:${project.id}`,
      candidateId: `Candidate:${pair.a}`,
      recruitmentStatus: REJECTED,
      fromStage: SHORTLIST,
      rejectFormData: REJECT,
    });
    ok(rejected, 'reject');
    expect(await sync()).toMatchObject({ updated: 1, failed: 0 });
    expect(record()).toMatchObject({ disqualified: true });

    // The duplicate profile is on the shortlist: the merge keeps that stage on the linked row.
    await addToProject(t.knex, project, [pair.b], SHORTLIST);
    const merged = await p.platform.post(`/candidate-duplicates/${pair.pairId}/merge`, {
      survivorId: `Candidate:${pair.a}`,
      keep: { email: 'survivor' },
    });
    ok(merged, 'merge');
    const row = await t.knex('project_candidates').where({ project_id: project.id, candidate_id: pair.a }).first();
    expect(row.stage).toBe(SHORTLIST);

    const run = await sync();
    expect(run, JSON.stringify(run.entries)).toMatchObject({ updated: 1, failed: 0 });
    expect(record()).toMatchObject({ disqualified: false, stage: 'shortlisted' });
    // Once, for the un-rejection: never for a record that is not disqualified (Workable refuses that).
    expect(posted('revert')).toHaveLength(1);
    expect(posted('revert')[0].body).toMatchObject({ member_id: expect.any(String) });
    // Read back as the stage the product moved it to: no "Disqualified" to offer a rejection again.
    const after = await t.knex('integration_links').where('id', link.id).first('remote_status', 'remote_stage');
    expect(after).toEqual({ remote_status: 'Shortlisted', remote_stage: 'shortlist' });
  });
});
