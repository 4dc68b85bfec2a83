/**
 * A candidate's experiences (at most 50) and educations (at most 20) are limited however the rows
 * arrive: as the list of a profile save, or one at a time through the generic candidate-experiences
 * and candidate-educations routes, for the candidate and for an admin alike, and under concurrency.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { bearer, candidatePayload, talentWorld, type TalentIds } from '../helpers/talent';

const experience = (i: number) => ({ title: `Engineer ${i}`, company: `Company ${i}`, startDate: '2015-01-01' });
const education = (i: number) => ({ institute: `School ${i}`, startYear: 2005, endYear: 2008 });

describe('Limits of child lists written one row at a time', () => {
  let t: TestApp;
  let ids: TalentIds;
  let admin: string;
  let candidate: string;
  let demoId: string;
  const as = bearer;
  const plain = (ref: string) => Number(ref.replace(/^Candidate:/, ''));
  const rows = async (table: string, candidateRef: string) =>
    Number((await t.knex(table).where('candidate_id', plain(candidateRef)).count({ n: '*' }))[0].n);
  const post = (token: string, resource: string, body: Record<string, unknown>) =>
    t.http.post(`/api/v1/${resource}`).set(as(token)).send(body);

  /** Adds rows one request at a time until the candidate holds `total`. */
  async function fillTo(token: string, resource: string, table: string, candidateRef: string, total: number) {
    const make = resource === 'candidate-experiences' ? experience : education;
    for (let i = await rows(table, candidateRef); i < total; i += 1) {
      const res = await post(token, resource, make(i));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    expect(await rows(table, candidateRef)).toBe(total);
  }

  beforeAll(async () => {
    ({ t, ids, admin, candidate, demoId } = await talentWorld());
    // The demo profile comes with a few rows; the candidate adds every one of the tests' own.
    await t.knex('candidate_experiences').where('candidate_id', plain(demoId)).delete();
    await t.knex('candidate_educations').where('candidate_id', plain(demoId)).delete();
  });

  it('A candidate adds 50 experiences one by one; the 51st is refused with the list limit', async () => {
    await fillTo(candidate, 'candidate-experiences', 'candidate_experiences', demoId, 50);
    const res = await post(candidate, 'candidate-experiences', experience(51)).expect(400);
    expect(res.body.error).toEqual({
      code: 'errors.validation',
      message: expect.any(String),
      fields: { candidateId: 'experiences.errors.tooMany' },
    });
    expect(await rows('candidate_experiences', demoId)).toBe(50);
    // The same message as a profile save carrying 51 entries.
    const list = Array.from({ length: 51 }, (_, i) => experience(i));
    const save = await t.http.put(`/api/v1/candidates/${demoId}`).set(as(candidate)).send({ experiences: list });
    expect(save.status).toBe(400);
    expect(save.body.error.fields).toEqual({ experiences: 'experiences.errors.tooMany' });
  });

  it('A candidate adds 20 educations one by one; the 21st is refused with the list limit', async () => {
    await fillTo(candidate, 'candidate-educations', 'candidate_educations', demoId, 20);
    const res = await post(candidate, 'candidate-educations', education(21)).expect(400);
    expect(res.body.error.fields).toEqual({ candidateId: 'educations.errors.tooMany' });
    expect(await rows('candidate_educations', demoId)).toBe(20);
  });

  it('A full list takes a new row again once one is deleted', async () => {
    const [last] = (
      await t.http.get(`/api/v1/candidates/${demoId}`).set(as(candidate)).expect(200)
    ).body.experiences.slice(-1);
    await t.http.delete(`/api/v1/candidate-experiences/${last.id}`).set(as(candidate)).expect(200);
    await post(candidate, 'candidate-experiences', experience(52)).expect(201);
    await post(candidate, 'candidate-experiences', experience(53)).expect(400);
  });

  it('Two concurrent creates at 49 rows: exactly one is stored', async () => {
    for (const [resource, table, make, max] of [
      ['candidate-experiences', 'candidate_experiences', experience, 50],
      ['candidate-educations', 'candidate_educations', education, 20],
    ] as const) {
      const keep = await t
        .knex(table)
        .where('candidate_id', plain(demoId))
        .orderBy('id')
        .limit(max - 1)
        .pluck('id');
      await t.knex(table).where('candidate_id', plain(demoId)).whereNotIn('id', keep).delete();
      expect(await rows(table, demoId)).toBe(max - 1);
      const answers = await Promise.all([post(candidate, resource, make(1)), post(candidate, resource, make(2))]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
      expect(await rows(table, demoId)).toBe(max);
    }
  });

  it('An admin is bound by the same limit, creating a row or moving one to a full profile', async () => {
    const full = await t.http
      .post('/api/v1/candidates')
      .set(as(admin))
      .send(candidatePayload(ids, { experiences: Array.from({ length: 50 }, (_, i) => experience(i)) }))
      .expect(201);
    const res = await post(admin, 'candidate-experiences', { ...experience(51), candidateId: full.body.id }).expect(
      400,
    );
    expect(res.body.error.fields).toEqual({ candidateId: 'experiences.errors.tooMany' });
    expect(await rows('candidate_experiences', full.body.id)).toBe(50);

    const other = await t.http.post('/api/v1/candidates').set(as(admin)).send(candidatePayload(ids)).expect(201);
    const [moved] = other.body.experiences;
    const move = await t.http
      .put(`/api/v1/candidate-experiences/${moved.id}`)
      .set(as(admin))
      .send({ candidateId: full.body.id })
      .expect(400);
    expect(move.body.error.fields).toEqual({ candidateId: 'experiences.errors.tooMany' });
    expect(await rows('candidate_experiences', full.body.id)).toBe(50);
    // Editing a row of a full profile in place is no addition.
    const [own] = full.body.experiences;
    await t.http
      .put(`/api/v1/candidate-experiences/${own.id}`)
      .set(as(admin))
      .send({ candidateId: full.body.id, title: 'Principal Engineer' })
      .expect(200);
    // With room again, the admin's create goes through.
    await t.http.delete(`/api/v1/candidate-experiences/${own.id}`).set(as(admin)).expect(200);
    await post(admin, 'candidate-experiences', { ...experience(52), candidateId: full.body.id }).expect(201);
  });
});
