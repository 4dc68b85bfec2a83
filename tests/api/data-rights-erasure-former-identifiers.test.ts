/**
 * Erasing a person who changed their email and their phone, and whom a company rejected with a comment. The person
 * had address A and phone P1: a company asked them for an interview by WhatsApp at P1, then rejected them with a
 * reason and a comment; they moved their account to B (their own change, with the code sent to B), and an admin
 * changed their phone to P2 in the console. Mail to A (the notice of the change) waits in the outbox. Then, erased:
 * - the mail to A is gone, A's hash is on the erased list beside B's, and an import with a row for A is refused as
 *   asked to be erased, not created again;
 * - the WhatsApp message to P1 no longer holds P1, and no table holds A or P1;
 * - the record of the former email and phone is deleted with the rest;
 * - the rejection's comment is null on the pipeline row and in its stage log, its reason kept.
 * A former address someone else's profile took since is that person's: an erasure leaves it and its mail alone.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCandidates } from '../../backend/features/talent';
import { emailHash } from '../../backend/services/erasedEmails';
import { STAGES } from '../../schema/rules/pipeline';
import { client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { eraseNow, scanTables } from '../helpers/erasure';
import { tempDirUntilFileEnd } from '../helpers/fileEnd';
import { requestByWhatsapp, type TestProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';

const HEADER =
  'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills';
const row = (email: string) =>
  `${email},Vexlorin,Quandt,Singapore (SG),Singapore (SG):1,Software Engineer,1,7000,1:1,TypeScript`;

const A = 'vexlorin.quandt.first@former.example.org';
const B = 'vexlorin.quandt.second@former.example.org';
const P1 = '+65 8123 6101';
const P2 = '+65 8123 6102';
const REJECT = { reason: 'Salary expectations too high', comment: 'Too junior for the lead role' };

let t: TestApp;
let admin: string;
let dir: string;
let id: number;
let project: TestProject;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  dir = tempDirUntilFileEnd('talentbase-erasure-former');
  const ids = await talentIds(t.knex);
  const created = await t.http
    .post('/api/v1/candidates')
    .set(bearer(admin))
    .send(
      candidatePayload(ids, {
        firstName: 'Vexlorin',
        lastName: 'Quandt',
        email: A,
        phone: P1,
        phoneWhatsapp: true,
        linkedInUrl: null,
        status: 1,
        visibility: true,
      }),
    );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  id = Number(String(created.body.id).split(':').pop());

  // A company asks by WhatsApp at P1, then rejects the person with a comment.
  const company = client(t, await t.login('owner@acme.example.com'));
  ({ project } = await requestByWhatsapp(t.knex, company, id));
  await runJobs(t);
  expect(await t.knex('whatsapp_messages').where('to', 'like', '%81236101%').count({ n: '*' })).toEqual([{ n: 1 }]);
  const rejected = await company.post('/projects/recruitment', {
    projectId: `Project:${project.id}`,
    candidateId: `Candidate:${id}`,
    recruitmentStatus: STAGES.rejected,
    rejectFormData: REJECT,
  });
  expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);

  // The person moves their account from A to B; the notice of the change goes to A.
  await moveEmail(await t.login(A), id, B);

  // An admin changes the phone in the console.
  const edited = await t.http.put(`/api/v1/candidates/Candidate:${id}`).set(bearer(admin)).send({ phone: P2 });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  const now = await t.knex('candidates').where('id', id).first('email', 'phone');
  expect(now).toMatchObject({ email: B, phone: P2.replace(/ /g, '') });
  expect(await t.knex('outbox_emails').whereRaw('lower("to") = ?', [A]).count({ n: '*' })).not.toEqual([{ n: 0 }]);

  await eraseNow(t, admin, id);
  await runJobs(t);
}, 180_000);

afterAll(async () => {
  await t?.knex.destroy();
});

describe('Erasing a person who changed their email and phone', () => {
  it('deletes the mail to the former email', async () => {
    expect(await t.knex('outbox_emails').whereRaw('lower("to") = ?', [A]).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('puts the former email on the erased list, so an import of it is refused and creates nobody', async () => {
    const hashes = (await t.knex('erased_emails').pluck('email_hash')) as string[];
    expect(hashes).toEqual(expect.arrayContaining([emailHash(t.config, A), emailHash(t.config, B)]));
    const file = path.join(dir, 'again.csv');
    await writeFile(file, `${HEADER}\n${row(A)}\n`);
    const result = await importCandidates({ file, knex: t.knex, connectionString: t.url, config: t.config });
    expect(result).toMatchObject({ created: 0, updated: 0, rejected: 1 });
    const lines = (await readFile(result.reportPath, 'utf8')).trim().split('\n').slice(1);
    expect(lines).toEqual([
      expect.stringMatching(/^2,vexlorin\.quandt\.first@former\.example\.org,.*asked to be erased/),
    ]);
    expect(await t.knex('candidates').whereRaw('lower(email) = ?', [A]).first()).toBeUndefined();
  });

  it('rewrites the former phone in the WhatsApp messages, and leaves neither former identifier in any table', async () => {
    const sent = await t
      .knex('whatsapp_messages as w')
      .join('interview_requests as r', 'r.id', 'w.interview_request_id')
      .where('r.candidate_id', id)
      .select('w.to', 'w.preview');
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent)).not.toMatch(/81236101/);
    expect(await scanTables(t.knex, ['81236101', 'vexlorin\\.quandt\\.first'])).toEqual([]);
  });

  it('deletes the record of the former email and phone', async () => {
    expect(await t.knex('candidate_former_identifiers').where('candidate_id', id).count({ n: '*' })).toEqual([
      { n: 0 },
    ]);
  });
});

/** The person of `token` moves candidate `candidate`'s account to `to`, with the code sent there. */
async function moveEmail(token: string, candidate: number, to: string): Promise<void> {
  const asked = await t.http
    .post(`/api/v1/candidate-email-change-request/is-send-confirmation-email-for-update/Candidate:${candidate}`)
    .set(bearer(token))
    .send({ email: to });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const confirmed = await t.http
    .put(`/api/v1/candidate-email-change-request/confirm-email-to-update/Candidate:${candidate}`)
    .set(bearer(token))
    .send({ code: await t.lastCode(to) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
}

describe('Erasing a person whose former email another profile took since', () => {
  it('leaves that address, its mail and its profile alone, and erases the current one', async () => {
    const C = 'taken.since.first@former.example.org';
    const D = 'taken.since.second@former.example.org';
    const ids = await talentIds(t.knex);
    const make = async (email: string) => {
      const res = await t.http
        .post('/api/v1/candidates')
        .set(bearer(admin))
        .send(candidatePayload(ids, { email, linkedInUrl: null, phone: '+65 8123 6201' }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return Number(String(res.body.id).split(':').pop());
    };
    const x = await make(C);
    await moveEmail(await t.login(C), x, D);
    const y = await make(C);
    await t.knex('outbox_emails').insert({ to: C, subject: 'Your profile', text: 'Hello, your profile is ready.' });
    await eraseNow(t, admin, x);
    await runJobs(t);
    const hashes = (await t.knex('erased_emails').pluck('email_hash')) as string[];
    expect(hashes).toContain(emailHash(t.config, D));
    expect(hashes).not.toContain(emailHash(t.config, C));
    expect(await t.knex('outbox_emails').where({ to: C, subject: 'Your profile' }).count({ n: '*' })).toEqual([
      { n: 1 },
    ]);
    expect(await t.knex('candidates').where('id', y).first('email')).toEqual({ email: C });
  });
});

describe('Erasing a person a company rejected with a comment', () => {
  it('clears the comment on the pipeline row and in the stage log, and keeps the reason', async () => {
    const card = await t.knex('project_candidates').where({ project_id: project.id, candidate_id: id }).first();
    expect(card).toMatchObject({ stage: STAGES.rejected, reject_data: { reason: REJECT.reason, comment: null } });
    const logs = await t
      .knex('candidate_recruitment_stage_logs')
      .where({ candidate_id: id, to_stage: STAGES.rejected })
      .pluck('data');
    expect(logs).toEqual([expect.objectContaining({ rejectFormData: { reason: REJECT.reason, comment: null } })]);
    expect(await scanTables(t.knex, ['Too junior for the lead role'])).toEqual([]);
  });
});
