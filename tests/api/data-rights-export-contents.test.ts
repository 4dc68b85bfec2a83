/**
 * What a copy of a candidate's data says, case by case: a confidential search's interview request
 * shows only what the answer page shows of the schedule (the interviewer's name, the duration), never
 * the interviewer's email nor, through its domain, the company; an internal project (no company)
 * is in the copy with its request the candidate declined and their reasons; and each consent
 * withdrawn or given names, in words, which consent it was.
 */
import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAGES } from '../../schema/rules/pipeline';
import type { Client } from '../helpers/actors';
import { runJobs } from '../helpers/jobs';
import { pipelineWorld, SCHEDULE, type PipelineWorld } from '../helpers/pipeline';

const CONFIDENTIAL = 'A company (confidential search)';
let w: PipelineWorld;
let admin: Client;
let me: Client;
let candidateId: number;

type Http = { status: number; body: unknown };
const ok = (res: Http, what: string) => expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);

/** GETs a path as raw bytes. */
async function download(path: string, token: string) {
  return w.t.http
    .get(path)
    .set('Authorization', `Bearer ${token}`)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
}

/** An admin makes a copy for the candidate; its files, by name, as parsed JSON. */
async function exported(): Promise<(name: string) => unknown> {
  const made = await admin.post('/data-rights/exports', { candidateId: `Candidate:${candidateId}` });
  expect(made.status, JSON.stringify(made.body)).toBe(202);
  await runJobs(w.t);
  const row = await w.knex('data_exports').where('candidate_id', candidateId).orderBy('id', 'desc').first();
  expect(row.status).toBe(2);
  const res = await download(`/api/v1/data-rights/exports/DataExport:${row.id}/file`, w.tokens.admin);
  expect(res.status).toBe(200);
  const files = unzipSync(new Uint8Array(res.body as Buffer));
  return (name) => JSON.parse(strFromU8(files[name]));
}

const request = (projectId: number, companyId: number | null, values: Record<string, unknown>) =>
  w.knex('interview_requests').insert({
    project_id: projectId,
    candidate_id: candidateId,
    company_id: companyId,
    kind: 1,
    expires_at: new Date(Date.now() + 86_400_000),
    ...values,
  });

beforeAll(async () => {
  w = await pipelineWorld();
  admin = w.as('admin');
  me = w.as('candidate');
  candidateId = w.ids.Chloe;

  // A confidential Acme search asks for an interview; the schedule names Acme's interviewer by email.
  await w
    .knex('projects')
    .where('id', w.projects.acmeUnshared)
    .update({ is_confidential: true, title: 'Backend lead' });
  await w.place(w.projects.acmeUnshared, 'Chloe', STAGES.shortlist);
  await request(w.projects.acmeUnshared, w.companies.acme, { schedule_data: JSON.stringify(SCHEDULE) });

  // Our own team's internal project: moved in, asked, and declined with reasons.
  await w.place(w.projects.internal, 'Chloe', STAGES.qualify);
  await w.knex('candidate_recruitment_stage_logs').insert({
    ...{ candidate_id: candidateId, activity: 1, project_id: w.projects.internal },
    ...{ from_stage: null, to_stage: STAGES.qualify, company_id: null },
  });
  await request(w.projects.internal, null, {
    state: 2,
    answered_at: new Date(),
    response_method: 'email',
    reject_reasons: ['salary', 'timing'],
    reject_text: 'Not this year',
  });
}, 240_000);

describe("A copy of a candidate's data", () => {
  it("keeps a confidential search's company and its interviewer's email out, shows what the answer page shows", async () => {
    const json = await exported();
    const { interviewRequests } = json('interviews.json') as { interviewRequests: Record<string, unknown>[] };
    const confidential = interviewRequests.find((r) => r.project === 'Backend lead');
    expect(confidential).toMatchObject({
      company: CONFIDENTIAL,
      scheduleData: {
        interviewerName: SCHEDULE.interviewerName,
        duration: SCHEDULE.duration,
        meetingLink: SCHEDULE.meetingLink,
        timezone: SCHEDULE.timezone,
        slots: SCHEDULE.slots,
      },
    });
    const text = JSON.stringify(json('interviews.json'));
    expect(text).not.toContain(SCHEDULE.interviewerEmail);
    expect(text).not.toContain('acme.example.com');
    expect(text).not.toContain('interviewerEmail');
    expect(text).not.toMatch(/Acme/);
  });

  it("holds an internal project, its moves and the candidate's answer to its request", async () => {
    const json = await exported();
    const title = (await w.knex('projects').where('id', w.projects.internal).first()).title as string;
    const { interviewRequests } = json('interviews.json') as { interviewRequests: Record<string, unknown>[] };
    expect(interviewRequests).toContainEqual(
      expect.objectContaining({
        project: title,
        company: 'a company',
        state: 'rejected',
        rejectReasons: ['salary', 'timing'],
        rejectText: 'Not this year',
      }),
    );
    const companies = json('companies.json') as Record<string, unknown>[];
    expect(companies).toContainEqual(
      expect.objectContaining({
        project: title,
        company: 'a company',
        stage: 'qualify',
        moves: [expect.objectContaining({ to: 'qualify' })],
      }),
    );
    expect(companies).toContainEqual(expect.objectContaining({ project: 'Backend lead', company: CONFIDENTIAL }));
  });

  it('names the consent each withdrawal and giving was about, in words', async () => {
    // Marketing is given only by choice: withdrawing one never given is no change (consents.ts decideConsents).
    ok(await me.put('/data-rights/consents', { marketing: true }), 'give');
    ok(await me.put('/data-rights/consents', { marketing: false }), 'withdraw');
    ok(
      await admin.put(`/data-rights/candidates/Candidate:${candidateId}/consents`, {
        consents: { aiMatch: false },
        request: 'Phoned in, ticket 4411',
      }),
      'an admin on their request',
    );
    const json = await exported();
    const { log } = json('data-rights.json') as { log: Record<string, unknown>[] };
    const consents = log.filter((l) => String(l.action).startsWith('consent'));
    expect(consents.slice(-3)).toEqual([
      expect.objectContaining({ action: 'consentGiven', purpose: 'marketing', source: 'profile' }),
      expect.objectContaining({ action: 'consentWithdrawn', purpose: 'marketing', source: 'profile' }),
      expect.objectContaining({ action: 'consentWithdrawn', purpose: 'aiMatch', source: 'admin' }),
    ]);
    // Only which consent, how and which version: not the other details an entry keeps.
    for (const entry of log) expect(Object.keys(entry)).toEqual(expect.arrayContaining(['action', 'at']));
    for (const entry of log)
      expect(Object.keys(entry).every((k) => ['action', 'purpose', 'source', 'version', 'at'].includes(k))).toBe(true);
    expect(JSON.stringify(log)).not.toContain('ticket 4411');
    // The consents themselves by purpose and source in words.
    const rows = (json('consents.json') as Record<string, Record<string, unknown>[]>).candidate_consents;
    expect(rows).toContainEqual(expect.objectContaining({ purpose: 'marketing', granted: false, source: 'profile' }));
    expect(rows).toContainEqual(expect.objectContaining({ purpose: 'aiMatch', granted: false, source: 'admin' }));
  });
});
