/**
 * A merge's survivor only looked at since (a company opens its board: the seen mark, a profile view, a search
 * appearance) can still be undone, and the console's list offers the undo exactly when it would succeed; a real change
 * blocks both, saying why. One job or school held by both profiles is kept once (names read as duplicate detection
 * reads them), and the undo gives both profiles back their entries row for row.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { STAGES } from '../../schema/rules/pipeline';
import { testApp, type TestApp } from '../helpers/app';
import { makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';

vi.setConfig({ testTimeout: 90_000 });

let t: TestApp;
let admin: string;
let company: string;
let S: number;
let M: number;
let project: string;
let pairId: number;

const num = (id: unknown) => Number(String(id).split(':').pop());
const stamp = Date.now();

const counselor = { title: 'School Counselor', company: 'Deloitte', startDate: '2019-02-01', endDate: '2020-01-31' };

/** Both profiles' experiences and educations, whole rows in id order. */
const entries = async () => ({
  experiences: await t.knex('candidate_experiences').whereIn('candidate_id', [S, M]).orderBy('id'),
  educations: await t.knex('candidate_educations').whereIn('candidate_id', [S, M]).orderBy('id'),
});

beforeAll(async () => {
  t = await testApp();
  [admin, company] = await Promise.all(['admin@example.com', 'owner@acme.example.com'].map((e) => t.login(e)));
  const ids = await talentIds(t.knex);
  const create = async (over: Record<string, unknown>) => {
    const res = await t.http
      .post('/api/v1/candidates')
      .set(bearer(admin))
      .send(candidatePayload(ids, { linkedInUrl: null, phone: '+65 8123 4411', ...over }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return num(res.body.id);
  };
  const base = candidatePayload(ids) as { experiences: Record<string, unknown>[] };
  S = await create({
    firstName: 'Ana',
    lastName: 'Reyes',
    email: `ana.kept.${stamp}@example.org`,
    experiences: [...base.experiences, counselor],
  });
  // The same jobs, spelled as another form or an import writes them, and one job of its own.
  M = await create({
    firstName: 'Ana',
    lastName: 'Reyes',
    email: `ana.old.${stamp}@example.org`,
    experiences: [
      { ...base.experiences[0], company: 'ACME Pte. Ltd.', title: 'software  engineer' },
      base.experiences[1],
      { ...counselor, company: 'Deloitte Pte Ltd', title: 'school counselor', description: 'Guided students.' },
      { title: 'Intern', company: 'Initech', startDate: '2014-01-01', endDate: '2014-06-30' },
    ],
  });
  const p = await makeProject(t.knex, { title: 'Counselling lead' });
  project = `Project:${p.id}`;
  const { company_id: companyId } = await t.knex('projects').where('id', p.id).first('company_id');
  await t
    .knex('project_candidates')
    .insert({ project_id: p.id, candidate_id: S, company_id: companyId, stage: STAGES.shortlist });
  await runJobs(t);
  pairId = (await t.knex('candidate_duplicates').where({ candidate_id: Math.min(S, M), other_id: Math.max(S, M) }))[0]
    ?.id;
  expect(pairId, 'the two profiles make a pair').toBeDefined();
});

const merge = async () => {
  const res = await t.http
    .post(`/api/v1/candidate-duplicates/${pairId}/merge`)
    .set(bearer(admin))
    .send({ survivorId: `Candidate:${S}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.mergeId as number;
};

const listed = async (mergeId: number) => {
  const res = await t.http.get(`/api/v1/candidate-merges?survivorId=Candidate:${S}`).set(bearer(admin));
  expect(res.status).toBe(200);
  return res.body.data.find((m: { id: string }) => num(m.id) === mergeId);
};

describe('A merge of two profiles with the same history', () => {
  let before: Awaited<ReturnType<typeof entries>>;
  let mergeId: number;

  it('keeps each job and school once, as the company panel shows it', async () => {
    before = await entries();
    expect(before.experiences.filter((x) => x.candidate_id === M)).toHaveLength(4);
    mergeId = await merge();
    const res = await t.http
      .get(`/api/v1/search/candidates/Candidate:${S}`)
      .query({ projectId: project })
      .set(bearer(company));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const jobs = (res.body.experiences as { title: string; company: string; description: string | null }[]).map(
      (x) => `${x.title} · ${x.company}`,
    );
    expect(jobs.sort()).toEqual(
      [
        'Software Engineer · Acme',
        'Senior Software Engineer · Globex',
        'School Counselor · Deloitte',
        'Intern · Initech',
      ]
        .slice()
        .sort(),
    );
    // The survivor's entry takes what it lacked from the one it repeats.
    const kept = res.body.experiences.find((x: { title: string }) => x.title === 'School Counselor');
    expect(kept.description).toBe('Guided students.');
    expect(res.body.educations).toHaveLength(2);
  });

  it('may still be undone once the company opened its board, and the console says so', async () => {
    const seen = await t.http
      .post('/api/v1/projects/candidate/seen')
      .set(bearer(company))
      .send({ projectId: project, candidates: [`Candidate:${S}`], tab: STAGES.shortlist });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.seen).toBe(1);
    const view = await t.http
      .post('/api/v1/candidate-search-or-view-log/profile-view')
      .set(bearer(company))
      .send({ candidateId: `Candidate:${S}`, projectId: project });
    expect(view.status, JSON.stringify(view.body)).toBe(201);
    await runJobs(t);
    expect(await listed(mergeId)).toMatchObject({ undoable: true, undoBlocked: null });

    const undo = await t.http.post(`/api/v1/candidate-merges/${mergeId}/undo`).set(bearer(admin));
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    // Both profiles' entries back row for row; the company's look stays.
    expect(await entries()).toEqual(before);
    const row = await t.knex('project_candidates').where({ candidate_id: S }).first('seen_at');
    expect(row.seen_at).not.toBeNull();
    expect(await listed(mergeId)).toMatchObject({ undoable: false, undoBlocked: 'duplicates.alreadyUndone' });
  });

  it('may not be undone once the kept profile really changed, and the console says why', async () => {
    await runJobs(t);
    const again = await merge();
    await t.knex('candidate_notes').insert({ candidate_id: S, note: 'Written after the merge' });
    expect(await listed(again)).toMatchObject({ undoable: false, undoBlocked: 'duplicates.undoChanged' });
    const undo = await t.http.post(`/api/v1/candidate-merges/${again}/undo`).set(bearer(admin));
    expect(undo.status).toBe(409);
    expect(undo.body.error.code).toBe('duplicates.undoChanged');
  });
});
