/**
 * A merge of two profiles each placed in Greenhouse (the stand-in) through one project's pipeline row, and the
 * merged one through a second project too: the folded row's application stays in the ATS, kept as the survivor's
 * former application, and the links and the alerts' mark that named the merged profile name the survivor. An undo
 * takes it all back. Merged again, and the second project deleted, the survivor's copy of their data lists all
 * three applications and their erasure's report covers all three, each person the product made erased.
 */
import { strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { entity } from '../../schema';
import { formatId } from '../../schema/lib/ids';
import { LINK_KIND } from '../../schema/rules/ats';
import { DUPLICATE_STATUS } from '../../schema/entities/candidateDuplicate';
import type { TestApp } from '../helpers/app';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import { connectedForFile, greenhouseConnected, ok, projectWith, type People, eraseForAts } from '../helpers/ats/world';
import { adminExportFiles } from '../helpers/dataExport';
import { addToProject, makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

const SHORTLIST = 2;
let t: TestApp, gh: GreenhouseStandIn, p: People, integrationId: number;

connectedForFile(greenhouseConnected, (made) => ({ t, gh, p, integrationId } = made));

const links = (candidateId: number) =>
  t
    .knex('integration_links')
    .where({ integration_id: integrationId, local_kind: LINK_KIND.projectCandidate, candidate_id: candidateId })
    .orderBy('id');
const formerOf = (candidateId: number) =>
  t.knex('integration_former_applications').where('candidate_id', candidateId).pluck('remote_id');

/** An open pair of the two profiles, the lower id first. */
async function openPair(a: number, b: number): Promise<string> {
  const [row] = (await t
    .knex('candidate_duplicates')
    .insert({ candidate_id: Math.min(a, b), other_id: Math.max(a, b), reasons: ['phone'], confidence: 90 })
    .onConflict(['candidate_id', 'other_id'])
    .merge({ status: DUPLICATE_STATUS.open, decided_at: null, decided_by_id: null })
    .returning('id')) as { id: number }[];
  return String(formatId(entity('candidateDuplicate'), row.id));
}

async function merge(survivor: number, merged: number): Promise<number> {
  const res = await p.platform.post(`/candidate-duplicates/${await openPair(survivor, merged)}/merge`, {
    survivorId: `Candidate:${survivor}`,
  });
  ok(res, 'merge');
  return res.body.mergeId as number;
}

describe("A merge of two profiles each linked to its own application in the company's ATS", () => {
  it("keeps every application the survivor's: undone, merged again, copied and erased", async () => {
    const { project, candidates } = await projectWith(t, 'Merged ATS hires', 2, SHORTLIST, 960);
    const [s, m] = candidates;
    const second = await makeProject(t.knex, { title: 'Merged ATS second hires' });
    await addToProject(t.knex, second, [m], SHORTLIST);
    const link = (projectId: number, jobId: string) =>
      p.admin.put(`/integrations/project-job/${integrationId}`, { projectId, jobId });
    ok(await link(project.id, '101'), 'link the first project');
    ok(await link(second.id, '102'), 'link the second project');
    ok(await p.admin.put(`/integrations/manual/sync/${integrationId}`), 'sync');
    await runJobs(t);
    const [a] = await links(s);
    const [b, c] = await links(m);
    // The product made both people; the merged one's second application is added to the person it made.
    expect([a, b].map((l) => l?.remote_person_created)).toEqual([true, true]);
    expect(c.remote_candidate_id).toBe(b.remote_candidate_id);
    const people = [a, b].map((l) => Number(l.remote_candidate_id));
    expect(people[0]).not.toBe(people[1]);
    await t.knex('alert_changed_candidates').insert({ candidate_id: m }).onConflict('candidate_id').ignore();
    await t.knex('alert_changed_candidates').where('candidate_id', s).delete();

    const first = await merge(s, m);
    // The folded row's link gives way to the kept row's, its application kept as the survivor's; the others move.
    expect((await links(s)).map((l) => l.remote_id)).toEqual([a.remote_id, c.remote_id]);
    expect(await links(m)).toEqual([]);
    expect(await formerOf(s)).toEqual([b.remote_id]);
    expect(await t.knex('alert_changed_candidates').whereIn('candidate_id', [s, m]).pluck('candidate_id')).toEqual([s]);

    ok(await p.platform.post(`/candidate-merges/${first}/undo`), 'undo');
    expect((await links(s)).map((l) => l.remote_id)).toEqual([a.remote_id]);
    expect((await links(m)).map((l) => [l.id, l.local_id])).toEqual([
      [b.id, b.local_id],
      [c.id, c.local_id],
    ]);
    expect(await formerOf(s)).toEqual([]);
    expect(await t.knex('alert_changed_candidates').whereIn('candidate_id', [s, m]).pluck('candidate_id')).toEqual([m]);

    await merge(s, m);
    // The second project goes: its link is found by the candidate it names, the survivor.
    ok(await p.admin.delete('/projects').send({ keys: [second.id] }), 'delete the second project');
    const admin = await t.login('admin@example.com');
    const copy = await adminExportFiles(t, admin, s);
    const pushes = JSON.parse(strFromU8(copy['ats-pushes.json'])) as { recordId: string; former: unknown }[];
    expect(pushes.map((x) => x.recordId).sort()).toEqual([a.remote_id, b.remote_id, c.remote_id].sort());

    const { records: erased } = await eraseForAts(t, p, s);
    const records = erased as { remoteId: string; personCreated: boolean; outcome: string }[];
    expect(records.map((r) => [r.remoteId, r.personCreated, r.outcome]).sort()).toEqual(
      [a, b, c].map((l) => [l.remote_id, true, 'erased']).sort(),
    );
    for (const person of people) expect(gh.candidates.some((x) => x.id === person)).toBe(false);
  }, 180_000);
});
