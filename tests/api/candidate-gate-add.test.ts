/**
 * Adding a candidate to one of the caller's projects (`POST /projects/candidate/add`), from the
 * attacker's side: only a candidate the caller's own search finds and may approach is added; a
 * hidden or paused candidate gets the answer of an id that names nobody, with nothing written; and
 * a company's add is never marked curated (only admins curate).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
  // Ivy pauses her own profile.
  await w.knex('candidates').where('id', w.ids.Ivy).update({ status: 2, self_chosen_status: true });
}, 120_000);

const counts = async () => ({
  rows: Number((await w.knex('project_candidates').count({ n: '*' }))[0].n),
  logs: Number((await w.knex('candidate_recruitment_stage_logs').count({ n: '*' }))[0].n),
  mails: (await listOutbox(w.knex, 'owner@acme.example.com', 50)).length,
});
const add = (who: 'company' | 'member' | 'admin', projectId: number, candidateId: string) =>
  w.as(who).post('/projects/candidate/add', { projectId: `Project:${projectId}`, candidateId });

describe('Adding a candidate to a project', () => {
  it('answers a hidden or a paused candidate as an id that names nobody, and writes nothing', async () => {
    const before = await counts();
    const nobody = await add('company', w.projects.acmeUnshared, 'Candidate:99999999');
    expect(nobody.status).toBe(404);
    for (const name of ['Dev', 'Ivy']) {
      const res = await add('company', w.projects.acmeUnshared, w.cid(name));
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(404);
      expect(res.body, name).toEqual(nobody.body);
    }
    expect(await counts()).toEqual(before);
  });

  it("adds a candidate the company's search finds without marking the row curated", async () => {
    const res = await add('company', w.projects.acmeUnshared, w.cid('Eve'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await w.rowOf(w.projects.acmeUnshared, 'Eve')).toMatchObject({ stage: 0, curated: false });
    const own = await add('member', w.projects.memberOwn, w.cid('Ben'));
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(await w.rowOf(w.projects.memberOwn, 'Ben')).toMatchObject({ curated: false });
  });

  it('keeps an admin’s add curated', async () => {
    const res = await add('admin', w.projects.acmeUnshared, w.cid('Cara'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await w.rowOf(w.projects.acmeUnshared, 'Cara')).toMatchObject({ curated: true });
  });
});
