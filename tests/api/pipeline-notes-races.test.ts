/**
 * A candidate note edited and deleted at the same moment, and deleted by several requests at once: a deleted note
 * is never edited (the edit is not found, candidateNote.notFound), it is deleted and logged as deleted once, and the
 * activity log never tells of an edit after its deletion. The first two interleavings are made certain by a lock on
 * the note the test holds (helpers/heldRow.ts): the requests take the note in the order they were sent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { bearer } from '../helpers/talent';
import { inTurn, type Answer } from '../helpers/heldRow';
import { ACTIVITY } from '../../schema/rules/pipeline';

let t: TestApp;
let admin: string;
let candidateId: number;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  candidateId = (await t.knex('candidates').orderBy('id').first('id')).id as number;
});

/** A new note of the admins' on the candidate, outside any project: its key and row id. */
async function newNote(text: string): Promise<{ key: string; id: number }> {
  const res = await t.http
    .post('/api/v1/candidate-note')
    .set(bearer(admin))
    .send({ candidateId: `Candidate:${candidateId}`, note: text });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const key = res.body.data.key as string;
  return { key, id: (await t.knex('candidate_notes').where('key', key).first('id')).id as number };
}

const edit = (key: string, note: string) => () =>
  t.http.put(`/api/v1/candidate-note/${key}`).set(bearer(admin)).send({ note });
const remove = (key: string) => () => t.http.delete(`/api/v1/candidate-note/${key}`).set(bearer(admin));

/** The note's logged activities, oldest first. */
const logged = (key: string) =>
  t.knex('candidate_recruitment_stage_logs').whereRaw("data->>'key' = ?", [key]).orderBy('id').pluck('activity');

const notFound = (res: Answer) => {
  expect(res.status, JSON.stringify(res.body)).toBe(404);
  expect(res.body.error?.code).toBe('candidateNote.notFound');
};

describe('A note edited and deleted at the same moment', () => {
  it('deleted first: the edit is not found, the deleted note keeps its text, and no edit is logged', async () => {
    const note = await newNote('Race note A');
    const [deleted, edited] = await inTurn(t.knex, 'candidate_notes', note.id, [
      remove(note.key),
      edit(note.key, 'Edited after the delete?'),
    ]);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    notFound(edited);
    expect(await t.knex('candidate_notes').where('id', note.id).first('note', 'deleted_at')).toEqual({
      note: 'Race note A',
      deleted_at: expect.any(Date),
    });
    expect(await logged(note.key)).toEqual([ACTIVITY.noteAdded, ACTIVITY.noteDeleted]);
  });

  it('edited first: the edit answers its text, then the delete goes, logged in that order', async () => {
    const note = await newNote('Race note B');
    const [edited, deleted] = await inTurn(t.knex, 'candidate_notes', note.id, [
      edit(note.key, 'Edited before the delete'),
      remove(note.key),
    ]);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ data: { key: note.key, note: 'Edited before the delete' } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await logged(note.key)).toEqual([ACTIVITY.noteAdded, ACTIVITY.noteEdited, ACTIVITY.noteDeleted]);
  });
});

describe('A note deleted by several requests at once', () => {
  it('two in turn: the second is not found, and the note is logged as deleted once', async () => {
    const note = await newNote('Race note C');
    const [first, second] = await inTurn(t.knex, 'candidate_notes', note.id, [remove(note.key), remove(note.key)]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    notFound(second);
    expect(await logged(note.key)).toEqual([ACTIVITY.noteAdded, ACTIVITY.noteDeleted]);
  });

  it('ten at once: one deletes it, the others are not found', async () => {
    const note = await newNote('Race note D');
    const answers = await Promise.all(Array.from({ length: 10 }, () => remove(note.key)()));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(404)]);
    expect(await logged(note.key)).toEqual([ACTIVITY.noteAdded, ACTIVITY.noteDeleted]);
  });
});
