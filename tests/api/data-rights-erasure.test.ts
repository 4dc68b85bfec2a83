/**
 * Erasure, end to end: a candidate with a history (searched, curated, revealed and moved by a
 * company, asked for an interview, noted, mentioned in the project's chat, pushed to an ATS
 * stand-in, matched by AI, with a stored CV, who took a copy of their data as a ZIP) asks to be
 * erased from their profile, confirms with the emailed code, and after the cooling-off period (the
 * clock moved) the job erases them. Then every table's every column, every stored file (inside
 * ZIPs too) and the job queue are scanned for the person's marker strings: nothing is left but the
 * email's hash; the ZIP and its link are gone; the person the product created in Ashby is
 * anonymised there by Ashby's own call; the company's board still counts the row.
 * Also: cancelling, an admin's hold with its reason, and who may reach each route.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { carryOutDueErasures } from '../../backend/features/dataRights';
import { importCandidates } from '../../backend/features/talent';
import { listOutbox } from '../../backend/services/mail/outbox';
import { ERASURE_COOLING_OFF_DAYS } from '../../schema/rules/dataRights';
import { STAGES } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import { JD } from '../helpers/aiMatch';
import type { AshbyStandIn } from '../helpers/ats/ashby';
import { atsStandIns } from '../helpers/ats/vendors';
import { pdfOf } from '../helpers/cvs';
import { runJobs } from '../helpers/jobs';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';
import { payingCompany } from '../helpers/projects';
import { candidatePayload, talentIds } from '../helpers/talent';
import { tempDirUntilFileEnd } from '../helpers/fileEnd';
import { scanTables } from '../helpers/erasure';

const M = 'qvzx';
const MARKERS = [`${M}first`, `${M}last`, `${M}mail`, '59260418', `${M}linked`, `${M}git`, `${M}folio`, `${M}summary`];
const EMAIL = `${M}mail@erase.example.org`;
const later = (days: number) => new Date(Date.now() + days * 86_400_000);

let w: PipelineWorld;
let ashby: AshbyStandIn;
let admin: Client;
let company: Client;
let me: Client;
let candidateId: number;
let cvKey: string;
/** The copy of their data taken before the erasure: its stored ZIP and its emailed link. */
let zipKey: string;
let zipLink: string;

/** Every row of every table of the application and of the job queue whose text holds a marker. */
const scan = () => scanTables(w.knex, MARKERS);

/** Every stored file whose bytes hold a marker; a ZIP's entries are read unpacked (its bytes are compressed). */
async function scanFiles(): Promise<string[]> {
  const found: string[] = [];
  const marked = (text: string) => new RegExp(MARKERS.join('|'), 'i').test(text);
  const walk = async (dir: string): Promise<void> => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        await walk(p);
        continue;
      }
      const bytes = await readFile(p);
      if (marked(bytes.toString('latin1'))) found.push(p);
      else if (bytes.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004')
        for (const [name, entry] of Object.entries(unzipSync(new Uint8Array(bytes))))
          if (marked(strFromU8(entry, true))) found.push(`${p}:${name}`);
    }
  };
  await walk(w.t.config.uploadDir);
  return found;
}

beforeAll(async () => {
  w = await pipelineWorld();
  const t = w.t;
  [ashby] = await atsStandIns(t.config, ['ashby'], { maxRetryWaitMs: 5000, retries: 2 });
  admin = w.as('admin');
  company = w.as('company');
  const ok = (res: { status: number; body: unknown }, what: string) =>
    expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);

  // The person, written by an admin with a CV that names them.
  const ids = await talentIds(w.knex);
  const pdf = await pdfOf([`${M}first ${M}last`, EMAIL, '+659 771 59260418', `${M}summary of a career`]);
  const up = await t.http
    .post('/api/v1/candidates/cv-data')
    .set('Authorization', `Bearer ${w.tokens.admin}`)
    .attach('file', pdf, 'cv.pdf');
  ok(up, 'upload the CV');
  cvKey = up.body.newCvFilePathToDb;
  const created = await admin.post('/candidates', {
    ...candidatePayload(ids, {
      firstName: `${M}first`,
      lastName: `${M}last`,
      email: EMAIL,
      phone: '+659 771 59260418',
      linkedInUrl: `linkedin.com/in/${M}linked`,
      githubUrl: `https://github.com/${M}git`,
      portfolioUrl: `https://${M}folio.example.org/work`,
      summary: `${M}summary: builds payment services.`,
      jobTitleLookingFor: [await w.lookup('job_titles', 'Software Engineer')],
    }),
    resumePath: cvKey,
    status: 1,
  });
  ok(created, 'create the candidate');
  candidateId = Number(String(created.body.id).replace('Candidate:', ''));
  const cid = `Candidate:${candidateId}`;
  const acme = `Project:${w.projects.acme}`;

  // Searched, curated into Acme's board, revealed and shortlisted, asked for an interview, noted, chatted about.
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
      `reveal and move to ${stage}`,
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
  ok(
    await company.post('/candidate-note', {
      projectId: acme,
      candidateId: cid,
      note: `${M}first answered quickly`,
      visibility: 2,
    }),
    'note',
  );
  ok(
    await w.as('advocate').post(`/projects/${w.projects.acme}/conversation/messages`, {
      body: `${M}first ${M}last is free on Tuesday; ${M}mail@erase.example.org for the invite.`,
    }),
    'chat',
  );
  await runJobs(t);

  // Pushed to the company's ATS.
  const added = await company.post('/integrations/add', { kind: 'ashby', apiKey: ashby.apiKey });
  ok(added, 'connect Ashby');
  await runJobs(t);
  ok(
    await company.put(`/integrations/project-job/${added.body.id}`, { projectId: w.projects.acme, jobId: 'job-eng' }),
    'link job',
  );
  ok(await company.put(`/integrations/manual/sync/${added.body.id}`), 'sync');
  await runJobs(t);

  // Matched by AI.
  const started = await admin.post('/projects/ai-match', { jobDescription: JD });
  ok(started, 'start a match');
  ok(await admin.post(`/projects/ai-match/${started.body.id}/judge`, {}), 'judge');
  await runJobs(t);

  me = client(t, await t.login(EMAIL));

  // Took a copy of their data: a ZIP in storage and an emailed link.
  ok(await me.post('/data-rights/export', {}), 'ask for a copy');
  await runJobs(t);
  const copy = await w.knex('data_exports').where('candidate_id', candidateId).first('file_key', 'status');
  expect(copy.status).toBe(2);
  zipKey = copy.file_key;
  const ready = (await listOutbox(w.knex, EMAIL, 20)).find((m) => /data is ready to download/.test(m.subject));
  const link = /(https?:\/\/\S+\/api\/v1\/data-rights\/exports\/download\?id=\d+&token=[\w-]+)/.exec(ready?.text ?? '');
  if (!link) throw new Error('no export link was emailed');
  zipLink = new URL(link[1]).pathname + new URL(link[1]).search;
}, 300_000);

describe('Erasure', () => {
  it('starts from a history that names the person in many places', async () => {
    const before = await scan();
    const tables = new Set(before.map((l) => l.split(':')[0]));
    for (const table of ['public.candidates', 'public.candidate_notes', 'public.chat_messages', 'public.outbox_emails'])
      expect(tables, [...tables].join(', ')).toContain(table);
    const has = async (table: string) =>
      Number((await w.knex(table).where('candidate_id', candidateId).count({ n: '*' }).first())?.n);
    for (const table of [
      'ai_match_results',
      'candidate_recruitment_stage_logs',
      'interview_requests',
      'project_candidates',
    ])
      expect(await has(table), table).toBeGreaterThan(0);
    expect(ashby.applications.length).toBeGreaterThan(0);
    expect(JSON.stringify(ashby.candidates)).toContain(`${M}first`);
    // The copy of their data names them inside its ZIP, and its link works.
    const files = await scanFiles();
    expect(
      files.some((f) => f.includes(path.basename(zipKey)) && f.endsWith('profile.json')),
      files.join(', '),
    ).toBe(true);
    expect((await w.t.http.get(zipLink)).status).toBe(200);
  });

  it('is asked for, confirmed by the emailed code, and can be cancelled', async () => {
    const asked = await me.post('/data-rights/erasure', {});
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.erasure.status).toBe('awaitingCode');
    const wrong = await me.post('/data-rights/erasure/confirm', { code: '000000' });
    expect([400]).toContain(wrong.status);
    expect(wrong.body.error.fields).toEqual({ code: 'otp.invalid' });
    const bad = await me.post('/data-rights/erasure/confirm', { code: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.code).toBeTruthy();
    const confirmed = await me.post('/data-rights/erasure/confirm', { code: await w.t.lastCode(EMAIL) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.erasure.status).toBe('coolingOff');
    const due = new Date(confirmed.body.erasure.dueAt).getTime() - Date.now();
    expect(Math.round(due / 86_400_000)).toBe(ERASURE_COOLING_OFF_DAYS);
    expect((await me.post('/data-rights/erasure', {})).status).toBe(409);
    const cancelled = await me.post('/data-rights/erasure/cancel', {});
    expect(cancelled.status).toBe(200);
    expect((await me.get('/data-rights/me')).body.erasure).toBeNull();
    expect(await carryOutDueErasures(w.knex, w.t.config, later(ERASURE_COOLING_OFF_DAYS + 1))).toBe(0);
  });

  it('is refused to everyone but the candidate themselves, and the queue to everyone but admins', async () => {
    for (const who of ['company', 'raas', 'admin'] as const) {
      expect((await w.as(who).post('/data-rights/erasure', {})).status).toBe(403);
      expect((await w.as(who).get('/data-rights/me')).status).toBe(403);
    }
    expect((await client(w.t).post('/data-rights/erasure', {})).status).toBe(401);
    const [req] = await w.knex('erasure_requests').where('candidate_id', candidateId).select('id');
    for (const who of ['company', 'raas', 'candidate'] as const) {
      expect((await w.as(who).post(`/data-rights/erasures/${req.id}/hold`, { reason: 'x' })).status).toBe(403);
      expect((await w.as(who).get('/erasure-requests')).status).toBe(403);
    }
    expect((await me.post(`/data-rights/erasures/${req.id}/carry-out`, { early: true })).status).toBe(403);
    const empty = await admin.post(`/data-rights/erasures/${req.id}/hold`, { reason: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ reason: expect.stringMatching(/^reason\.errors\./) });
    expect((await admin.post('/data-rights/erasures/ErasureRequest:999999/hold', { reason: 'x' })).status).toBe(404);
    expect((await admin.post('/data-rights/erasures/nonsense/hold', { reason: 'x' })).status).toBe(404);
    const cancelledOne = await admin.post(`/data-rights/erasures/${req.id}/hold`, { reason: 'x' });
    expect(cancelledOne.status).toBe(409);
    expect(cancelledOne.body.error.fields).toEqual({ erasure: 'erasure.errors.notOpen' });
  });

  it('waits while an admin holds it, then the job carries it out once due', async () => {
    await me.post('/data-rights/erasure', {});
    const confirmed = await me.post('/data-rights/erasure/confirm', { code: await w.t.lastCode(EMAIL) });
    expect(confirmed.status).toBe(200);
    const requestId = Number(String(confirmed.body.erasure.id).replace('ErasureRequest:', ''));
    const noReason = await admin.post(`/data-rights/erasures/${requestId}/hold`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields.reason).toBeTruthy();
    expect((await admin.post(`/data-rights/erasures/${requestId}/carry-out`, {})).status).toBe(409);
    const held = await admin.post(`/data-rights/erasures/${requestId}/hold`, { reason: 'An offer is in progress' });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const queue = await admin.get('/erasure-requests');
    expect(queue.status).toBe(200);
    expect(JSON.stringify(queue.body)).toContain('An offer is in progress');
    expect(await carryOutDueErasures(w.knex, w.t.config, later(ERASURE_COOLING_OFF_DAYS + 1))).toBe(0);
    expect((await admin.post(`/data-rights/erasures/${requestId}/release`, {})).status).toBe(200);

    const boardBefore = await w
      .knex('project_candidates')
      .where('project_id', w.projects.acme)
      .count({ n: '*' })
      .first();
    const movesBefore = await w
      .knex('candidate_recruitment_stage_logs')
      .where('candidate_id', candidateId)
      .count({ n: '*' })
      .first();
    expect(await carryOutDueErasures(w.knex, w.t.config, later(ERASURE_COOLING_OFF_DAYS + 1))).toBe(1);
    // The erasure queued the ATS job; the worker runs it.
    await runJobs(w.t);

    expect(await scan()).toEqual([]);
    expect(await scanFiles()).toEqual([]);
    for (const key of [cvKey, zipKey]) {
      const stored = await readdir(path.join(w.t.config.uploadDir, ...key.split('/').slice(0, -1))).catch(() => []);
      expect(stored).not.toContain(key.split('/').pop());
    }
    // The copy's link leads nowhere now.
    expect([404, 410]).toContain((await w.t.http.get(zipLink)).status);
    expect(await w.knex('data_exports').where('candidate_id', candidateId).first()).toBeUndefined();
    // The person the product created in Ashby is anonymised there with Ashby's own call.
    expect(ashby.calls.some((c) => c.path === '/candidate.anonymize' && c.status === 200)).toBe(true);
    expect(JSON.stringify(ashby.candidates)).not.toMatch(new RegExp(MARKERS.join('|'), 'i'));

    // The history still adds up, under the erased name.
    expect(await w.knex('project_candidates').where('project_id', w.projects.acme).count({ n: '*' }).first()).toEqual(
      boardBefore,
    );
    expect(
      await w.knex('candidate_recruitment_stage_logs').where('candidate_id', candidateId).count({ n: '*' }).first(),
    ).toEqual(movesBefore);
    const board = await company.get(`/projects/pipe-line?project_id=${w.projects.acme}`);
    expect(board.status).toBe(200);
    expect(await w.knex('candidates').where('id', candidateId).first('first_name', 'last_name', 'status')).toEqual({
      first_name: 'Erased',
      last_name: 'candidate',
      status: 2,
    });
    const request = await w.knex('erasure_requests').where('id', requestId).first();
    expect(request.status).toBe(3);
    expect(request.report.atsRecords.length).toBeGreaterThan(0);
    for (const r of request.report.atsRecords) expect(r).toMatchObject({ outcome: 'erased', personCreated: true });
    // Nothing is left for the company to erase in its ATS, so it is not asked to.
    const told = await listOutbox(w.knex, 'owner@acme.example.com', 20);
    expect(told.map((m) => m.subject)).not.toContain('Records to erase in your ATS');
    // Two hashes of the one address: as written and its mailbox (services/erasedEmails.ts).
    expect(await w.knex('erased_emails').count({ n: '*' }).first()).toEqual({ n: 2 });
    // The person is signed out, and the log holds every step.
    expect((await me.get('/data-rights/me')).status).toBe(401);
    const actions = await w.knex('data_rights_logs').where('candidate_id', candidateId).orderBy('id').pluck('action');
    expect(actions).toEqual([20, 21, 22, 1, 2, 3, 1, 2, 4, 5, 6, 7]);
    await expect(w.knex('data_rights_logs').where('candidate_id', candidateId).delete()).rejects.toThrow(/append-only/);
    await expect(w.knex('data_rights_logs').update({ action: 1 })).rejects.toThrow(/append-only/);
    // Admins read the log in the console; nobody else reads it, and nobody writes it through the API.
    const log = await admin.get(`/data-rights-logs?filter=${encodeURIComponent(JSON.stringify({ candidateId }))}`);
    expect(log.status).toBe(200);
    expect(log.body.map((e: { action: number }) => e.action).sort()).toEqual([...actions].sort());
    // The hold's reason stayed on the request, never in the log, and went with the erasure.
    expect(JSON.stringify(log.body)).not.toContain('An offer is in progress');
    expect(request.held_reason).toBeNull();
    for (const who of ['company', 'raas'] as const) expect((await w.as(who).get('/data-rights-logs')).status).toBe(403);
    expect((await admin.post('/data-rights-logs', { candidateId, action: 1 })).status).toBeGreaterThanOrEqual(403);
    expect((await admin.delete(`/data-rights-logs/DataRightsLog:1`)).status).toBeGreaterThanOrEqual(403);
  });

  it('keeps the erased person out of a later import; other rows still go in', async () => {
    const dir = tempDirUntilFileEnd('erased-import');
    const file = path.join(dir, 'again.csv');
    const row = (email: string) =>
      `${email},Ana,Lim,Singapore (SG),Singapore (SG):1,Software Engineer,1,7000,1:1,TypeScript,`;
    await writeFile(
      file,
      `email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills,experiences\n${row(EMAIL.toUpperCase())}\n${row(`fresh.${M}@example.org`)}\n`,
    );
    const result = await importCandidates({ file, knex: w.knex, connectionString: w.t.url, config: w.t.config });
    expect(result).toMatchObject({ created: 1, rejected: 1 });
    const report = await readFile(result.reportPath, 'utf8');
    expect(report).toContain('asked to be erased');
    expect(await w.knex('candidates').whereRaw('lower(email) = ?', [EMAIL]).first()).toBeUndefined();
  });

  it('an admin records a request received elsewhere; it cools off like the candidate’s own', async () => {
    const ids = await talentIds(w.knex);
    const other = await admin.post('/candidates', { ...candidatePayload(ids), status: 1 });
    expect(other.status).toBe(201);
    for (const who of ['company', 'raas', 'candidate'] as const)
      expect((await w.as(who).post('/data-rights/erasures', { candidateId: other.body.id })).status).toBe(403);
    const bad = await admin.post('/data-rights/erasures', { candidateId: 'nonsense' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['candidateId']);
    const missing = await admin.post('/data-rights/erasures', { candidateId: 'Candidate:99999999' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ candidateId: 'candidateId.errors.notFound' });
    const recorded = await admin.post('/data-rights/erasures', { candidateId: other.body.id });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    const days = (new Date(recorded.body.dueAt).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(ERASURE_COOLING_OFF_DAYS);
    expect((await admin.post('/data-rights/erasures', { candidateId: other.body.id })).status).toBe(409);
    const row = await w
      .knex('erasure_requests')
      .where('candidate_id', Number(String(other.body.id).split(':')[1]))
      .first();
    expect(row).toMatchObject({ status: 1, source: 2 });
  });
});
