/**
 * Merges followed with Lever (the stand-in merges contacts as Lever does: the merged-away contact's opportunities
 * move, ids unchanged, to the survivor, and a read of the old id answers the survivor).
 * - A recruiter merges the contact the product made into the company's own: the next sync moves the same
 *   opportunity, links the candidate to the survivor as a contact the product did not make, and a push to another
 *   posting adds an opportunity to the survivor, never a second contact; the erasure lists both opportunities
 *   under the survivor, not made here, and writes nothing to the survivor.
 * - Merged in Lever before any sync saw it: the erasure follows the opportunity to the survivor all the same.
 * - The product's own merge of two candidates each pushed to the posting through one project: the survivor keeps
 *   one link, the dropped one's opportunity is kept as a former application (listed by the erasure), never pushed again.
 */
import { describe, expect, it } from 'vitest';
import { entity } from '../../schema';
import { formatId } from '../../schema/lib/ids';
import { LINK_KIND } from '../../schema/rules/ats';
import { DUPLICATE_STATUS } from '../../schema/entities/candidateDuplicate';
import { client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import type { LeverOpportunity, LeverStandIn } from '../helpers/ats/lever';
import { atsStandIns } from '../helpers/ats/vendors';
import {
  connectedForFile,
  eraseForAts,
  lastRun,
  ok,
  people,
  projectWith,
  setStage,
  type People,
} from '../helpers/ats/world';
import { addToProject, makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

const SHORTLIST = 2;
const INTERVIEWING = 3;
let t: TestApp, lv: LeverStandIn, p: People, id: number;

/** An app with Lever's stand-in connected by Acme's Owner through sign-in, its postings pulled. */
async function leverConnected() {
  const t = await testApp();
  const [lv] = await atsStandIns(t.config, ['lever'], { maxRetryWaitMs: 2000, retries: 1 });
  const token = await t.login('owner@acme.example.com');
  const started = await client(t, token).get('/integrations/lever/sign-in');
  ok(started, 'sign-in URL');
  const approved = await fetch(started.body.url, { redirect: 'manual' });
  const back = new URL(approved.headers.get('location')!);
  const done = await t.http.get(back.pathname + back.search).set('Cookie', `tb_session=${token}`);
  expect(done.headers.location).toMatch(/lever=connected$/);
  const { id } = await t.knex('integrations').where('kind', 'lever').first('id');
  await runJobs(t); // the first sync pulls the postings
  return { t, lv, p: await people(t), id: id as number };
}

connectedForFile(leverConnected, (made) => ({ t, lv, p, id } = made));

const linksOf = (candidateId: number) =>
  t
    .knex('integration_links')
    .where({ integration_id: id, local_kind: LINK_KIND.projectCandidate, candidate_id: candidateId })
    .orderBy('id');

async function sync() {
  ok(await p.admin.put(`/integrations/manual/sync/${id}`), 'sync');
  await runJobs(t);
}

/** Links a project to a posting, unlinking first the project an earlier test linked to it (one project a posting). */
async function linkProject(projectId: number, jobId: string) {
  const earlier = await t
    .knex('integration_links')
    .where({ integration_id: id, local_kind: LINK_KIND.project, remote_id: jobId })
    .first('local_id');
  if (earlier)
    ok(await p.admin.put(`/integrations/project-job/${id}`, { projectId: earlier.local_id, jobId: null }), 'unlink');
  ok(await p.admin.put(`/integrations/project-job/${id}`, { projectId, jobId }), 'link the project');
}

/** The company's own contact in Lever, with an opportunity on post-b. */
function ownContact(name: string): string {
  const contact = `contact-own-${name}`;
  const own: LeverOpportunity = {
    id: `opp-own-${name}`,
    contact,
    name: `Own ${name}`,
    email: `own-${name}@example.com`,
    posting: 'post-b',
    stage: 'stage-screen',
    origin: 'applied',
    createdAt: Date.parse('2020-01-01'),
    lastAdvancedAt: Date.parse('2020-01-01'),
  };
  lv.opportunities.push(own);
  return contact;
}

describe('A merge of contacts in Lever', () => {
  it('is followed by the next sync: the same opportunity moved, the survivor linked, no second contact', async () => {
    const { project, candidates } = await projectWith(t, 'Lever merged hires', 1, SHORTLIST, 520);
    const [candidate] = candidates;
    await linkProject(project.id, 'post-a');
    await sync();
    const [first] = await linksOf(candidate);
    expect(first).toMatchObject({ remote_person_created: true });
    const made = first.remote_candidate_id as string;

    // A recruiter merges the contact the product made into the company's own, older contact.
    const survivor = ownContact('a');
    lv.mergeContacts(made, survivor);
    await setStage(t, project.id, candidate, INTERVIEWING);
    await sync();
    expect(await lastRun(t, id)).toMatchObject({ updated: 1, created: 0, failed: 0 });
    expect(lv.opportunities.find((o) => o.id === first.remote_id)).toMatchObject({
      contact: survivor,
      stage: 'stage-onsite',
    });
    // Read back filed under the survivor, a contact the product did not make.
    expect(await linksOf(candidate)).toEqual([
      expect.objectContaining({
        remote_id: first.remote_id,
        remote_candidate_id: survivor,
        remote_person_created: false,
      }),
    ]);

    // The same candidate through a project on another posting: added to the survivor, no contact made.
    const second = await makeProject(t.knex, { title: 'Lever merged second hires' });
    await addToProject(t.knex, second, [candidate], SHORTLIST);
    await linkProject(second.id, 'post-c');
    const before = lv.opportunities.length;
    await sync();
    expect(await lastRun(t, id)).toMatchObject({ created: 1, updated: 0, failed: 0 });
    expect(lv.opportunities).toHaveLength(before + 1);
    const added = lv.opportunities.at(-1)!;
    expect(added).toMatchObject({ posting: 'post-c', contact: survivor });
    // Every opportunity with the candidate's email is the survivor's: no contact was made for them.
    expect(new Set(lv.opportunities.filter((o) => o.email === added.email).map((o) => o.contact))).toEqual(
      new Set([survivor]),
    );
    const links = await linksOf(candidate);
    expect(links.map((l) => [l.remote_id, l.remote_candidate_id, l.remote_person_created])).toEqual([
      [first.remote_id, survivor, false],
      [added.id, survivor, false],
    ]);
    // Nothing more on the next run: each opportunity once.
    await sync();
    expect(lv.opportunities).toHaveLength(before + 1);

    const { records } = await eraseForAts(t, p, candidate);
    expect(records.map((r) => [r.remoteId, r.remoteCandidateId, r.personCreated, r.outcome, r.reason]).sort()).toEqual(
      [first.remote_id, added.id].map((o) => [o, survivor, false, 'listed', 'notCreatedHere']).sort(),
    );
    // The survivor is the company's: nothing of it was written.
    expect(lv.opportunities.find((o) => o.id === 'opp-own-a')).toMatchObject({ contact: survivor, name: 'Own a' });
  }, 120_000);

  it('is followed by an erasure before any sync saw it: listed under the survivor, not made here', async () => {
    const { project, candidates } = await projectWith(t, 'Lever erased after merge', 2, SHORTLIST, 540);
    const [merged, kept] = candidates;
    await linkProject(project.id, 'post-a');
    await sync();
    const [link] = await linksOf(merged);
    const [other] = await linksOf(kept);
    const survivor = ownContact('b');
    lv.mergeContacts(link.remote_candidate_id, survivor);

    const { records } = await eraseForAts(t, p, merged);
    expect(records).toEqual([
      expect.objectContaining({
        remoteId: link.remote_id,
        remoteCandidateId: survivor,
        personCreated: false,
        outcome: 'listed',
        reason: 'notCreatedHere',
      }),
    ]);
    // A contact the product made and nobody merged: listed as made here, Lever having no erase call.
    const { records: unmerged } = await eraseForAts(t, p, kept);
    expect(unmerged).toEqual([
      expect.objectContaining({
        remoteId: other.remote_id,
        remoteCandidateId: other.remote_candidate_id,
        personCreated: true,
        outcome: 'listed',
        reason: 'noEraseCall',
      }),
    ]);
  }, 120_000);
});

describe("The product's merge of two candidates each pushed to Lever through one project", () => {
  it('keeps one link; the dropped opportunity is a former application, never pushed again', async () => {
    const { project, candidates } = await projectWith(t, 'Lever duplicate hires', 2, SHORTLIST, 560);
    const [s, m] = candidates;
    await linkProject(project.id, 'post-a');
    await sync();
    const [a] = await linksOf(s);
    const [b] = await linksOf(m);
    expect(a.remote_candidate_id).not.toBe(b.remote_candidate_id);

    const [pair] = (await t
      .knex('candidate_duplicates')
      .insert({ candidate_id: Math.min(s, m), other_id: Math.max(s, m), reasons: ['phone'], confidence: 90 })
      .onConflict(['candidate_id', 'other_id'])
      .merge({ status: DUPLICATE_STATUS.open })
      .returning('id')) as { id: number }[];
    const pairId = String(formatId(entity('candidateDuplicate'), pair.id));
    ok(await p.platform.post(`/candidate-duplicates/${pairId}/merge`, { survivorId: `Candidate:${s}` }), 'merge');
    expect((await linksOf(s)).map((l) => l.remote_id)).toEqual([a.remote_id]);
    expect(await t.knex('integration_former_applications').where('candidate_id', s).pluck('remote_id')).toEqual([
      b.remote_id,
    ]);

    const count = lv.opportunities.length;
    await setStage(t, project.id, s, INTERVIEWING);
    await sync();
    expect(await lastRun(t, id)).toMatchObject({ updated: 1, created: 0, failed: 0 });
    expect(lv.opportunities).toHaveLength(count);
    expect(lv.opportunities.find((o) => o.id === a.remote_id)?.stage).toBe('stage-onsite');
    expect(lv.opportunities.find((o) => o.id === b.remote_id)?.stage).toBe('stage-screen');

    const { records } = await eraseForAts(t, p, s);
    expect(records.map((r) => [r.remoteId, r.outcome]).sort()).toEqual(
      [a.remote_id, b.remote_id].map((o) => [o, 'listed']).sort(),
    );
  }, 120_000);
});
