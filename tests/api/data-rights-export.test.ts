/**
 * A copy of a candidate's data, end to end: a candidate with a history (a stored CV and blind CV,
 * experience and education, curated into a company's project, revealed and shortlisted, asked for
 * an interview they accepted, pushed to an ATS stand-in, matched by AI, viewed) asks for their
 * data from their profile; the job prepares it with its progress; the emailed link downloads a ZIP
 * whose every file is checked field by field; the link expires (the clock moved by its row) and
 * answers 410. Admins produce the same for a request received elsewhere. Another candidate, a
 * company, a guessed, forged or expired link are refused; every step is in the data rights log.
 */
import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { DATA_EXPORT_LINK_HOURS } from '../../schema/rules/dataExport';
import { keyOf, RECOMMENDATION } from '../../schema/rules/aiMatch';
import { REQUEST_STATE, STAGES } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import { JD } from '../helpers/aiMatch';
import type { AshbyStandIn } from '../helpers/ats/ashby';
import { atsStandIns } from '../helpers/ats/vendors';
import { pdfOf } from '../helpers/cvs';
import { requestEmail } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';
import { payingCompany } from '../helpers/projects';
import { candidatePayload, talentIds } from '../helpers/talent';

const EMAIL = 'export.me@example.org';
let w: PipelineWorld;
let ashby: AshbyStandIn;
let admin: Client;
let company: Client;
let me: Client;
let candidateId: number;
let cvBytes: Buffer;

type Http = { status: number; body: unknown };
const ok = (res: Http, what: string) => expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);

/** The ZIP of a binary response, as file name → text or bytes. */
function unzip(body: Buffer) {
  const files = unzipSync(new Uint8Array(body));
  const json = (name: string) => JSON.parse(strFromU8(files[name]));
  return { files, json };
}

/** GETs a path as raw bytes (supertest buffers binary bodies when asked). */
async function download(path: string, token?: string) {
  const req = w.t.http
    .get(path)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  if (token) req.set('Authorization', `Bearer ${token}`);
  return req;
}

/** The link of the newest "ready" email to the candidate, as a path under the app. */
async function emailedLink(): Promise<string> {
  const mail = (await listOutbox(w.knex, EMAIL, 20)).find((m) => /data is ready to download/.test(m.subject));
  if (!mail) throw new Error('no export email');
  const link = /(https?:\/\/\S+\/api\/v1\/data-rights\/exports\/download\?id=\d+&token=[\w-]+)/.exec(mail.text);
  if (!link) throw new Error(`no link in ${mail.text}`);
  return new URL(link[1]).pathname + new URL(link[1]).search;
}

beforeAll(async () => {
  w = await pipelineWorld();
  const t = w.t;
  [ashby] = await atsStandIns(t.config, ['ashby'], { maxRetryWaitMs: 5000, retries: 2 });
  admin = w.as('admin');
  company = w.as('company');

  const ids = await talentIds(w.knex);
  cvBytes = await pdfOf(['Exporta Person', EMAIL, 'Payments engineer']);
  const up = await t.http
    .post('/api/v1/candidates/cv-data')
    .set('Authorization', `Bearer ${w.tokens.admin}`)
    .attach('file', cvBytes, 'cv.pdf');
  ok(up, 'upload the CV');
  const blind = await t.http
    .post('/api/v1/candidates/cv-data')
    .set('Authorization', `Bearer ${w.tokens.admin}`)
    .attach('file', await pdfOf(['Payments engineer, blind']), 'blind.pdf');
  ok(blind, 'upload the blind CV');
  const base = candidatePayload(ids, {
    firstName: 'Exporta',
    lastName: 'Person',
    email: EMAIL,
    summary: 'Builds payment services.',
    jobTitleLookingFor: [await w.lookup('job_titles', 'Software Engineer')],
  });
  const created = await admin.post('/candidates', {
    ...base,
    resumePath: up.body.newCvFilePathToDb,
    blindResumePath: blind.body.newCvFilePathToDb,
    // Anonymous until a company moves them on: the move reveals them.
    anonymous: true,
    reasonForLeaving: 'Team was disbanded',
    lookingFor: 'A payments team',
    status: 1,
  });
  ok(created, 'create the candidate');
  candidateId = Number(String(created.body.id).replace('Candidate:', ''));
  const cid = `Candidate:${candidateId}`;
  const acme = `Project:${w.projects.acme}`;

  ok(await company.get('/search'), 'Acme searches');
  ok(await admin.post('/projects/candidate/curate', { projectId: acme, candidateIds: [cid] }), 'curate');
  await payingCompany(w.knex, w.companies.acme, 20);
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
  ok(
    await company.post('/projects/candidate/interview/request', {
      projectId: acme,
      candidateId: cid,
      requestAction: 'request_interview',
      jdText: 'Build the payment services.',
    }),
    'interview request',
  );
  await runJobs(t);
  const { token } = await requestEmail(w.knex, EMAIL);
  ok(
    await client(t).post('/projects/interview-request/check-and-approve', {
      interviewRequestToken: token,
      accessValue: 'approve',
      responseMethod: 'email',
    }),
    'the candidate accepts',
  );

  const added = await company.post('/integrations/add', { kind: 'ashby', apiKey: ashby.apiKey });
  ok(added, 'connect Ashby');
  await runJobs(t);
  ok(
    await company.put(`/integrations/project-job/${added.body.id}`, { projectId: w.projects.acme, jobId: 'job-eng' }),
    'link job',
  );
  ok(await company.put(`/integrations/manual/sync/${added.body.id}`), 'sync');
  await runJobs(t);

  const started = await admin.post('/projects/ai-match', { jobDescription: JD });
  ok(started, 'start a match');
  ok(await admin.post(`/projects/ai-match/${started.body.id}/judge`, {}), 'judge');
  await runJobs(t);

  me = client(t, await t.login(EMAIL));
  // Globex opened the profile from a confidential search: the copy says a company did, not which.
  await w.knex('projects').where('id', w.projects.globex).update({ is_confidential: true });
  await w.knex('candidate_search_or_view_logs').insert({
    ...{ kind: 2, candidate_id: candidateId, actor_kind: 2, actor_id: w.people.globexUser },
    ...{ company_id: w.companies.globex, project_id: w.projects.globex },
  });
}, 240_000);

describe('A copy of my data', () => {
  let link: string;

  it('is asked for from the profile, prepared by a job with its progress, and emailed as a link', async () => {
    expect((await me.get('/data-rights/export')).body).toEqual({ linkHours: DATA_EXPORT_LINK_HOURS, export: null });
    const asked = await me.post('/data-rights/export', {});
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body.export).toMatchObject({ status: 'queued', progress: 0 });
    const again = await me.post('/data-rights/export', {});
    expect(again.status).toBe(409);
    expect(again.body.error.fields).toEqual({ dataExport: 'dataExport.errors.pending' });
    // Before the job runs there is nothing to download.
    expect((await download('/api/v1/data-rights/export/file', await w.t.login(EMAIL))).status).toBe(404);

    await runJobs(w.t);
    const state = (await me.get('/data-rights/export')).body.export;
    expect(state).toMatchObject({ status: 'ready', progress: 100 });
    const hours = (new Date(state.expiresAt).getTime() - new Date(state.readyAt).getTime()) / 3_600_000;
    expect(Math.round(hours)).toBe(DATA_EXPORT_LINK_HOURS);
    link = await emailedLink();
    // Only the link's hash is stored.
    const row = await w.knex('data_exports').where('candidate_id', candidateId).first();
    expect(row.token_hash).not.toContain(new URLSearchParams(link.split('?')[1]).get('token'));
  });

  it('holds every category, field by field', async () => {
    const res = await download(link);
    expect(res.status, String(res.body)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toContain('no-store');
    const { files, json } = unzip(res.body as Buffer);
    const names =
      'README.txt profile.json experience.json education.json documents.json files/cv.pdf files/blind-cv.pdf';
    const more =
      'consents.json companies.json interviews.json notes.json alerts.json ai-match.json ats-pushes.json insights.json' +
      ' data-rights.json former-profiles.json messages.json account.json';
    expect(Object.keys(files).sort()).toEqual(`${names} ${more}`.split(' ').sort());
    const profile = json('profile.json');
    expect(profile).toMatchObject({
      id: `Candidate:${candidateId}`,
      firstName: 'Exporta',
      lastName: 'Person',
      email: EMAIL,
      summary: 'Builds payment services.',
      // Anonymous until a company moves them on: the move reveals them.
      anonymous: true,
      reasonForLeaving: 'Team was disbanded',
      lookingFor: 'A payments team',
      status: 1,
    });
    expect(profile).not.toHaveProperty('sendSetPasswordEmail');
    const db = await w.knex('candidate_experiences').where('candidate_id', candidateId).orderBy('id');
    expect(
      json('experience.json')
        .map((e: { title: string }) => e.title)
        .sort(),
    ).toEqual(db.map((e) => e.title).sort());
    const edu = await w.knex('candidate_educations').where('candidate_id', candidateId);
    expect(
      json('education.json')
        .map((e: { institute: string }) => e.institute)
        .sort(),
    ).toEqual(edu.map((e) => e.institute).sort());
    // The documents are the stored files, byte for byte.
    expect(Buffer.from(files['files/cv.pdf']).equals(cvBytes)).toBe(true);
    expect(strFromU8(files['files/blind-cv.pdf']).startsWith('%PDF')).toBe(true);
    expect(json('documents.json')).toEqual([
      { kind: 'cv', file: 'files/cv.pdf' },
      { kind: 'blindCv', file: 'files/blind-cv.pdf' },
    ]);
    // Consents: every consent table the product has, with the candidate's rows.
    const consentTables = (await w
      .knex('information_schema.columns')
      .where({ table_schema: w.knex.raw('current_schema()'), column_name: 'candidate_id' })
      .where('table_name', 'like', '%consent%')
      .pluck('table_name')) as string[];
    const consents = json('consents.json');
    expect(Object.keys(consents).sort()).toEqual(consentTables.sort());
    for (const table of consentTables)
      expect(consents[table]).toHaveLength(
        Number((await w.knex(table).where('candidate_id', candidateId).count({ n: '*' }).first())?.n),
      );

    // Which company revealed and shortlisted them, and when.
    const pc = await w
      .knex('project_candidates')
      .where({ candidate_id: candidateId, project_id: w.projects.acme })
      .first();
    const shortlistedLog = await w
      .knex('candidate_recruitment_stage_logs')
      .where({ candidate_id: candidateId, to_stage: STAGES.shortlist })
      .first();
    expect(pc.revealed_at).not.toBeNull();
    const [acme] = json('companies.json');
    expect(json('companies.json')).toHaveLength(1);
    expect(acme).toMatchObject({
      company: (await w.knex('companies').where('id', w.companies.acme).first()).company_name,
      project: (await w.knex('projects').where('id', w.projects.acme).first()).title,
      stage: 'shortlist',
      addedByOurTeam: true,
      revealedAt: new Date(pc.revealed_at).toISOString(),
      shortlistedAt: new Date(shortlistedLog.created_at).toISOString(),
    });
    expect(acme.moves.map((m: { to: string }) => m.to)).toEqual(expect.arrayContaining(['qualify', 'shortlist']));

    // Interview requests and the answer.
    const interviews = json('interviews.json');
    const ir = await w.knex('interview_requests').where('candidate_id', candidateId).first();
    expect(interviews.interviewRequests).toHaveLength(1);
    expect(interviews.interviewRequests[0]).toMatchObject({
      company: acme.company,
      project: acme.project,
      state: keyOf(REQUEST_STATE, ir.state),
      responseMethod: ir.response_method,
      answeredAt: new Date(ir.answered_at).toISOString(),
    });
    expect(ir.answered_at).not.toBeNull();
    expect(interviews.interviewRequests[0]).not.toHaveProperty('tokenHash');

    // AI-match appearances, the recommendation by name.
    const rec = (r: { recommendation: number }) => keyOf(RECOMMENDATION, r.recommendation);
    const results = await w.knex('ai_match_results').where('candidate_id', candidateId).orderBy('id');
    expect(results.length).toBeGreaterThan(0);
    expect(json('ai-match.json')).toEqual(
      results.map((r) => expect.objectContaining({ run: r.run_id, rank: r.rank, recommendation: rec(r) })),
    );

    // ATS pushes: to whom, when.
    const pushes = json('ats-pushes.json');
    const atsLink = await w.knex('integration_links').where({ local_kind: 2, local_id: pc.id }).first();
    expect(pushes).toEqual([
      expect.objectContaining({
        ats: 'Ashby',
        company: acme.company,
        recordId: atsLink.remote_id,
        firstSentAt: new Date(atsLink.created_at).toISOString(),
      }),
    ]);
    expect(ashby.applications.length).toBeGreaterThan(0);

    // Insights and views.
    const insights = json('insights.json');
    const daily = await w.knex('candidate_insight_daily').where('candidate_id', candidateId);
    expect(insights.daily).toHaveLength(daily.length);
    const views = await w.knex('candidate_search_or_view_logs').where('candidate_id', candidateId);
    expect(insights.viewsAndSearches).toHaveLength(views.length);
    expect(insights.viewsAndSearches).toContainEqual(
      expect.objectContaining({ company: 'A company (confidential search)' }),
    );
    expect(JSON.stringify(insights)).not.toContain('Globex');

    // Their data rights history up to this copy: the request that made it.
    expect(json('data-rights.json').log.map((l: { action: string }) => l.action)).toEqual(['exportRequested']);
    expect(strFromU8(files['README.txt'])).toContain('ats-pushes.json');
  });

  it('is refused to another candidate, a company, a guessed or forged link', async () => {
    const id = new URLSearchParams(link.split('?')[1]).get('id');
    const forged = `/api/v1/data-rights/exports/download?id=${id}&token=${'A'.repeat(43)}`;
    const guessed = `/api/v1/data-rights/exports/download?id=${Number(id) + 1000}&token=${'B'.repeat(43)}`;
    for (const path of [forged, guessed]) {
      const res = await download(path);
      expect(res.status).toBe(404);
      expect(JSON.parse(String(res.body)).error.fields).toEqual({ dataExport: 'dataExport.errors.invalidLink' });
    }
    expect((await download('/api/v1/data-rights/exports/download?id=x&token=y')).status).toBe(400);
    // Signed in as someone else, even the right link is refused.
    for (const who of ['company', 'raas', 'candidate'] as const)
      expect((await download(link, w.tokens[who])).status, who).toBe(403);
    // Their own routes answer only for the signed-in candidate themselves.
    for (const who of ['company', 'raas'] as const) {
      expect((await w.as(who).get('/data-rights/export')).status).toBe(403);
      expect((await w.as(who).post('/data-rights/export', {})).status).toBe(403);
      expect((await download('/api/v1/data-rights/export/file', w.tokens[who])).status).toBe(403);
    }
    const other = await w.as('candidate').get('/data-rights/export');
    expect(other.status).toBe(200);
    expect(other.body.export).toBeNull();
    expect((await download('/api/v1/data-rights/export/file', w.tokens.candidate)).status).toBe(404);
    expect((await client(w.t).get('/data-rights/export')).status).toBe(401);
    // The admins' routes are the admins'.
    for (const who of ['company', 'raas', 'candidate'] as const) {
      expect((await w.as(who).post('/data-rights/exports', { candidateId: `Candidate:${candidateId}` })).status).toBe(
        403,
      );
      expect((await download(`/api/v1/data-rights/exports/${id}/file`, w.tokens[who])).status).toBe(403);
      expect((await w.as(who).get('/data-exports')).status).toBe(403);
    }
  });

  it('downloads from the profile page too, and the link expires', async () => {
    const own = await download('/api/v1/data-rights/export/file', await w.t.login(EMAIL));
    expect(own.status).toBe(200);
    expect(unzip(own.body as Buffer).json('profile.json').email).toBe(EMAIL);
    // The clock moved past the link's expiry.
    await w
      .knex('data_exports')
      .where('candidate_id', candidateId)
      .update({ expires_at: new Date(Date.now() - 1000) });
    const gone = await download(link);
    expect(gone.status).toBe(410);
    expect(JSON.parse(String(gone.body)).error.fields).toEqual({ dataExport: 'dataExport.errors.expired' });
    expect((await download(link)).status).toBe(410);
    const row = await w.knex('data_exports').where('candidate_id', candidateId).first();
    expect(row).toMatchObject({ status: 4, file_key: null });
    expect((await me.get('/data-rights/export')).body.export.status).toBe('expired');
  });

  it('an admin produces one for a request received elsewhere; the candidate is emailed; every step is logged', async () => {
    const bad = await admin.post('/data-rights/exports', { candidateId: 'nonsense' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['candidateId']);
    const missing = await admin.post('/data-rights/exports', { candidateId: 'Candidate:99999999' });
    expect(missing.status).toBe(400);
    const made = await admin.post('/data-rights/exports', { candidateId: `Candidate:${candidateId}` });
    expect(made.status, JSON.stringify(made.body)).toBe(202);
    await runJobs(w.t);
    const row = await w.knex('data_exports').where('candidate_id', candidateId).orderBy('id', 'desc').first();
    expect(row).toMatchObject({ status: 2, progress: 100, source: 2 });
    const file = await download(`/api/v1/data-rights/exports/DataExport:${row.id}/file`, w.tokens.admin);
    expect(file.status).toBe(200);
    expect(unzip(file.body as Buffer).json('profile.json').id).toBe(`Candidate:${candidateId}`);
    const fresh = await download(await emailedLink());
    expect(fresh.status).toBe(200);
    const list = await admin.get(`/data-exports?filter=${encodeURIComponent(JSON.stringify({ candidateId }))}`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(JSON.stringify(list.body)).not.toMatch(/tokenHash|fileKey/);
    const actions = await w.knex('data_rights_logs').where('candidate_id', candidateId).orderBy('id').pluck('action');
    // requested, prepared, downloaded (link), downloaded (own page), requested by an admin, prepared, downloaded (admin), downloaded (link).
    expect(actions).toEqual([20, 21, 22, 22, 20, 21, 22, 22]);
  });
});
