/**
 * Merging two profiles of one person through the console's routes: each profile has a full history
 * (experience, education, notes, pipeline rows with their stage logs in three projects of one
 * company, a reveal, interview and qualify requests, views, insights, an AI-match result in one run,
 * an ATS link, an email change, a CV upload, a session). Every table that names a candidate is
 * counted before and after: nothing is lost, one project's two rows become one at the furthest
 * stage, the company's reveal carries over; the merged id redirects for admins and is unknown to
 * others; undo restores both profiles row for row; only admins reach any of it.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { allReferences } from '../../backend/features/duplicates';
import { STAGES } from '../../schema/rules/pipeline';
import { testApp, type TestApp } from '../helpers/app';
import { makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';

vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
let admin: string;
let company: string;
let candidateToken: string;
let a: number;
let b: number;
let projects: number[];
let companyId: number;

const num = (id: unknown) => Number(String(id).split(':').pop());

/** Rows naming each of `ids`, per table (every foreign key to candidates and the unchecked references). */
async function census(knex: Knex, ids: number[]): Promise<Record<string, number[]>> {
  const out: Record<string, number[]> = {};
  for (const ref of (await allReferences(knex)).filter((r) => r.table !== 'candidate_merges')) {
    const counts: number[] = [];
    for (const id of ids) {
      const { rows } = await knex.raw(
        `select count(*)::int as n from ${ref.table} where ${ref.column} = ?${ref.where ? ` and ${ref.where}` : ''}`,
        [id],
      );
      counts.push(rows[0].n);
    }
    out[`${ref.table}.${ref.column}`] = counts;
  }
  return out;
}

/** A history for candidate `id`: one row or more in every table that names a candidate. */
async function history(knex: Knex, id: number, n: number): Promise<void> {
  const [p1, p2, p3] = projects;
  const stage = n === 0 ? STAGES.shortlist : STAGES.interviewing;
  const own = n === 0 ? p2 : p3;
  for (const p of [p1, own]) {
    const [pc] = await knex('project_candidates')
      .insert({
        project_id: p,
        candidate_id: id,
        company_id: companyId,
        stage: p === p1 ? stage : STAGES.qualify,
        revealed_at: p === own && n === 1 ? new Date() : null,
      })
      .returning('id');
    await knex('candidate_recruitment_stage_logs').insert({
      candidate_id: id,
      project_id: p,
      company_id: companyId,
      activity: 1,
      from_stage: 0,
      to_stage: p === p1 ? stage : STAGES.qualify,
    });
    if (p === p1) {
      const [integration] = await knex('integrations')
        .insert({ company_id: companyId, kind: `kind-${n}` })
        .returning('id');
      await knex('integration_links').insert({
        integration_id: integration.id,
        local_kind: 2,
        local_id: pc.id,
        remote_id: `remote-${n}`,
      });
    }
  }
  await knex('candidate_notes').insert({ candidate_id: id, note: `Note ${n}` });
  await knex('interview_requests').insert({
    candidate_id: id,
    project_id: own,
    kind: 1,
    expires_at: new Date(Date.now() + 86400000),
  });
  await knex('qualify_requests').insert({ candidate_id: id, header: 'Hello', body: 'Are you open?' });
  await knex('candidate_search_or_view_logs').insert({ kind: 2, candidate_id: id, actor_kind: 1, actor_id: 1 });
  await knex('candidate_insight_daily').insert({ candidate_id: id, kind: 2, day: '2026-11-30', count: 3 + n });
  const [run] = await knex('ai_match_runs')
    .insert({ source: 1, job_description: `run ${n}` })
    .returning('id');
  for (const r of [run.id, ...(n === 1 ? [(await knex('ai_match_runs').orderBy('id').first('id')).id] : [])])
    await knex('ai_match_results').insert({ run_id: r, candidate_id: id, rank: 1, match_score: 60 + n });
  await knex('candidate_email_changes').insert({
    candidate_id: id,
    new_email: `new${n}.${randomUUID()}@example.org`,
    code_hash: 'x'.repeat(64),
    expires_at: new Date(Date.now() + 600000),
  });
  await knex('cv_uploads').insert({ candidate_id: id, uploader_id: 1, uploader_role: 1, key: `cv/${randomUUID()}` });
  await knex('sessions').insert({
    actor_kind: 3,
    actor_id: id,
    token_hash: randomUUID().replace(/-/g, ''),
    expires_at: new Date(Date.now() + 86400000),
  });
}

beforeAll(async () => {
  t = await testApp();
  [admin, company, candidateToken] = await Promise.all(
    ['admin@example.com', 'owner@acme.example.com', 'candidate@example.com'].map((e) => t.login(e)),
  );
  const ids = await talentIds(t.knex);
  const create = async (over: Record<string, unknown>) => {
    const res = await t.http
      .post('/api/v1/candidates')
      .set(bearer(admin))
      .send(candidatePayload(ids, { linkedInUrl: null, ...over }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return num(res.body.id);
  };
  a = await create({ firstName: 'Meera', lastName: 'Pillai', phone: '+65 9876 5432', summary: null });
  b = await create({ firstName: 'Meera', lastName: 'Pilai', phone: '+6598765432', summary: 'Newer summary' });
  projects = [];
  for (const title of ['Platform lead', 'Data lead', 'Infra lead'])
    projects.push((await makeProject(t.knex, { title })).id);
  companyId = (await t.knex('projects').where('id', projects[0]).first('company_id')).company_id;
  await history(t.knex, a, 0);
  await history(t.knex, b, 1);
  const scan = await t.http.post('/api/v1/candidate-duplicates/scan').set(bearer(admin));
  expect(scan.status).toBe(202);
  await runJobs(t);
});

describe('The duplicate queue and merge', () => {
  let pairId: string;
  let mergeId: number;
  let before: Record<string, number[]>;

  it('lists the pair with its reasons and shows both profiles side by side', async () => {
    const res = await t.http.get('/api/v1/candidate-duplicates').set(bearer(admin));
    expect(res.status).toBe(200);
    const found = res.body.data.find(
      (p: { candidate: { id: string }; other: { id: string } }) =>
        [p.candidate.id, p.other.id].sort().join() === [`Candidate:${a}`, `Candidate:${b}`].sort().join(),
    );
    expect(found.reasons).toEqual(['phone', 'nameEmployerTitle']);
    pairId = found.id;
    const one = await t.http.get(`/api/v1/candidate-duplicates/${pairId}`).set(bearer(admin));
    expect(one.status).toBe(200);
    expect(one.body.candidate.lastName).toBe('Pillai');
    expect(one.body.other.lastName).toBe('Pilai');
    expect(one.body.fields).toContain('summary');
    // The profile holding a summary gives it; the counts show what each holds.
    expect(one.body.defaults.summary).toBe('merged');
    expect(one.body.counts[`Candidate:${a}`]).toMatchObject({ experiences: 2, educations: 2, notes: 1, projects: 2 });
  });

  it('refuses everyone but admins, and bad ids, in the one envelope', async () => {
    for (const token of [company, candidateToken]) {
      for (const [method, path] of [
        ['get', '/api/v1/candidate-duplicates'],
        ['get', `/api/v1/candidate-duplicates/${pairId}`],
        ['post', `/api/v1/candidate-duplicates/${pairId}/dismiss`],
        ['post', `/api/v1/candidate-duplicates/${pairId}/merge`],
        ['post', '/api/v1/candidate-duplicates/check'],
        ['post', '/api/v1/candidate-duplicates/scan'],
        ['post', '/api/v1/candidate-merges/1/undo'],
      ] as const) {
        const res = await t.http[method](path)
          .set(bearer(token))
          .send({ survivorId: `Candidate:${a}` });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.error).toBeDefined();
      }
    }
    const anon = await t.http.get('/api/v1/candidate-duplicates');
    expect(anon.status).toBe(401);
    expect((await t.http.get('/api/v1/candidate-duplicates/nope').set(bearer(admin))).status).toBe(404);
    expect((await t.http.get('/api/v1/candidate-duplicates/999999').set(bearer(admin))).status).toBe(404);
    const strange = await t.http
      .post(`/api/v1/candidate-duplicates/${pairId}/merge`)
      .set(bearer(admin))
      .send({ survivorId: 'Candidate:1', keep: { summary: 'merged' } });
    expect(strange.status).toBe(400);
    expect(strange.body.error.fields).toHaveProperty('survivorId');
    const badKeep = await t.http
      .post(`/api/v1/candidate-duplicates/${pairId}/merge`)
      .set(bearer(admin))
      .send({ survivorId: `Candidate:${a}`, keep: { summary: 'both' } });
    expect(badKeep.status).toBe(400);
  });

  it('merges into one profile and loses nothing', async () => {
    before = await census(t.knex, [a, b]);
    const res = await t.http
      .post(`/api/v1/candidate-duplicates/${pairId}/merge`)
      .set(bearer(admin))
      .send({ survivorId: `Candidate:${a}`, keep: { lastName: 'survivor' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    mergeId = res.body.mergeId;
    const after = await census(t.knex, [a, b]);
    // Combined: one project's two rows, one run's two results, one day's two insight counts, and the two jobs and two
    // schools both profiles list (the payload's own), kept once.
    const combined: Record<string, number> = {
      'project_candidates.candidate_id': 1,
      'ai_match_results.candidate_id': 1,
      'candidate_insight_daily.candidate_id': 1,
      'candidate_experiences.candidate_id': 2,
      'candidate_educations.candidate_id': 2,
    };
    for (const [key, [na, nb]] of Object.entries(before)) {
      expect(after[key], key).toEqual([na + nb - (combined[key] ?? 0), 0]);
      if (na + nb > 0) expect(na + nb, key).toBeGreaterThan(0);
    }
    expect(Object.values(before).filter(([na, nb]) => na > 0 && nb > 0).length).toBeGreaterThanOrEqual(12);
    const row = await t.knex('candidates').where('id', a).first();
    expect(row).toMatchObject({ last_name: 'Pillai', summary: 'Newer summary' });
    expect(await t.knex('candidates').where('id', b).first()).toBeUndefined();
    // One card per project: the shared project's row at the furthest stage, both stage histories kept.
    const shared = await t.knex('project_candidates').where({ project_id: projects[0], candidate_id: a });
    expect(shared).toHaveLength(1);
    expect(shared[0].stage).toBe(STAGES.interviewing);
    expect(
      await t.knex('candidate_recruitment_stage_logs').where({ candidate_id: a, project_id: projects[0] }),
    ).toHaveLength(2);
    // A reveal is the project's own, as for one profile: revealed in the merged profile's project, and nowhere else.
    const rows = await t.knex('project_candidates').where({ candidate_id: a, company_id: companyId });
    expect(rows.filter((r) => r.revealed_at !== null).map((r) => r.project_id)).toEqual([projects[2]]);
    const insight = await t.knex('candidate_insight_daily').where({ candidate_id: a, kind: 2 }).first();
    expect(insight.count).toBe(7);
    const [audit] = await t.knex('candidate_merges').where({ survivor_id: a, merged_id: b });
    expect(audit.merged_by_id).not.toBeNull();
  });

  it('answers the merged id with a redirect to the survivor for admins, and as unknown to others', async () => {
    const res = await t.http.get(`/api/v1/candidates/Candidate:${b}`).set(bearer(admin)).redirects(0);
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe(`/api/v1/candidates/Candidate%3A${a}`);
    const followed = await t.http.get(`/api/v1/candidates/Candidate:${b}`).set(bearer(admin)).redirects(1);
    expect(followed.status).toBe(200);
    expect(followed.body.id).toBe(`Candidate:${a}`);
    for (const token of [company, candidateToken]) {
      const other = await t.http.get(`/api/v1/candidates/Candidate:${b}`).set(bearer(token)).redirects(0);
      expect([403, 404]).toContain(other.status);
      expect(JSON.stringify(other.body)).not.toContain(`Candidate:${a}`);
    }
    // Live ids still answer as before.
    expect((await t.http.get(`/api/v1/candidates/Candidate:${a}`).set(bearer(admin))).status).toBe(200);
  });

  it('undoes the merge while nothing new was written, restoring both row for row', async () => {
    const res = await t.http.post(`/api/v1/candidate-merges/${mergeId}/undo`).set(bearer(admin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await census(t.knex, [a, b])).toEqual(before);
    expect((await t.knex('candidates').where('id', b).first()).last_name).toBe('Pilai');
    expect((await t.knex('candidates').where('id', a).first()).summary).toBeNull();
    const shared = await t
      .knex('project_candidates')
      .where({ project_id: projects[0] })
      .whereIn('candidate_id', [a, b]);
    expect(shared.map((r) => r.stage).sort()).toEqual([STAGES.shortlist, STAGES.interviewing].sort());
    const again = await t.http.post(`/api/v1/candidate-merges/${mergeId}/undo`).set(bearer(admin));
    expect(again.status).toBe(409);
    expect((await t.http.get(`/api/v1/candidates/Candidate:${b}`).set(bearer(admin)).redirects(0)).status).toBe(200);
  });

  it('refuses an undo once the kept profile changed after the merge', async () => {
    const list = await t.http.get('/api/v1/candidate-duplicates').set(bearer(admin));
    const pair = list.body.data.find((p: { candidate: { id: string } }) =>
      [`Candidate:${a}`, `Candidate:${b}`].includes(p.candidate.id),
    );
    const merged = await t.http
      .post(`/api/v1/candidate-duplicates/${pair.id}/merge`)
      .set(bearer(admin))
      .send({ survivorId: `Candidate:${b}` });
    expect(merged.status).toBe(200);
    await t.knex('candidate_notes').insert({ candidate_id: b, note: 'Written after the merge' });
    const undo = await t.http.post(`/api/v1/candidate-merges/${merged.body.mergeId}/undo`).set(bearer(admin));
    expect(undo.status).toBe(409);
    expect(undo.body.error.code).toBe('duplicates.undoChanged');
  });

  it('dismisses a pair so it never comes back', async () => {
    const ids = await talentIds(t.knex);
    const one = await t.http
      .post('/api/v1/candidates')
      .set(bearer(admin))
      .send(candidatePayload(ids, { phone: '+65 8111 2222', linkedInUrl: null }));
    const two = await t.http
      .post('/api/v1/candidates')
      .set(bearer(admin))
      .send(candidatePayload(ids, { phone: '+6581112222', firstName: 'Other', linkedInUrl: null }));
    const check = await t.http
      .post('/api/v1/candidate-duplicates/check')
      .set(bearer(admin))
      .send({ firstName: 'X', lastName: 'Y', phone: '+65 8111 2222' });
    expect(check.status).toBe(200);
    expect(check.body.twins.map((x: { id: string }) => x.id)).toEqual(
      expect.arrayContaining([one.body.id, two.body.id]),
    );
    await t.http.post('/api/v1/candidate-duplicates/scan').set(bearer(admin));
    await runJobs(t);
    const list = await t.http.get('/api/v1/candidate-duplicates?perPage=100').set(bearer(admin));
    const pair = list.body.data.find((p: { candidate: { id: string } }) =>
      [one.body.id, two.body.id].includes(p.candidate.id),
    );
    const dismissed = await t.http.post(`/api/v1/candidate-duplicates/${pair.id}/dismiss`).set(bearer(admin));
    expect(dismissed.status).toBe(200);
    await t.http.post('/api/v1/candidate-duplicates/scan').set(bearer(admin));
    await runJobs(t);
    const after = await t.http.get('/api/v1/candidate-duplicates?perPage=100').set(bearer(admin));
    expect(after.body.data.map((p: { id: string }) => p.id)).not.toContain(pair.id);
    expect((await t.http.post(`/api/v1/candidate-duplicates/${pair.id}/dismiss`).set(bearer(admin))).status).toBe(409);
  });
});
