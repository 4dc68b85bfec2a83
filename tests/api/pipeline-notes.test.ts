/**
 * Candidate notes per role: admins write for admins only (1) or also for the company (2); company
 * users write for both, in their own company's projects only; a company never reads admins-only
 * notes, deleted notes or another company's notes; only the author edits or deletes a note
 * (admins: any); pages of 20, newest first; every write is logged.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pipelineWorld, type PipelineWorld, type Who } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
  // Notes are written on candidates of the project's pipeline.
  await w.place(w.projects.acme, 'Ava', 1);
  await w.place(w.projects.acme, 'Ivy', 1);
  await w.place(w.projects.acmeUnshared, 'Ava', 1);
  await w.place(w.projects.memberOwn, 'Ben', 1);
}, 120_000);

interface Note {
  key: string;
  note: string;
  visibility: number;
  authorName: string | null;
  mine: boolean;
}

const write = (who: Who, projectId: number, note: string, visibility?: number, candidate = 'Ava') =>
  w
    .as(who)
    .post('/candidate-note', { candidateId: w.cid(candidate), projectId: `Project:${projectId}`, note, visibility });
const read = async (who: Who, projectId: number, page = 1, candidate = 'Ava'): Promise<Note[]> => {
  const res = await w.as(who).get(`/candidate-note/${w.cid(candidate)}?projectId=${projectId}&page=${page}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const texts = (notes: Note[]) => notes.map((n) => n.note);

describe('Who reads which note', () => {
  beforeAll(async () => {
    expect((await write('admin', w.projects.acme, 'Admins only: salary history checked', 1)).status).toBe(201);
    expect((await write('admin', w.projects.acme, 'For Acme: strong Python', 2)).status).toBe(201);
    expect((await write('admin', w.projects.globex, 'For Globex: prefers remote', 2)).status).toBe(201);
  });

  it('admins read every note, newest first', async () => {
    expect(texts(await read('admin', w.projects.acme))).toEqual([
      'For Acme: strong Python',
      'Admins only: salary history checked',
    ]);
  });

  it("the company reads only the notes meant for it, never another company's", async () => {
    expect(texts(await read('company', w.projects.acme))).toEqual(['For Acme: strong Python']);
    const all = await w.as('company').get(`/candidate-note/${w.cid('Ava')}`);
    expect(texts(all.body.data)).toEqual(['For Acme: strong Python']);
  });

  it("a company asking for another company's project's notes is told the project does not exist", async () => {
    const res = await w.as('company').get(`/candidate-note/${w.cid('Ava')}?projectId=${w.projects.globex}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('project.notFound');
  });

  it('a company user writes notes the company sees, whatever visibility they ask for, and the author is named', async () => {
    const res = await write('company', w.projects.acme, 'Olivia: great call today', 1);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ visibility: 2, authorName: 'Olivia Tan', mine: true });
    const notes = await read('company', w.projects.acme);
    // A note just written is not "edited".
    expect(notes[0]).toMatchObject({ note: 'Olivia: great call today', mine: true, updatedAt: null });
    const log = await w
      .knex('candidate_recruitment_stage_logs')
      .where({ activity: 8, actor_kind: 2, actor_id: w.people.owner })
      .first();
    expect(log).toMatchObject({
      project_id: w.projects.acme,
      candidate_id: w.ids.Ava,
      data: { key: res.body.data.key, visibility: 2 },
    });
  });

  it('a member never reads the notes of a project not shared with them, however the call is shaped', async () => {
    expect((await write('company', w.projects.acmeUnshared, 'Confidential: counter-offer expected', 2)).status).toBe(
      201,
    );
    const byProject = await w.as('member').get(`/candidate-note/${w.cid('Ava')}?projectId=${w.projects.acmeUnshared}`);
    expect(byProject.status).toBe(404);
    const all = await w.as('member').get(`/candidate-note/${w.cid('Ava')}`);
    expect(all.status).toBe(200);
    expect(texts(all.body.data)).not.toContain('Confidential: counter-offer expected');
    // The owner, who reads that project, does read it.
    expect(texts((await w.as('company').get(`/candidate-note/${w.cid('Ava')}`)).body.data)).toContain(
      'Confidential: counter-offer expected',
    );
  });

  it('a note on a candidate the company does not reach in the project is refused as not found', async () => {
    const res = await write('company', w.projects.acme, 'Probing', 2, 'Eve');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('project.candidate.notFound');
  });

  it("a member cannot write in a project not shared with them, nor in another company's", async () => {
    expect((await write('member', w.projects.acmeUnshared, 'x')).status).toBe(404);
    expect((await write('raas', w.projects.acme, 'x')).status).toBe(404);
  });
});

describe('Changing and deleting notes', () => {
  let key: string;
  beforeAll(async () => {
    key = (await write('company', w.projects.memberOwn, 'Owner note', 2, 'Ben')).body.data.key;
  });

  it('only the author changes a note; the member is refused', async () => {
    const refused = await w.as('member').put(`/candidate-note/${key}`, { note: 'Hijacked' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('candidateNote.errors.notYours');
    const res = await w.as('company').put(`/candidate-note/${key}`, { note: 'Owner note, edited', visibility: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ note: 'Owner note, edited', visibility: 2 });
    expect(res.body.data.updatedAt).toEqual(expect.any(String));
  });

  it('admins change any note and may make it admins-only, which takes it away from the company', async () => {
    const res = await w.as('admin').put(`/candidate-note/${key}`, { note: 'Owner note, reviewed', visibility: 1 });
    expect(res.status).toBe(200);
    expect(await read('member', w.projects.memberOwn, 1, 'Ben')).toEqual([]);
    expect((await w.as('company').put(`/candidate-note/${key}`, { note: 'again' })).status).toBe(404);
    await w.as('admin').put(`/candidate-note/${key}`, { note: 'Owner note, reviewed', visibility: 2 });
  });

  it('a deleted note is kept as deleted and read by nobody', async () => {
    expect((await w.as('member').delete(`/candidate-note/${key}`)).status).toBe(403);
    const res = await w.as('company').delete(`/candidate-note/${key}`);
    expect(res.status).toBe(200);
    expect(await read('company', w.projects.memberOwn, 1, 'Ben')).toEqual([]);
    expect(await read('admin', w.projects.memberOwn, 1, 'Ben')).toEqual([]);
    expect(await w.knex('candidate_notes').where('key', key).first('deleted_at')).toMatchObject({
      deleted_at: expect.any(Date),
    });
    expect((await w.as('company').delete(`/candidate-note/${key}`)).status).toBe(404);
    const kinds = await w
      .knex('candidate_recruitment_stage_logs')
      .whereRaw("data->>'key' = ?", [key])
      .orderBy('id')
      .pluck('activity');
    expect(kinds).toEqual([8, 9, 9, 9, 10]);
  });

  it('an unknown or malformed key is not found', async () => {
    expect((await w.as('admin').delete('/candidate-note/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await w.as('admin').put('/candidate-note/nope', { note: 'x' })).status).toBe(404);
  });
});

describe('Pages of notes', () => {
  it('come 20 at a time, newest first, without repeating a note', async () => {
    for (let i = 1; i <= 25; i += 1)
      expect((await write('company', w.projects.acme, `Note ${i}`, 2, 'Ivy')).status).toBe(201);
    const first = await read('company', w.projects.acme, 1, 'Ivy');
    const second = await read('company', w.projects.acme, 2, 'Ivy');
    expect(first).toHaveLength(20);
    expect(second).toHaveLength(5);
    expect(first[0].note).toBe('Note 25');
    expect(second[4].note).toBe('Note 1');
    expect(new Set([...first, ...second].map((n) => n.key)).size).toBe(25);
  });
});
