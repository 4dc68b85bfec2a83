/**
 * Consents, through HTTP: a candidate reads what they agreed to, accepts the notice in force (and
 * again once it changes), and withdraws or gives each consent; each withdrawal changes what its
 * surface does at once: companies' search and profile stop finding them and their boards, counts,
 * moves and interview requests stop meeting them, as if they were not active (shown to companies), the ATS sync stops pushing them (sent to ATSs), AI match
 * stops retrieving them and past runs stop listing them (AI match). Every change is in the data
 * rights log; an admin records a decision received elsewhere with a note of the request.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_PURPOSES, CONSENT_SOURCES, PRIVACY_NOTICE_VERSION } from '../../schema/rules/consents';
import { DATA_RIGHTS_ACTIONS } from '../../schema/rules/dataRights';
import { STAGES } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import { JD, matchWorld } from '../helpers/aiMatch';
import type { AshbyStandIn } from '../helpers/ats/ashby';
import { atsStandIns } from '../helpers/ats/vendors';
import { runJobs } from '../helpers/jobs';
import { pipelineWorld, REJECT, type PipelineWorld } from '../helpers/pipeline';
import { payingCompany } from '../helpers/projects';

const M = 'zqconsent';
const EMAIL = `${M}@consent.example.org`;
const OTHER = `${M}other@consent.example.org`;

let w: PipelineWorld;
let ashby: AshbyStandIn;
let admin: Client;
let company: Client;
let me: Client;
let candidateId: number;
let otherId: number;
let integrationId: string;

const ok = (res: { status: number; body: unknown }, what: string) =>
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);

/** The log's entries about the candidate, oldest first, as action names with their detail. */
async function logOf(id: number) {
  const rows = await w.knex('data_rights_logs').where('candidate_id', id).orderBy('id').select('action', 'detail');
  const name = (n: number) => Object.entries(DATA_RIGHTS_ACTIONS).find(([, v]) => v === n)?.[0];
  return rows.map((r) => ({ action: name(r.action), ...(r.detail ?? {}) }));
}

/** Whether Acme's search finds the candidate, and whether Acme may open their profile. */
async function companyFinds(): Promise<{ search: boolean; profile: number }> {
  const found = await company.get(`/search?ts=${M}`);
  expect(found.status).toBe(200);
  const ids = (found.body.docs as { id: string }[]).map((d) => d.id);
  const profile = await company.get(`/search/candidates/Candidate:${candidateId}`);
  return { search: ids.includes(`Candidate:${candidateId}`), profile: profile.status };
}

/** The names Acme's board reads for the candidate's row. */
async function boardNames(): Promise<string> {
  const res = await company.get(`/projects/tab/search?project_id=${w.projects.acme}&tab=${STAGES.shortlist}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return JSON.stringify(res.body);
}

/** Runs the AI match of JD as an admin; answers the run's id. */
async function match(): Promise<string> {
  const started = await admin.post('/projects/ai-match', { jobDescription: JD });
  ok(started, 'start a match');
  ok(await admin.post(`/projects/ai-match/${started.body.id}/judge`, {}), 'judge');
  await runJobs(w.t);
  return String(started.body.id);
}

/** Syncs Acme's Ashby integration; answers the emails the stand-in holds. */
async function sync(): Promise<string[]> {
  ok(await company.put(`/integrations/manual/sync/${integrationId}`), 'sync');
  await runJobs(w.t);
  return ashby.candidates.map((c) => c.email);
}

beforeAll(async () => {
  w = await pipelineWorld();
  [ashby] = await atsStandIns(w.t.config, ['ashby'], { maxRetryWaitMs: 5000, retries: 2 });
  admin = w.as('admin');
  company = w.as('company');
  const fits = await matchWorld(w.t);
  candidateId = await fits.fit({ firstName: 'Zephyrine', lastName: 'Quill', email: EMAIL, summary: `${M} backend` });
  otherId = await fits.fit({ firstName: 'Ottoline', lastName: 'Quarry', email: OTHER, summary: `${M} payments` });
  // Both on Acme's board, revealed and shortlisted.
  await payingCompany(w.knex, w.companies.acme, 20);
  const acme = `Project:${w.projects.acme}`;
  for (const id of [candidateId, otherId]) {
    const cid = `Candidate:${id}`;
    ok(await admin.post('/projects/candidate/curate', { projectId: acme, candidateIds: [cid] }), 'curate');
    for (const stage of [STAGES.qualify, STAGES.shortlist])
      ok(
        await company.post('/projects/recruitment', {
          projectId: acme,
          candidateId: cid,
          recruitmentStatus: stage,
          confirmReveal: true,
        }),
        `move to ${stage}`,
      );
  }
  const added = await company.post('/integrations/add', { kind: 'ashby', apiKey: ashby.apiKey });
  ok(added, 'connect Ashby');
  integrationId = String(added.body.id);
  await runJobs(w.t);
  ok(
    await company.put(`/integrations/project-job/${integrationId}`, { projectId: w.projects.acme, jobId: 'job-eng' }),
    'link job',
  );
  me = client(w.t, await w.t.login(EMAIL));
}, 240_000);

describe('Consents', () => {
  it('asks a new candidate to accept the notice, and again once it changes', async () => {
    const first = await me.get('/data-rights/consents');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      noticeVersion: PRIVACY_NOTICE_VERSION,
      acceptedVersion: null,
      needsNotice: true,
    });
    // Not withdrawn means given; marketing only by choice.
    expect(first.body.consents.shownToCompanies.granted).toBe(true);
    expect(first.body.consents.marketing.granted).toBe(false);

    const stale = await me.post('/data-rights/consents/notice', { version: 'an older one' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.fields).toEqual({ version: 'consents.errors.noticeChanged' });
    expect((await me.post('/data-rights/consents/notice', {})).body.error.fields.version).toBeTruthy();

    const accepted = await me.post('/data-rights/consents/notice', {
      version: PRIVACY_NOTICE_VERSION,
      consents: { marketing: true },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ acceptedVersion: PRIVACY_NOTICE_VERSION, needsNotice: false });
    expect(accepted.body.consents.marketing).toMatchObject({ granted: true, source: 'firstSignIn' });

    // The notice changes: the next sign-in is asked again, and the answer is recorded as such.
    w.t.config.dataRights = { ...w.t.config.dataRights, noticeVersion: '2027-01-15' };
    try {
      const again = await me.get('/data-rights/consents');
      expect(again.body).toMatchObject({ acceptedVersion: PRIVACY_NOTICE_VERSION, needsNotice: true });
      const renewed = await me.post('/data-rights/consents/notice', { version: '2027-01-15' });
      expect(renewed.body).toMatchObject({ acceptedVersion: '2027-01-15', needsNotice: false });
    } finally {
      w.t.config.dataRights = { ...w.t.config.dataRights, noticeVersion: PRIVACY_NOTICE_VERSION };
    }
    const log = await logOf(candidateId);
    expect(log).toEqual([
      { action: 'noticeAccepted', version: PRIVACY_NOTICE_VERSION, previous: null, source: 'firstSignIn' },
      { action: 'consentGiven', purpose: 'marketing', source: 'firstSignIn' },
      { action: 'noticeAccepted', version: '2027-01-15', previous: PRIVACY_NOTICE_VERSION, source: 'noticeChange' },
    ]);
  });

  it('takes only the candidate’s own choices, well formed', async () => {
    for (const body of [{}, { shownToCompanies: 'no' }, { sneaky: true }, { marketing: null }]) {
      const res = await me.put('/data-rights/consents', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBeTruthy();
    }
    expect(
      (await me.put('/data-rights/consents', { shownToCompanies: 'no' })).body.error.fields.shownToCompanies,
    ).toBeTruthy();
    for (const who of ['company', 'raas', 'admin'] as const) {
      expect((await w.as(who).put('/data-rights/consents', { marketing: false })).status).toBe(403);
      expect((await w.as(who).get('/data-rights/consents')).status).toBe(403);
    }
    expect((await client(w.t).put('/data-rights/consents', { marketing: false })).status).toBe(401);
    for (const who of ['company', 'candidate'] as const)
      expect((await w.as(who).get(`/data-rights/candidates/Candidate:${candidateId}/consents`)).status).toBe(403);
    expect((await admin.get('/data-rights/candidates/Candidate:99999999/consents')).status).toBe(404);
    const noNote = await admin.put(`/data-rights/candidates/Candidate:${candidateId}/consents`, {
      consents: { marketing: false },
    });
    expect(noNote.status).toBe(400);
    expect(noNote.body.error.fields.request).toBeTruthy();
    // Nothing above changed a decision.
    expect((await me.get('/data-rights/consents')).body.consents.marketing.granted).toBe(true);
  });

  it('withdrawn from companies: out of their search, profile, board and counts, not to be moved or asked; given again, back', async () => {
    expect(await companyFinds()).toEqual({ search: true, profile: 200 });
    expect(await boardNames()).toContain('Zephyrine');
    const shortlisted = async () =>
      (await company.get(`/projects/find/Project:${w.projects.acme}`)).body.data.stats.shortlist as number;
    const before = await shortlisted();
    expect(before).toBeGreaterThanOrEqual(2);

    const withdrawn = await me.put('/data-rights/consents', { shownToCompanies: false });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(withdrawn.body.consents.shownToCompanies).toMatchObject({ granted: false, source: 'profile' });
    expect(await companyFinds()).toEqual({ search: false, profile: 404 });
    const board = await boardNames();
    expect(board).not.toContain('Zephyrine');
    expect(board).not.toContain(EMAIL);
    expect(board).toContain('Ottoline');
    // Met as if not active: off the board and its counts, and neither moved nor asked for an interview.
    expect(board).not.toContain(`Candidate:${candidateId}`);
    expect(await shortlisted()).toBe(before - 1);
    const cid = `Candidate:${candidateId}`;
    const acme = `Project:${w.projects.acme}`;
    const move = await company.post('/projects/recruitment', {
      projectId: acme,
      candidateId: cid,
      recruitmentStatus: STAGES.rejected,
      rejectFormData: REJECT,
    });
    expect(move.status, JSON.stringify(move.body)).toBe(404);
    const asked = await company.post('/projects/candidate/interview/request', {
      projectId: acme,
      candidateId: cid,
      requestAction: 'request_interview',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(404);
    expect(asked.body.error.code).toBe('project.candidate.notFound');
    expect(await w.knex('interview_requests').where('candidate_id', candidateId).count({ n: '*' })).toEqual([{ n: 0 }]);
    // Admins still find the person, who is theirs to curate.
    const adminSearch = await admin.get(`/search?ts=${M}`);
    expect(JSON.stringify(adminSearch.body)).toContain(`Candidate:${candidateId}`);

    expect((await me.put('/data-rights/consents', { shownToCompanies: true })).status).toBe(200);
    expect(await companyFinds()).toEqual({ search: true, profile: 200 });
    expect(await boardNames()).toContain('Zephyrine');
    expect(await shortlisted()).toBe(before);
  });

  it('withdrawn from ATSs: the sync pushes the others, not them; given again, pushed', async () => {
    ok(await me.put('/data-rights/consents', { sentToAts: false }), 'withdraw');
    const first = await sync();
    expect(first).toContain(OTHER);
    expect(first).not.toContain(EMAIL);
    ok(await me.put('/data-rights/consents', { sentToAts: true }), 'give again');
    expect(await sync()).toContain(EMAIL);
  });

  it('withdrawn from AI match: past results drop them, a new run does not retrieve them', async () => {
    const run = await match();
    const listed = async (runId: string) =>
      JSON.stringify((await admin.get(`/projects/ai-match/${runId}/results?judgedOnly=false`)).body);
    expect(await listed(run)).toContain(`Candidate:${candidateId}`);

    ok(await me.put('/data-rights/consents', { aiMatch: false }), 'withdraw');
    expect(await listed(run)).not.toContain(`Candidate:${candidateId}`);
    expect(await listed(run)).toContain(`Candidate:${otherId}`);
    const next = await match();
    const nextId = Number(next.replace('AiMatchRun:', ''));
    const retrieved = await w.knex('ai_match_results').where('run_id', nextId).pluck('candidate_id');
    expect(retrieved).toContain(otherId);
    expect(retrieved).not.toContain(candidateId);
  });

  it('is recorded by an admin on request, and every change is in the log admins read', async () => {
    const res = await admin.put(`/data-rights/candidates/Candidate:${candidateId}/consents`, {
      consents: { marketing: false, aiMatch: true },
      request: 'Asked by email to support on 2 December',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.consents.marketing).toMatchObject({ granted: false, source: 'admin' });
    const row = await w
      .knex('candidate_consents')
      .where({ candidate_id: candidateId, purpose: CONSENT_PURPOSES.aiMatch })
      .first();
    expect(row.source).toBe(CONSENT_SOURCES.admin);
    // The note of the request is kept on the consent's row; the log says only that there was one.
    expect(row.request_note).toBe('Asked by email to support on 2 December');

    const log = (await logOf(candidateId)).slice(3);
    expect(log).toEqual([
      { action: 'consentWithdrawn', purpose: 'shownToCompanies', source: 'profile' },
      { action: 'consentGiven', purpose: 'shownToCompanies', source: 'profile' },
      { action: 'consentWithdrawn', purpose: 'sentToAts', source: 'profile' },
      { action: 'consentGiven', purpose: 'sentToAts', source: 'profile' },
      { action: 'consentWithdrawn', purpose: 'aiMatch', source: 'profile' },
      {
        action: 'consentGiven',
        purpose: 'aiMatch',
        source: 'admin',
        requestNoted: true,
      },
      {
        action: 'consentWithdrawn',
        purpose: 'marketing',
        source: 'admin',
        requestNoted: true,
      },
    ]);
    const listed = await admin.get(`/data-rights-logs?filter=${encodeURIComponent(JSON.stringify({ candidateId }))}`);
    expect(listed.status).toBe(200);
    const rows = (Array.isArray(listed.body) ? listed.body : listed.body.data) as {
      action: number;
      candidateId: number;
    }[];
    expect(rows.filter((r) => r.candidateId === candidateId).map((r) => r.action)).toContain(
      DATA_RIGHTS_ACTIONS.consentWithdrawn,
    );
    const consents = await admin.get('/candidate-consents');
    expect(consents.status).toBe(200);
    expect((await company.get('/candidate-consents')).status).toBe(403);
  });
});
