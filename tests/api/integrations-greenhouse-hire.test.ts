/**
 * A placed candidate is hired as Greenhouse records a hire, with Greenhouse's real client against its
 * stand-in on loopback: the application's status set to hired by Harvest's hire call (a hire is no
 * stage), whether the candidate was placed before the first push or moved from the offer later; it
 * reads back as placed ("Hired"), so nobody hears of a change made in Greenhouse, and the board
 * offers no move back to Offered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import { greenhouseConnected, lastRun, projectWith, setStage, type People } from '../helpers/ats/world';
import type { TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let gh: GreenhouseStandIn;
let p: People;
let id: number;
let project: number;
let candidates: number[];

const OFFERED = 4;
const PLACED = 5;
const OFFER_STAGE = 4;

beforeAll(async () => {
  ({ t, gh, p, integrationId: id } = await greenhouseConnected());
  ({
    project: { id: project },
    candidates,
  } = await projectWith(t, 'Greenhouse hires', 2, OFFERED, 450));
});
afterAll(async () => {
  await t?.knex.destroy();
});

async function syncNow() {
  expect((await p.admin.put(`/integrations/manual/sync/${id}`)).status).toBe(200);
  await runJobs(t);
  return lastRun(t, id);
}

const applicationOf = (candidate: number, emails: Map<number, string>) => {
  const person = gh.candidates.find((c) => c.email === emails.get(candidate));
  return gh.applications.find((a) => a.candidateId === person?.id && a.jobId === 101);
};

async function statuses() {
  const res = await p.admin.get(`/integrations/ats-status?projectId=${project}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { candidateId: number; status: string; stage: string | null }[];
}

const changeNotices = async () =>
  ((await p.admin.get('/notifications?filter=all')).body.data as { kind: string; link: string }[]).filter(
    (n) => n.kind === 'atsStatusChanged' && n.link === `/project/${project}`,
  );

describe('Greenhouse: a placed candidate', () => {
  const emails = new Map<number, string>();

  it('placed before the first push is added at the offer stage, then hired', async () => {
    for (const c of candidates) emails.set(c, (await t.knex('candidates').where('id', c).first('email')).email);
    await setStage(t, project, candidates[1], PLACED);
    const linked = await p.admin.put(`/integrations/project-job/${id}`, { projectId: project, jobId: '101' });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(await syncNow()).toMatchObject({ status: 2, created: 2, failed: 0 });
    expect(applicationOf(candidates[0], emails)).toMatchObject({ status: 'active', stageId: OFFER_STAGE });
    expect(applicationOf(candidates[1], emails)).toMatchObject({ status: 'hired' });
    expect(gh.calls.filter((c) => c.method === 'POST' && /\/applications\/\d+\/hire$/.test(c.path))).toHaveLength(1);
  });

  it('moved from the offer is hired, reads back as placed and is no change made in Greenhouse', async () => {
    await setStage(t, project, candidates[0], PLACED);
    const run = await syncNow();
    expect(run).toMatchObject({ status: 2, updated: 1, failed: 0 });
    expect(applicationOf(candidates[0], emails)).toMatchObject({ status: 'hired' });
    expect((run.entries as { outcome: string }[]).filter((e) => e.outcome === 'statusChanged')).toEqual([]);
    const read = await statuses();
    expect(read.map((s) => [s.candidateId, s.status, s.stage]).sort()).toEqual(
      candidates.map((c) => [c, 'Hired', 'placed']).sort(),
    );
    expect(await changeNotices()).toEqual([]);
  });

  it('is not hired again by the next sync', async () => {
    const hires = gh.calls.filter((c) => /\/hire$/.test(c.path)).length;
    expect(await syncNow()).toMatchObject({ status: 2, created: 0, updated: 0, failed: 0 });
    expect(gh.calls.filter((c) => /\/hire$/.test(c.path)).length).toBe(hires);
    expect(await changeNotices()).toEqual([]);
  });
});
