/**
 * A rejection reaches Workable as SPI v3's disqualify takes it today: `disqualify_note` (with the member
 * who connected), not the deprecated `disqualification_reason`; no `withdrew`, which the product does not
 * know, so Workable keeps its default (not withdrawn). The stand-in keeps only the current fields.
 */
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { connectedForFile, lastRun, projectWith, setStage, workableConnected, type People } from '../helpers/ats/world';
import { runJobs } from '../helpers/jobs';

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

describe('Workable: a rejected candidate', () => {
  it('is disqualified with a note in the current fields, by the member who connected', async () => {
    const {
      project: { id: project },
      candidates: [c],
    } = await projectWith(t, 'Disqualify hires', 1, SHORTLIST, 300);
    const linked = await p.admin.put(`/integrations/project-job/${integrationId}`, {
      projectId: project,
      jobId: 'BE01',
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(await sync()).toMatchObject({ created: 1, failed: 0 });
    await setStage(t, project, c, REJECTED);
    expect(await sync()).toMatchObject({ updated: 1, failed: 0 });

    const sent = ws.calls.filter((x) => x.method === 'POST' && x.path.endsWith('/disqualify'));
    expect(sent).toHaveLength(1);
    const body = sent[0].body as Record<string, unknown>;
    expect(body).not.toHaveProperty('disqualification_reason');
    expect(body).toMatchObject({ disqualify_note: 'Not selected: rejected in Talentbase' });
    expect(typeof body.member_id).toBe('string');
    const [row] = ws.candidates.filter((x) => x.disqualified);
    expect(row).toMatchObject({
      disqualify_note: 'Not selected: rejected in Talentbase',
      disqualify_reason_id: null,
      withdrew: false,
    });
  });
});
