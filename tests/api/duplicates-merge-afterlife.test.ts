/**
 * What a merge leaves for the merged person (M, merged into S, S's address kept): their address is told which one
 * signs in now and still finds S (a form's check, an import's twins); S's copy of their data holds M's data rights
 * history; one project's two live interview requests to the person become one, the answered one kept.
 */
import { strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { startWorker, type Worker } from '../../backend/jobs/worker';
import { DATA_RIGHTS_ACTIONS } from '../../schema/rules/dataRights';
import { REQUEST_KIND, REQUEST_STATE } from '../../schema/rules/pipeline';
import { testApp, type TestApp } from '../helpers/app';
import { adminExportFiles } from '../helpers/dataExport';
import { makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';

vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
let admin: string;
let M: number;
let S: number;
let mEmail: string;
let sEmail: string;
let answered: number;
let open: number;

const num = (id: unknown) => Number(String(id).split(':').pop());
const stamp = Date.now();

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  const ids = await talentIds(t.knex);
  const made: number[] = [];
  for (const [n, email] of [
    [0, `bo.ng.old.${stamp}@example.org`],
    [1, `bo.ng.kept.${stamp}@example.org`],
  ] as const) {
    const payload = candidatePayload(ids, {
      firstName: 'Bo',
      lastName: `Ngiam${n}`,
      email,
      phone: '+65 8123 7771',
      linkedInUrl: null,
      experiences: [
        { title: `Role ${n}`, company: `Afterlife Co ${n}`, startDate: '2019-01-01', currentPosition: true },
      ],
    });
    const res = await t.http.post('/api/v1/candidates').set(bearer(admin)).send(payload);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    made.push(num(res.body.id));
  }
  [M, S] = made;
  [mEmail, sEmail] = [`bo.ng.old.${stamp}@example.org`, `bo.ng.kept.${stamp}@example.org`];
  // M's data rights history: an erasure M asked for, then cancelled.
  await t.knex('data_rights_logs').insert([
    { candidate_id: M, action: DATA_RIGHTS_ACTIONS.erasureRequested },
    { candidate_id: M, action: DATA_RIGHTS_ACTIONS.erasureCancelled },
  ]);
  // One project, both profiles on it, each with an interview request: M's answered, S's still open.
  const p = await makeProject(t.knex, { title: 'Afterlife' });
  const { company_id: companyId } = await t.knex('projects').where('id', p.id).first('company_id');
  for (const c of [M, S])
    await t.knex('project_candidates').insert({ project_id: p.id, candidate_id: c, company_id: companyId, stage: 3 });
  const expires = new Date(Date.now() + 86_400_000);
  const request = async (candidateId: number, state: number, ago: number) =>
    (
      await t
        .knex('interview_requests')
        .insert({
          candidate_id: candidateId,
          project_id: p.id,
          kind: REQUEST_KIND.interview,
          state,
          answered_at: state === REQUEST_STATE.sent ? null : new Date(Date.now() - ago),
          expires_at: expires,
          created_at: new Date(Date.now() - ago),
        })
        .returning('id')
    )[0].id as number;
  answered = await request(M, REQUEST_STATE.approved, 7_200_000);
  open = await request(S, REQUEST_STATE.sent, 60_000);

  await runJobs(t);
  const pair = await t
    .knex('candidate_duplicates')
    .where({ candidate_id: Math.min(M, S), other_id: Math.max(M, S) })
    .first('id');
  expect(pair, 'the two profiles make a pair').toBeDefined();
  const res = await t.http
    .post(`/api/v1/candidate-duplicates/${pair.id}/merge`)
    .set(bearer(admin))
    .send({ survivorId: `Candidate:${S}`, keep: { email: 'survivor' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await t.knex('candidates').where('id', S).first('email')).email).toBe(sEmail);
});

describe('After a merge, the merged person', () => {
  it('is told at their old address which address signs in now', async () => {
    const mails = await t.knex('outbox_emails').where('to', mEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/profiles were combined/);
    expect(mails[0].text).toContain(`b•••${sEmail.split('@')[0].at(-1)}@example.org`);
    expect(mails[0].text).not.toContain(sEmail);
    expect(await t.knex('outbox_emails').where('to', sEmail)).toHaveLength(0);
  });

  it('is found by their old address, on a form and in an import', async () => {
    const check = await t.http
      .post('/api/v1/candidate-duplicates/check')
      .set(bearer(admin))
      .send({ firstName: 'Someone', lastName: 'New', email: mEmail.toUpperCase() });
    expect(check.status).toBe(200);
    expect(check.body.twins).toEqual([expect.objectContaining({ id: `Candidate:${S}`, reasons: ['email'] })]);

    const worker: Worker = await startWorker(t.url, t.config, 2);
    try {
      const HEADER =
        'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills';
      const row = `${mEmail},Bo,Ngiam,Singapore (SG),Singapore (SG):1,Software Engineer,1,7000,1:1,TypeScript`;
      const started = await t.http
        .post('/api/v1/candidates/imports')
        .set(bearer(admin))
        .attach('file', Buffer.from(`${HEADER}\n${row}\n`), 'again.csv');
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const status = () => t.http.get(`/api/v1/candidates/imports/${started.body.id}`).set(bearer(admin));
      await expect
        .poll(async () => (await status()).body.status, { timeout: 60_000, interval: 200 })
        .toMatch(/^(done|failed)$/);
      const done = (await status()).body;
      expect(done).toMatchObject({ status: 'done', created: 1, likelyDuplicates: 1 });
      expect(done.duplicates[0].twins[0]).toMatchObject({ otherId: `Candidate:${S}` });
    } finally {
      await worker.stop();
    }
  });

  it("has their data rights history in the kept profile's copy", async () => {
    const files = await adminExportFiles(t, admin, S);
    const rights = JSON.parse(strFromU8(files['data-rights.json'])) as { log: { action: string }[] };
    expect(rights.log.map((l) => l.action)).toEqual(expect.arrayContaining(['erasureRequested', 'erasureCancelled']));
  });

  it('has one live interview request in the project: the answered one, the open one withdrawn', async () => {
    const rows = await t.knex('interview_requests').whereIn('id', [answered, open]).orderBy('id');
    expect(rows.map((r) => [r.id, r.candidate_id, r.state])).toEqual([
      [answered, S, REQUEST_STATE.approved],
      [open, S, REQUEST_STATE.expired],
    ]);
  });
});
