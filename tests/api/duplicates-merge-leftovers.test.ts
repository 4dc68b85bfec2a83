/**
 * What a merge (M into S) leaves behind is what one person would have had, and an undo puts back the before-state:
 * a reveal stays the project's own in both directions, dated by its own project; the company's inbox threads about M
 * become S's (one thread where it had one per twin), the unread count unchanged; a guarantee paid once per twin in
 * one project keeps the earlier one and refunds the later payment once, which an undo takes back once; one alert's
 * two news rows keep the earlier match and the earlier email in the person's copy of their data.
 */
import { strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CREDIT_ACTIONS } from '../../schema/rules/credits';
import { STAGES } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { adminExportFiles } from '../helpers/dataExport';
import { pairOf } from '../helpers/duplicatePairs';
import { makeProject } from '../helpers/interviews';
import { balance, projectBody, projectId, freshPayingCompany } from '../helpers/projects';
import { bearer } from '../helpers/talent';

vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
let admin: string;
let owner: Client;
let raasAdmin: Client;
let S: number;
let M: number;
let pairId: string;
let acme: number;
let raas: number;
let mergeId: number;
let power: number;
/** Acme's projects: 1 has M unrevealed, 2 S revealed, 3 M revealed, 4 S unrevealed, 5 both twins. */
const P: Record<number, number> = {};
const HOUR = 3_600_000;
const ago = (h: number) => new Date(Date.now() - h * HOUR);

const unread = async () => (await owner.get('/notifications/unread-count')).body;
const threads = async () =>
  ((await owner.get('/notifications?filter=all')).body.data as { link: string; unread: boolean }[])
    .filter((n) => n.link.startsWith('/projects?leftover='))
    .map((n) => [n.link.split('=')[1], n.unread])
    .sort();
/** Whether Acme's board of `project` names `candidate`. */
const named = async (project: number, candidate: number) => {
  const res = await owner.get(`/projects/tab/search?project_id=Project:${project}&tab=${STAGES.shortlist}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const doc = (res.body.docs as Record<string, unknown>[]).find((d) => d.id === `Candidate:${candidate}`);
  expect(doc, `Candidate:${candidate} on project ${project}`).toBeDefined();
  return Boolean(doc!.firstName);
};
const revealedAt = async (project: number, candidate: number) =>
  (await t.knex('project_candidates').where({ project_id: project, candidate_id: candidate }).first('revealed_at'))
    ?.revealed_at as Date | null;
const alertCopy = async (candidate: number) =>
  JSON.parse(strFromU8((await adminExportFiles(t, admin, candidate))['alerts.json'])) as {
    firstMatchedAt: string | null;
    firstEmailedAt: string | null;
  }[];
const refunds = () =>
  t
    .knex('credit_logs')
    .where('company_id', raas)
    .whereIn('action', [CREDIT_ACTIONS.refunded, CREDIT_ACTIONS.reclaimed])
    .orderBy('id')
    .select('action', t.knex.raw('amount::float as amount'), 'note');

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  owner = client(t, await t.login('owner@acme.example.com'));
  raasAdmin = client(t, await t.login('owner@raas.example.com'));
  ({ a: S, b: M, pairId } = await pairOf(t, admin, { phone: '+65 8123 4468', first: 'Lee', last: 'Leftover' }));
  await t.knex('candidates').whereIn('id', [S, M]).update({ anonymous: true });
  for (const n of [1, 2, 3, 4, 5]) {
    const p = await makeProject(t.knex, { title: `Leftovers ${n}` });
    P[n] = p.id;
    acme = p.companyId!;
  }
  const row = (n: number, candidate: number, at: Date | null) => ({
    project_id: P[n],
    candidate_id: candidate,
    company_id: acme,
    stage: STAGES.shortlist,
    revealed_at: at,
  });
  await t
    .knex('project_candidates')
    .insert([
      row(1, M, null),
      row(2, S, ago(48)),
      row(3, M, ago(24)),
      row(4, S, null),
      row(5, M, null),
      row(5, S, null),
    ]);

  // Acme's owner: a thread about M in project 1 (unread), one about each twin in project 5 (M's unread, S's read).
  const me = await t.knex('company_users').where('email', 'owner@acme.example.com').first('id');
  const thread = (n: number, candidate: number, isUnread: boolean, at: Date, events: number) => ({
    recipient_kind: 2,
    recipient_id: me.id,
    kind: 1,
    subject_key: `projectCandidate:${P[n]}:${candidate}`,
    title: `About ${n}`,
    link: `/projects?leftover=${n}:${candidate === M ? 'M' : 'S'}`,
    unread: isUnread,
    events,
    created_at: at,
    updated_at: at,
  });
  await t
    .knex('notifications')
    .insert([thread(1, M, true, ago(3), 1), thread(5, M, true, ago(2), 2), thread(5, S, false, ago(5), 1)]);

  // An alert of project 1: M matched first and was emailed, S matched later and was not.
  const [sub] = await t
    .knex('alert_subscriptions')
    .insert({ project_id: P[1], recipient_kind: 2, recipient_id: me.id })
    .returning('id');
  await t.knex('alert_news').insert([
    { subscription_id: sub.id, project_id: P[1], candidate_id: M, first_matched_at: ago(72), emailed_at: ago(70) },
    { subscription_id: sub.id, project_id: P[1], candidate_id: S, first_matched_at: ago(10), emailed_at: null },
  ]);

  // A RaaS company's Power project, each twin guaranteed in it through the API: S first, M later.
  raas = (await t.knex('company_users').where('email', 'owner@raas.example.com').first('company_id')).company_id;
  await freshPayingCompany(t.knex, raas, 3);
  const created = await raasAdmin.post('/projects/create', await projectBody(t.knex, { plan: 2, title: 'Guarded' }));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  power = projectId(created.body.data.id);
  for (const c of [S, M]) {
    await t.knex('project_candidates').insert({
      project_id: power,
      candidate_id: c,
      company_id: raas,
      stage: STAGES.offered,
      interview_scheduled_at: new Date(),
    });
    const res = await raasAdmin.post('/projects/guarantee', {
      projectId: `Project:${power}`,
      candidateId: `Candidate:${c}`,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  expect(await balance(t.knex, raas)).toBe(1);
});

describe('Before the merge', () => {
  it('Acme sees what it was shown, and has two unread threads', async () => {
    expect([await named(P[1], M), await named(P[2], S), await named(P[3], M), await named(P[4], S)]).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(await unread()).toMatchObject({ unreadCount: 2 });
  });
});

describe('After the merge', () => {
  let before: { unreadCount: number };
  let revealed: Record<string, Date | null>;
  beforeAll(async () => {
    before = await unread();
    const guaranteed = await t.knex('project_candidates').where({ project_id: power, candidate_id: S }).first();
    revealed = { 2: await revealedAt(P[2], S), 3: await revealedAt(P[3], M), guaranteedS: guaranteed.guaranteed_at };
    const res = await t.http
      .post(`/api/v1/candidate-duplicates/${pairId}/merge`)
      .set(bearer(admin))
      .send({ survivorId: `Candidate:${S}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    mergeId = res.body.mergeId;
  });

  it('a reveal stays its own project’s, whichever twin it was of, and keeps its own time', async () => {
    expect([await named(P[1], S), await named(P[2], S), await named(P[3], S), await named(P[4], S)]).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(await revealedAt(P[2], S)).toEqual(revealed[2]);
    expect(await revealedAt(P[3], S)).toEqual(revealed[3]);
  });

  it("the company's threads about the merged profile are the survivor's; one per project; the unread count kept", async () => {
    expect(await unread()).toEqual(before);
    expect(await threads()).toEqual([
      ['1:M', true],
      ['5:M', true],
    ]);
    const kept = await t.knex('notifications').where('subject_key', `projectCandidate:${P[5]}:${S}`).first('events');
    expect(kept.events).toBe(3);
  });

  it('a guarantee paid once per twin is kept once, the later payment refunded once with a note', async () => {
    expect(await balance(t.knex, raas)).toBe(1.5);
    expect(await refunds()).toEqual([
      { action: CREDIT_ACTIONS.refunded, amount: 0.5, note: expect.stringContaining('Guarantee paid twice') },
    ]);
    // The earlier guarantee (S's) is the one kept, with its window.
    const rows = await t
      .knex('project_candidates')
      .where({ project_id: power })
      .select('candidate_id', 'guaranteed_at');
    expect(rows).toEqual([{ candidate_id: S, guaranteed_at: revealed.guaranteedS }]);
  });
});

describe('After the undo', () => {
  beforeAll(async () => {
    const res = await t.http.post(`/api/v1/candidate-merges/${mergeId}/undo`).set(bearer(admin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('the threads, the reveals and the alert rows are as they were', async () => {
    expect(await unread()).toMatchObject({ unreadCount: 2 });
    expect(await threads()).toEqual([
      ['1:M', true],
      ['5:M', true],
      ['5:S', false],
    ]);
    expect(
      await t.knex('notifications').where('link', 'like', '/projects?leftover=%').orderBy('link').pluck('subject_key'),
    ).toEqual([`projectCandidate:${P[1]}:${M}`, `projectCandidate:${P[5]}:${M}`, `projectCandidate:${P[5]}:${S}`]);
    expect([await named(P[1], M), await named(P[2], S), await named(P[3], M), await named(P[4], S)]).toEqual([
      false,
      true,
      true,
      false,
    ]);
    const news = await t.knex('alert_news').whereIn('candidate_id', [S, M]).orderBy('first_matched_at');
    expect(news.map((n) => [n.candidate_id, n.emailed_at === null])).toEqual([
      [M, false],
      [S, true],
    ]);
  });

  it('the refund is taken back once, and both guarantees are the twins’ again', async () => {
    expect(await balance(t.knex, raas)).toBe(1);
    expect((await refunds()).map((r) => [r.action, r.amount])).toEqual([
      [CREDIT_ACTIONS.refunded, 0.5],
      [CREDIT_ACTIONS.reclaimed, -0.5],
    ]);
    const rows = await t.knex('project_candidates').where({ project_id: power }).whereNotNull('guaranteed_at');
    expect(rows.map((r) => r.candidate_id).sort()).toEqual([S, M].sort());
    const again = await t.http.post(`/api/v1/candidate-merges/${mergeId}/undo`).set(bearer(admin));
    expect(again.status).toBe(409);
    expect(await balance(t.knex, raas)).toBe(1);
  });
});

describe('Merged again after the undo', () => {
  beforeAll(async () => {
    const list = await t.http.get('/api/v1/candidate-duplicates?perPage=100').set(bearer(admin));
    const pair = list.body.data.find((p: { id: string }) => p.id === pairId);
    expect(pair, 'the pair is open again').toBeDefined();
    const res = await t.http
      .post(`/api/v1/candidate-duplicates/${pairId}/merge`)
      .set(bearer(admin))
      .send({ survivorId: `Candidate:${S}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('refunds the later guarantee again, once', async () => {
    expect(await balance(t.knex, raas)).toBe(1.5);
    expect((await refunds()).map((r) => r.amount)).toEqual([0.5, -0.5, 0.5]);
  });

  it("the person's copy of their data keeps the alert's earlier match and its email", async () => {
    const [alert] = await alertCopy(S);
    expect(alert.firstMatchedAt).not.toBeNull();
    expect(new Date(alert.firstMatchedAt!).getTime()).toBeLessThan(ago(71).getTime());
    expect(alert.firstEmailedAt).not.toBeNull();
  });
});
