/**
 * A company's old link to a profile since merged away (a board's panel opened by the merged id) opens the profile it
 * was merged into, in the same project, through the candidate gate: anonymous where it is anonymous to the company,
 * with the id the link named; where the survivor is not the company's to see there, 404 naming nothing.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { STAGES } from '../../schema/rules/pipeline';
import { CANDIDATE_STATUS } from '../../schema/entities/talentOptions';
import { testApp, type TestApp } from '../helpers/app';
import { makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';

vi.setConfig({ testTimeout: 90_000 });

let t: TestApp;
let admin: string;
let acme: string;
let raas: string;
let S: number;
let M: number;
let onBoard: string;
let elsewhere: string;
let raasProject: string;

const num = (id: unknown) => Number(String(id).split(':').pop());
const stamp = Date.now();
const survivorEmail = `kept.lin.${stamp}@example.org`;

beforeAll(async () => {
  t = await testApp();
  [admin, acme, raas] = await Promise.all(
    ['admin@example.com', 'owner@acme.example.com', 'owner@raas.example.com'].map((e) => t.login(e)),
  );
  const ids = await talentIds(t.knex);
  const create = async (over: Record<string, unknown>) => {
    const res = await t.http
      .post('/api/v1/candidates')
      .set(bearer(admin))
      .send(candidatePayload(ids, { linkedInUrl: null, phone: '+65 8123 5522', ...over }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return num(res.body.id);
  };
  // The survivor is anonymous: a company sees it without its name until it reveals the person.
  S = await create({ firstName: 'Quillon', lastName: 'Varga', email: survivorEmail, anonymous: true });
  M = await create({ firstName: 'Quillon', lastName: 'Varga', email: `old.lin.${stamp}@example.org` });
  const board = await makeProject(t.knex, { title: 'Old link' });
  const other = await makeProject(t.knex, { title: 'Never met' });
  const theirs = await makeProject(t.knex, { title: 'Northwind', ownerEmail: 'owner@raas.example.com' });
  [onBoard, elsewhere, raasProject] = [board, other, theirs].map((p) => `Project:${p.id}`);
  for (const [p, c] of [
    [board, M],
    [theirs, M],
  ] as const) {
    const { company_id: companyId } = await t.knex('projects').where('id', p.id).first('company_id');
    await t
      .knex('project_candidates')
      .insert({ project_id: p.id, candidate_id: c, company_id: companyId, stage: STAGES.shortlist });
  }
  await runJobs(t);
  const pair = await t.knex('candidate_duplicates').where({ candidate_id: Math.min(S, M), other_id: Math.max(S, M) });
  expect(pair, 'the two profiles make a pair').toHaveLength(1);
  const merged = await t.http
    .post(`/api/v1/candidate-duplicates/${pair[0].id}/merge`)
    .set(bearer(admin))
    .send({ survivorId: `Candidate:${S}`, keep: { anonymous: 'survivor' } });
  expect(merged.status, JSON.stringify(merged.body)).toBe(200);
});

const open = (token: string, projectId: string) =>
  t.http.get(`/api/v1/search/candidates/Candidate:${M}`).query({ projectId }).set(bearer(token));

describe("A company's old link to a merged profile", () => {
  it("opens the survivor's card in the same project, anonymous as the board shows it", async () => {
    const res = await open(acme, onBoard);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: `Candidate:${S}`, replaces: `Candidate:${M}`, name: null });
    const body = JSON.stringify(res.body);
    for (const hidden of ['Quillon', 'Varga', survivorEmail]) expect(body).not.toContain(hidden);
    // The notes the panel shows under it are the survivor's in that project.
    const notes = await t.http
      .get(`/api/v1/candidate-note/Candidate:${S}`)
      .query({ projectId: onBoard, page: 1 })
      .set(bearer(acme));
    expect(notes.status, JSON.stringify(notes.body)).toBe(200);
  });

  it('is 404, naming nothing, where the survivor is not theirs to see', async () => {
    for (const [token, projectId] of [
      [acme, elsewhere],
      [acme, raasProject],
    ] as const) {
      const res = await open(token, projectId);
      expect(res.status, `${projectId}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(`Candidate:${S}`);
    }
    // The survivor's person paused their profile: no company sees it, old link or not.
    await t.knex('candidates').where('id', S).update({ status: CANDIDATE_STATUS.inactive });
    await runJobs(t);
    for (const [token, projectId] of [
      [acme, onBoard],
      [raas, raasProject],
    ] as const) {
      const res = await open(token, projectId);
      expect(res.status, `${projectId}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(`Candidate:${S}`);
    }
    await t.knex('candidates').where('id', S).update({ status: CANDIDATE_STATUS.active });
    await runJobs(t);
  });

  it('opens for the other company on its own board too, through its own gate', async () => {
    const res = await open(raas, raasProject);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: `Candidate:${S}`, name: null });
    expect(JSON.stringify(res.body)).not.toContain(survivorEmail);
  });
});
