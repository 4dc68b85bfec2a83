/**
 * Know before you reveal for a screen of cards, from outside, against the Workable stand-in: one
 * request names many candidates of a project and hears, for each whose contact the caller sees,
 * which ATS already has them and since which month; every other id (hidden, anonymous and not
 * revealed, paused, still suggested, outside the project, naming nobody) is simply absent, and no
 * email of theirs leaves for the ATS. Wrong input is refused field by field. "Other" is recorded
 * only with the name of the system, which the company's ATS then reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { people, type People } from '../helpers/ats/world';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { CONSENT_PURPOSES, CONSENT_SOURCES } from '../../schema/rules/consents';

let t: TestApp;
let ws: WorkableStandIn;
let p: People;
let project: TestProject;
const KEYS = [
  'known',
  'unknown',
  'hidden',
  'anonymous',
  'revealed',
  'paused',
  'suggested',
  'elsewhere',
  'withdrawn',
] as const;
type Key = (typeof KEYS)[number];
const c = {} as Record<Key, number>;
const emails = {} as Record<Key, string>;
const SHORTLIST = 2;
const NOBODY = 99_999_999;

beforeAll(async () => {
  t = await testApp();
  [ws] = await atsStandIns(t.config, ['workable'], { maxRetryWaitMs: 2000, retries: 1 });
  p = await people(t);
  const res = await p.admin.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await runJobs(t);

  project = await makeProject(t.knex, { title: 'Known hires' });
  const other = await makeProject(t.knex, { title: 'Another search' });
  const ids = await activeCandidates(t.knex, KEYS.length, { skip: 700 });
  KEYS.forEach((key, i) => (c[key] = ids[i]));
  await t.knex('candidates').where('id', c.hidden).update({ visibility: false });
  await t.knex('candidates').whereIn('id', [c.anonymous, c.revealed]).update({ anonymous: true });
  await t.knex('candidates').where('id', c.paused).update({ status: 2, self_chosen_status: true });
  // Withdrew consent to be sent to companies' ATSs: not even looked up there by email.
  await t
    .knex('candidate_consents')
    .insert({
      candidate_id: c.withdrawn,
      purpose: CONSENT_PURPOSES.sentToAts,
      granted: false,
      source: CONSENT_SOURCES.profile,
    })
    .onConflict(['candidate_id', 'purpose'])
    .merge();
  await addToProject(
    t.knex,
    project,
    [c.known, c.unknown, c.hidden, c.anonymous, c.revealed, c.paused, c.withdrawn],
    SHORTLIST,
  );
  await addToProject(t.knex, project, [c.suggested], 0);
  await addToProject(t.knex, other, [c.elsewhere], SHORTLIST);
  await t
    .knex('project_candidates')
    .where({ project_id: project.id, candidate_id: c.revealed })
    .update({ revealed_at: new Date() });
  for (const key of KEYS) {
    emails[key] = (await t.knex('candidates').where('id', c[key]).first('email')).email;
    if (key === 'unknown') continue;
    ws.candidates.push({
      id: `batch-${key}`,
      job: 'DS03',
      stage: 'sourced',
      disqualified: false,
      sourced: true,
      created_at: key === 'revealed' ? '2023-11-20T08:00:00Z' : '2021-03-04T05:06:07Z',
      candidate: { name: key, email: emails[key] },
    });
  }
});
afterAll(async () => {
  await t?.knex.destroy();
});

const ask = (who: People[keyof People], candidateIds: unknown, projectId: unknown = project.id) =>
  who.post('/integrations/already-known/batch', { projectId, candidateIds });
const lookedUp = () =>
  ws.calls
    .filter((call) => call.method === 'GET' && call.path.includes('/candidates?'))
    .map((call) => new URL(call.path, 'http://x').searchParams.get('email'));

describe('Know before you reveal, a screen of cards at once', () => {
  it('answers each candidate whose contact the company sees, and leaves every other id out without asking the ATS', async () => {
    const before = lookedUp().length;
    const res = await ask(p.admin, [...KEYS.map((k) => c[k]), NOBODY]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byId = Object.fromEntries(
      (res.body.candidates as { candidateId: string; known: unknown }[]).map((a) => [a.candidateId, a.known]),
    );
    expect(byId).toEqual({
      [`Candidate:${c.known}`]: [{ ats: 'Workable', since: '2021-03' }],
      [`Candidate:${c.unknown}`]: [],
      [`Candidate:${c.revealed}`]: [{ ats: 'Workable', since: '2023-11' }],
    });
    expect(res.body.freshForSeconds).toBe(24 * 3600);
    const asked = lookedUp().slice(before);
    expect(asked.sort()).toEqual([emails.known, emails.unknown, emails.revealed].sort());
    expect(JSON.stringify(res.body)).not.toContain('@');
  });

  it('takes the project’s encoded ids as the board sends them', async () => {
    const res = await ask(p.admin, [`Candidate:${c.known}`], `Project:${project.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.candidates).toEqual([
      { candidateId: `Candidate:${c.known}`, known: [{ ats: 'Workable', since: '2021-03' }] },
    ]);
  });

  it('gives a Member a project not shared with them, another company, a RaaS company and a platform admin nothing, asking the ATS nothing', async () => {
    const before = lookedUp().length;
    for (const who of [p.member, p.otherCompany, p.raas, p.platform]) {
      const res = await ask(who, [c.known, c.revealed]);
      if (res.status === 200) expect(res.body.candidates).toEqual([]);
      else expect([403, 404]).toContain(res.status);
      expect(JSON.stringify(res.body)).not.toContain(emails.known);
    }
    expect(lookedUp().length).toBe(before);
  });

  it('names an ATS that did not answer, never as "not in your ATS", and holds that answer minutes, not a day', async () => {
    // Down for both look-ups and their one retry each.
    ws.fail('GET', /\/candidates$/, { status: 503, body: {} }, 4);
    const res = await ask(p.admin, [c.known, c.unknown]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.candidates).toEqual(
      [c.known, c.unknown].map((id) => ({ candidateId: `Candidate:${id}`, known: [], unanswered: ['Workable'] })),
    );
    expect(res.body.freshForSeconds).toBeLessThanOrEqual(600);
    const one = await p.admin.get(`/integrations/already-known?projectId=${project.id}&candidateId=${c.known}`);
    expect(one.body).toEqual({ known: [{ ats: 'Workable', since: '2021-03' }] });
  });

  it('refuses a missing, empty, malformed or overlong list and a bad project, field by field', async () => {
    const cases: [unknown, unknown, string][] = [
      [undefined, project.id, 'candidateIds'],
      [[], project.id, 'candidateIds'],
      [['Candidate:x'], project.id, 'candidateIds'],
      [Array.from({ length: 201 }, (_, i) => i + 1), project.id, 'candidateIds'],
      [[c.known], 'nope', 'projectId'],
      [[c.known], undefined, 'projectId'],
    ];
    for (const [candidateIds, projectId, field] of cases) {
      const res = await p.admin.post('/integrations/already-known/batch', { projectId, candidateIds });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(Object.keys(res.body.error.fields)).toContain(field);
    }
  });
});

describe('How often one person asks', () => {
  it('answers 429 past ATS_LOOKUPS_PER_WINDOW look-ups a window, each of which reaches the company’s ATS', async () => {
    const allowed = t.config.ats.lookupsPerWindow;
    t.config.ats.lookupsPerWindow = 3;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await ask(p.admin, [c.known])).status);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
      const before = lookedUp().length;
      expect((await ask(p.admin, [c.known])).status).toBe(429);
      expect(lookedUp().length).toBe(before);
    } finally {
      t.config.ats.lookupsPerWindow = allowed;
    }
  });
});

describe('Recording "Other"', () => {
  it('asks for the name of the system, then records it as the company’s ATS under that name', async () => {
    for (const name of [undefined, '', '   ']) {
      const res = await p.admin.post('/integrations/add', { kind: 'other', name });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.fields).toEqual({ name: 'name.errors.required' });
    }
    expect(await t.knex('integrations').where('kind', 'other').first()).toBeUndefined();
    const long = await p.admin.post('/integrations/add', { kind: 'other', name: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.error.fields)).toEqual(['name']);

    const res = await p.admin.post('/integrations/add', { kind: 'other', name: '  Homegrown Tracker ' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ kind: 'other', label: 'Homegrown Tracker', status: 'recorded', live: false });
    const list = await p.admin.get('/integrations/integration-list');
    expect(list.body.companyAts).toBe('Homegrown Tracker');
    expect(list.body.kinds.find((k: { key: string }) => k.key === 'other').integration.label).toBe('Homegrown Tracker');

    const removed = await p.admin.delete(`/integrations/remove/${res.body.id}`);
    expect(removed.status).toBe(200);
    expect((await p.admin.get('/integrations/integration-list')).body.companyAts).toBeNull();
  });
});
