/**
 * Workable's candidates come in pages (`limit`, `since_id`, `paging.next`), as its stand-in now answers them: a
 * person Workable holds on several jobs, the record on the project's job on the second page, is found there by a
 * sync (moved, not added again), with Workable's real client against its stand-in on loopback.
 */
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { connectedForFile, lastRun, ok, projectWith, workableConnected, type People } from '../helpers/ats/world';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let ws: WorkableStandIn;
let p: People;
let id: number;

connectedForFile(workableConnected, (made) => ({ t, ws, p, integrationId: id } = made));

const SHORTLIST = 2;

describe('Workable candidates over pages', () => {
  it('finds the record on the project’s job on the second page and moves it instead of adding another', async () => {
    const {
      project: { id: project },
      candidates: [c],
    } = await projectWith(t, 'Paged hires', 1, SHORTLIST, 500);
    const {
      email,
      first_name: first,
      last_name: last,
    } = await t.knex('candidates').where('id', c).first('email', 'first_name', 'last_name');
    const held = (job: string, at: string) =>
      ws.candidates.push({
        id: `held-${job}`,
        job,
        stage: 'applied',
        disqualified: false,
        sourced: false,
        created_at: at,
        candidate: { name: `${first} ${last}`, email },
      });
    held('FE02', '2024-01-01T00:00:00Z');
    held('DS03', '2024-02-01T00:00:00Z');
    held('BE01', '2024-03-01T00:00:00Z');
    const records = ws.candidates.length;
    ok(await p.admin.put(`/integrations/project-job/${id}`, { projectId: project, jobId: 'BE01' }), 'link');
    ok(await p.admin.put(`/integrations/manual/sync/${id}`), 'sync');
    await runJobs(t);
    expect(await lastRun(t, id)).toMatchObject({ status: 2, created: 1, failed: 0 });
    const pages = ws.calls.filter((x) => x.method === 'GET' && /\/candidates\?email=/.test(x.path));
    expect(pages.map((x) => new URL(x.path, 'http://x').searchParams.get('since_id'))).toEqual([null, 'held-BE01']);
    expect(ws.candidates).toHaveLength(records);
    expect(ws.candidates.find((x) => x.id === 'held-BE01')).toMatchObject({ stage: 'shortlisted' });
    const link = await t
      .knex('integration_links as l')
      .join('project_candidates as pc', 'pc.id', 'l.local_id')
      .where({ 'l.integration_id': id, 'pc.project_id': project })
      .first('l.remote_id', 'l.remote_candidate_id');
    expect(link).toMatchObject({ remote_id: 'held-BE01', remote_candidate_id: 'held-FE02' });
  });
});
