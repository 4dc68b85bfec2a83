/**
 * A candidate's experience and education rows written on their own (POST, PUT and DELETE on
 * /candidate-experiences and /candidate-educations) keep their candidate current as a write of the
 * profile itself does: its `updatedAt` moves (so a form read before is refused with 409 rather than
 * putting the old list back), search finds it by what it now holds, and its duplicate match keys
 * (the latest employer and title) follow, with its likely twins looked for again. A row moved to
 * another candidate keeps both current.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MATCH_KEY_KIND } from '../../schema/entities/candidateDuplicate';
import type { TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';
import { bearer, candidatePayload, talentIds, talentWorld, type TalentIds } from '../helpers/talent';

const num = (ref: unknown) => Number(String(ref).split(':').pop());

describe('Experience and education written on their own keep their candidate current', () => {
  let t: TestApp;
  let ids: TalentIds;
  let admin: string;
  let candidate: string;
  let company: string;
  let demoId: string;
  const as = bearer;

  beforeAll(async () => {
    ({ t, admin, candidate, company, demoId } = await talentWorld());
    ids = await talentIds(t.knex);
  });

  let made = 0;
  /** An active profile of its own name, phone and employers, so it meets no other profile by chance. */
  async function profile(first: string, last: string, jobs: Record<string, unknown>[]): Promise<string> {
    made += 1;
    const res = await t.http
      .post('/api/v1/candidates')
      .set(as(admin))
      .send(
        candidatePayload(ids, {
          firstName: first,
          lastName: last,
          status: 1,
          phone: `+65 8${String(made).padStart(3, '0')} ${String(4000 + made)}`,
          linkedInUrl: null,
          experiences: jobs,
        }),
      );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }

  const updatedAt = async (ref: string): Promise<number> => {
    const res = await t.http.get(`/api/v1/candidates/${ref}`).set(as(admin)).expect(200);
    return new Date(res.body.updatedAt).getTime();
  };
  /** The candidates an admin's search finds by the words `text`. */
  const found = async (text: string): Promise<string[]> => {
    const res = await t.http.get(`/api/v1/search?ts=${encodeURIComponent(text)}`).set(as(admin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.docs as { id: string }[]).map((d) => d.id).sort();
  };
  /** The employer-and-title match keys of a candidate, without the name's initial. */
  const titleKeys = async (ref: string): Promise<string[]> => {
    const keys = (await t
      .knex('candidate_match_keys')
      .where({ candidate_id: num(ref), kind: MATCH_KEY_KIND.employerTitle })
      .pluck('key')) as string[];
    return [...new Set(keys.map((k) => k.split('|').slice(0, 2).join('|')))].sort();
  };
  /** Waits a moment, so a refreshed `updatedAt` is later than the one read. */
  const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
  const job = (title: string, company: string, startDate: string, currentPosition = false) => ({
    title,
    company,
    startDate,
    ...(currentPosition ? { currentPosition } : { endDate: '2019-12-31' }),
  });

  it('A new experience moves updatedAt, is found by search and becomes the match key', async () => {
    const ref = await profile('Odette', 'Quill', [job('Barista', 'Bean Hut', '2015-01-01')]);
    const before = await updatedAt(ref);
    expect(await found('zymurgist')).toEqual([]);
    await tick();
    await t.http
      .post('/api/v1/candidate-experiences')
      .set(as(admin))
      .send({ candidateId: ref, ...job('Zymurgist', 'Quillbrew', '2020-01-01', true) })
      .expect(201);
    expect(await updatedAt(ref)).toBeGreaterThan(before);
    expect(await found('zymurgist')).toEqual([ref]);
    expect(await titleKeys(ref)).toEqual(['quillbrew|zymurgist']);
  });

  it('An edited experience moves updatedAt; search and the match key follow the new title', async () => {
    const ref = await profile('Perpetua', 'Rusk', [job('Cooper', 'Ruskbarrel', '2016-01-01', true)]);
    const [row] = (await t.http.get(`/api/v1/candidates/${ref}`).set(as(admin)).expect(200)).body.experiences;
    const before = await updatedAt(ref);
    await tick();
    await t.http.put(`/api/v1/candidate-experiences/${row.id}`).set(as(admin)).send({ title: 'Vintner' }).expect(200);
    expect(await updatedAt(ref)).toBeGreaterThan(before);
    expect(await found('vintner')).toEqual([ref]);
    expect(await found('cooper')).toEqual([]);
    expect(await titleKeys(ref)).toEqual(['ruskbarrel|vintner']);
  });

  it('An experience moved to another candidate keeps both current', async () => {
    const from = await profile('Quentin', 'Sable', [
      job('Glazier', 'Sablepane', '2012-01-01'),
      job('Farrier', 'Sablehoof', '2021-01-01', true),
    ]);
    const to = await profile('Rosalind', 'Thorne', [job('Chandler', 'Thornewax', '2014-01-01')]);
    const moved = (await t.http.get(`/api/v1/candidates/${from}`).set(as(admin)).expect(200)).body.experiences.find(
      (e: { title: string }) => e.title === 'Farrier',
    );
    const [fromBefore, toBefore] = [await updatedAt(from), await updatedAt(to)];
    await tick();
    await t.http.put(`/api/v1/candidate-experiences/${moved.id}`).set(as(admin)).send({ candidateId: to }).expect(200);
    expect(await updatedAt(from)).toBeGreaterThan(fromBefore);
    expect(await updatedAt(to)).toBeGreaterThan(toBefore);
    expect(await found('farrier')).toEqual([to]);
    expect(await titleKeys(from)).toEqual(['sablepane|glazier']);
    expect(await titleKeys(to)).toEqual(['sablehoof|farrier']);
  });

  it('A deleted experience moves updatedAt; search no longer finds it and its match key goes', async () => {
    const ref = await profile('Sigrid', 'Umber', [
      job('Tanner', 'Umberhide', '2013-01-01'),
      job('Luthier', 'Umberwood', '2022-01-01', true),
    ]);
    const gone = (await t.http.get(`/api/v1/candidates/${ref}`).set(as(admin)).expect(200)).body.experiences.find(
      (e: { title: string }) => e.title === 'Luthier',
    );
    expect(await found('luthier')).toEqual([ref]);
    const before = await updatedAt(ref);
    await tick();
    await t.http.delete(`/api/v1/candidate-experiences/${gone.id}`).set(as(admin)).expect(200);
    expect(await updatedAt(ref)).toBeGreaterThan(before);
    expect(await found('luthier')).toEqual([]);
    expect(await titleKeys(ref)).toEqual(['umberhide|tanner']);
  });

  it('A job added on its own finds the profile’s likely twin', async () => {
    const a = await profile('Theodora', 'Vance', [job('Cartographer', 'Vance Maps', '2018-01-01', true)]);
    const b = await profile('Theodora', 'Vance', [job('Beekeeper', 'Hivecraft', '2017-01-01', true)]);
    await runJobs(t);
    const pairs = async () =>
      (await t.http.get('/api/v1/candidate-duplicates?perPage=100').set(as(admin)).expect(200)).body.data.filter(
        (p: { candidate: { id: string }; other: { id: string } }) =>
          [p.candidate.id, p.other.id].every((id) => [num(a), num(b)].includes(num(id))),
      );
    expect(await pairs()).toEqual([]);
    await t.http
      .post('/api/v1/candidate-experiences')
      .set(as(admin))
      .send({ candidateId: b, ...job('Cartographer', 'Vance Maps Pte Ltd', '2019-01-01', true) })
      .expect(201);
    await runJobs(t);
    expect(await pairs()).toHaveLength(1);
  });

  it('Education added or deleted on its own moves updatedAt', async () => {
    const ref = await profile('Ulrich', 'Wren', [job('Mason', 'Wrenstone', '2015-01-01')]);
    const before = await updatedAt(ref);
    await tick();
    const added = await t.http
      .post('/api/v1/candidate-educations')
      .set(as(admin))
      .send({ candidateId: ref, institute: 'Wren Academy', startYear: 2001, endYear: 2004 })
      .expect(201);
    const afterAdd = await updatedAt(ref);
    expect(afterAdd).toBeGreaterThan(before);
    await tick();
    await t.http.delete(`/api/v1/candidate-educations/${added.body.id}`).set(as(admin)).expect(200);
    expect(await updatedAt(ref)).toBeGreaterThan(afterAdd);
  });

  it('A profile form read before a row was added is refused, so it cannot put the old list back', async () => {
    const read = (await t.http.get(`/api/v1/candidates/${demoId}`).set(as(candidate)).expect(200)).body;
    await tick();
    const added = await t.http
      .post('/api/v1/candidate-experiences')
      .set(as(candidate))
      .send(job('Archivist', 'Chloe Records', '2011-01-01'))
      .expect(201);
    const stale = await t.http
      .put(`/api/v1/candidates/${demoId}`)
      .set(as(candidate))
      .send({ updatedAt: read.updatedAt, experiences: read.experiences });
    expect(stale.status, JSON.stringify(stale.body)).toBe(409);
    const now = (await t.http.get(`/api/v1/candidates/${demoId}`).set(as(candidate)).expect(200)).body;
    expect(now.experiences.map((e: { id: string }) => e.id)).toContain(added.body.id);
  });

  it('Who may write a row is unchanged: a company user may not, and a candidate only on their own profile', async () => {
    const other = await profile('Violet', 'Xu', [job('Weaver', 'Xuloom', '2015-01-01')]);
    const before = await updatedAt(other);
    await t.http
      .post('/api/v1/candidate-experiences')
      .set(as(company))
      .send({ candidateId: other, ...job('Spy', 'Nowhere', '2018-01-01') })
      .expect(403);
    const own = await t.http
      .post('/api/v1/candidate-experiences')
      .set(as(candidate))
      .send({ candidateId: other, ...job('Spy', 'Nowhere', '2018-01-01') });
    expect(own.status).toBe(201);
    // The candidate's rule puts the row on their own profile, never on another's.
    expect(own.body.candidateId).toBe(demoId);
    expect(await updatedAt(other)).toBe(before);
    expect(await titleKeys(other)).toEqual(['xuloom|weaver']);
  });
});
