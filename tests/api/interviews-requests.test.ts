/**
 * Sending interview requests and job descriptions from a project (spec sections 4, 5 and 7),
 * through the real multipart call, and their delivery by the graphile-worker job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, requestEmail, type TestProject } from '../helpers/interviews';
import { pdfOf } from '../helpers/cvs';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let owner: Client;
let ownerToken: string;
let candidates: number[];
let emails: Map<number, string>;

beforeAll(async () => {
  t = await testApp();
  ownerToken = await t.login('owner@acme.example.com');
  owner = client(t, ownerToken);
  candidates = await activeCandidates(t.knex, 12);
  emails = new Map(
    (await t.knex('candidates').whereIn('id', candidates).select('id', 'email')).map((r) => [r.id, r.email]),
  );
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** The multipart call as the portal's dialog sends it. */
function send(token: string, fields: Record<string, string | string[]>, file?: { data: Buffer; name: string }) {
  const req = t.http.post('/api/v1/projects/candidate/interview/request').set('Authorization', `Bearer ${token}`);
  for (const [key, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) req.field(key, v);
  if (file) req.attach('jdFile', file.data, file.name);
  return req;
}

describe('A company requests an interview from a project candidate', () => {
  let project: TestProject;
  beforeAll(async () => {
    project = await makeProject(t.knex, { advocateEmail: 'advocate@example.com' });
    await addToProject(t.knex, project, candidates, 0);
  });

  it('creates one request with a hashed single-use token, marks the candidate requested, logs it and queues its delivery', async () => {
    const candidate = candidates[0];
    const res = await send(ownerToken, {
      projectId: `Project:${project.id}`,
      candidateId: `Candidate:${candidate}`,
      requestAction: 'request_interview',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      // In the suggested tab the company sees no contact, nor the channel, which tells of it.
      requests: [{ candidateId: `Candidate:${candidate}`, kind: 'interview', state: 'sent', channel: null }],
    });

    const row = await t.knex('interview_requests').where({ project_id: project.id, candidate_id: candidate }).first();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.state).toBe(0);
    expect(row.sent_by_user_id).toBe(project.ownerId);
    expect(row.sent_by_name).toBeTruthy();
    const lifetime = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(lifetime).toBe(3 * 24 * 3600 * 1000);
    const pc = await t.knex('project_candidates').where({ project_id: project.id, candidate_id: candidate }).first();
    expect(pc.interview_requested_at).not.toBeNull();
    expect(pc.whitelist_requested_at).toBeNull();
    const log = await t
      .knex('candidate_recruitment_stage_logs')
      .where({ project_id: project.id, candidate_id: candidate })
      .pluck('activity');
    expect(log).toContain(2);
    const jobs = await t
      .knex('graphile_worker.jobs')
      .where('task_identifier', 'send_interview_request')
      .count<{ count: string }[]>('* as count');
    expect(Number(jobs[0].count)).toBeGreaterThan(0);
  });

  it('delivers one email with the accept and decline links, however often the job runs; the token is not the stored hash', async () => {
    const candidate = candidates[0];
    await runJobs(t);
    const row = await t
      .knex('interview_requests')
      .where({ project_id: project.id, candidate_id: candidate })
      .first('id', 'token_hash', 'delivered_at');
    expect(row.delivered_at).not.toBeNull();
    // The job queued once more (a retry, a second worker) sends nothing new.
    await t.knex.raw(
      "select graphile_worker.add_job('send_interview_request', json_build_object('id', ?::int, 'step', 'deliver'))",
      [row.id],
    );
    await runJobs(t);
    const to = emails.get(candidate) as string;
    const mails = (await listOutbox(t.knex, to)).filter((m) => m.subject.startsWith('Interview request'));
    expect(mails).toHaveLength(1);
    const { approveUrl, rejectUrl, token } = await requestEmail(t.knex, to);
    expect(approveUrl).toContain(`/interview-request?irt=${token}&av=approve&m=email`);
    expect(rejectUrl).toContain('&av=reject&m=email');
    expect(token).not.toBe(row.token_hash);
    expect(mails[0].text).toContain('Senior Backend Engineer');
  });

  it('refuses a second interview request for the same candidate in the same project with the spec message; a job description is another kind', async () => {
    const candidate = candidates[0];
    const again = await send(ownerToken, {
      projectId: String(project.id),
      candidateId: String(candidate),
      requestAction: 'request_interview',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('project.interview.errors.alreadyRequested');
    expect(again.body.error.message).toMatch(/already/);
    const jd = await send(ownerToken, {
      project_id: String(project.id),
      candidate_id: String(candidate),
      requestAction: 'request_public',
    });
    expect(jd.status, JSON.stringify(jd.body)).toBe(201);
    expect(jd.body.requests[0].kind).toBe('whitelist');
    const pc = await t.knex('project_candidates').where({ project_id: project.id, candidate_id: candidate }).first();
    expect(pc.whitelist_requested_at).not.toBeNull();
    const [{ count }] = await t
      .knex('interview_requests')
      .where({ project_id: project.id, candidate_id: candidate })
      .count<{ count: string }[]>('* as count');
    expect(Number(count)).toBe(2);
  });

  it('sends to many candidates at once, one request each; a bulk send with one already requested sends none', async () => {
    const many = candidates.slice(1, 5);
    const res = await send(ownerToken, {
      projectId: `Project:${project.id}`,
      candidateId: many.map((c) => `Candidate:${c}`),
      requestAction: 'request_interview',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.requests).toHaveLength(4);
    const json = await owner.post('/projects/candidate/interview/request', {
      projectId: project.id,
      candidateId: [candidates[5], candidates[1]],
      requestAction: 'request_interview',
    });
    expect(json.status).toBe(409);
    expect(json.body.error.extra ?? json.body.error).toBeTruthy();
    expect(
      await t.knex('interview_requests').where({ project_id: project.id, candidate_id: candidates[5] }).first(),
    ).toBeUndefined();
    await runJobs(t);
    for (const c of many)
      expect(
        (await listOutbox(t.knex, emails.get(c))).filter((m) => m.subject.startsWith('Interview request')),
      ).toHaveLength(1);
  });

  it('checks the job description limits with field messages: header 60, body 1024, footer 60', async () => {
    const res = await send(ownerToken, {
      projectId: String(project.id),
      candidateId: String(candidates[6]),
      requestAction: 'request_interview',
      jdHeader: 'h'.repeat(61),
      jdText: 'b'.repeat(1025),
      jdFooter: 'f'.repeat(61),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      jdHeader: 'jdHeader.errors.tooLong',
      jdText: 'jdText.errors.tooLong',
      jdFooter: 'jdFooter.errors.tooLong',
    });
    const ok = await send(ownerToken, {
      projectId: String(project.id),
      candidateId: String(candidates[6]),
      requestAction: 'request_interview',
      jdHeader: 'h'.repeat(60),
      jdFooter: 'f'.repeat(60),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it('checks proposed interview details with the same schema as the move to an interview, field by field', async () => {
    const next = new Date().getUTCFullYear() + 1;
    const schedule = {
      interviewerName: 'Ivy Interviewer',
      interviewerEmail: 'ivy@acme.example.com',
      type: 2,
      meetingLink: 'meet.example.com/abc',
      duration: 45,
      timezone: 'Asia/Singapore',
      slots: [`${next}-03-03T14:00`, `${next}-03-02T10:00`],
    };
    const request = (change: Record<string, unknown>) =>
      send(ownerToken, {
        projectId: String(project.id),
        candidateId: String(candidates[8]),
        requestAction: 'request_interview',
        scheduleData: JSON.stringify({ ...schedule, ...change }),
      });
    const bad = await request({ duration: 50, interviewerEmail: 'not-an-email', slots: ['2020-01-01T10:00'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      'scheduleData.duration': 'scheduleData.duration.errors.invalid',
      'scheduleData.interviewerEmail': 'scheduleData.interviewerEmail.errors.invalid',
      'scheduleData.slots.0': 'scheduleData.slots.errors.inPast',
    });
    expect((await request({ slots: [] })).body.error.fields).toEqual({
      'scheduleData.slots': 'scheduleData.slots.errors.required',
    });
    expect((await request({ slots: ['2020-01-01T10:00'] })).body.error.fields).toEqual({
      'scheduleData.slots.0': 'scheduleData.slots.errors.inPast',
    });
    expect((await request({ meetingLink: null })).body.error.fields).toEqual({
      'scheduleData.meetingLink': 'scheduleData.meetingLink.errors.required',
    });
    // The name goes into the calendar invitation's organizer line: a line break would start a line of the sender's.
    expect((await request({ interviewerName: 'Ivy\r\nURL:http://evil.example/' })).body.error.fields).toEqual({
      'scheduleData.interviewerName': 'scheduleData.interviewerName.errors.invalid',
    });
    expect(
      await t.knex('interview_requests').where({ project_id: project.id, candidate_id: candidates[8] }).first(),
    ).toBeUndefined();

    const ok = await request({});
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const row = await t
      .knex('interview_requests')
      .where({ project_id: project.id, candidate_id: candidates[8] })
      .first();
    expect(row.schedule_data).toMatchObject({
      meetingLink: 'https://meet.example.com/abc',
      slots: [`${next}-03-02T10:00`, `${next}-03-03T14:00`],
    });
  });

  it('refuses candidates who are not active or not visible to the company, with a clear message', async () => {
    const [inactive] = await t.knex('candidates').where('status', 2).limit(1).pluck('id');
    const [hidden] = await activeCandidates(t.knex, 1, { skip: 20 });
    await t.knex('candidates').where('id', hidden).update({ visibility: false });
    await addToProject(t.knex, project, [inactive, hidden], 0);
    const res = await send(ownerToken, {
      projectId: String(project.id),
      candidateId: String(hidden),
      requestAction: 'request_interview',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('project.interview.errors.candidateUnavailable');
    expect(res.body.error.message).toMatch(/not active or not visible/);
    // A candidate the company does not meet at all is not found, as an unknown id is.
    const gone = await send(ownerToken, {
      projectId: String(project.id),
      candidateId: String(inactive),
      requestAction: 'request_interview',
    });
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('project.candidate.notFound');
  });

  it("refuses candidates who are not in the project's pipeline nor found by its saved search, as not found", async () => {
    const [outsider] = await activeCandidates(t.knex, 1, { skip: 40 });
    const res = await send(ownerToken, {
      projectId: String(project.id),
      candidateId: String(outsider),
      requestAction: 'request_interview',
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('project.candidate.notFound');
    expect(
      await t.knex('interview_requests').where({ project_id: project.id, candidate_id: outsider }).first(),
    ).toBeUndefined();
  });
});

describe('A project without a job description', () => {
  it('answers 400 asking for one first; with text or a file the request goes out and the project keeps it', async () => {
    const project = await makeProject(t.knex, { jobDescription: null });
    await addToProject(t.knex, project, [candidates[7]], 0);
    const res = await send(ownerToken, {
      projectId: String(project.id),
      candidateId: String(candidates[7]),
      requestAction: 'request_interview',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('project.interview.errors.jdRequired');
    expect(res.body.error.fields).toEqual({ jdText: 'project.interview.errors.jdRequired' });
    expect(res.body.error.message).toBe('Add a job description first');

    const withText = await send(ownerToken, {
      projectId: String(project.id),
      candidateId: String(candidates[7]),
      requestAction: 'request_interview',
      jdText: 'We build the search behind a hiring marketplace.',
    });
    expect(withText.status, JSON.stringify(withText.body)).toBe(201);
    expect((await t.knex('projects').where('id', project.id).first('job_description')).job_description).toBe(
      'We build the search behind a hiring marketplace.',
    );

    const other = await makeProject(t.knex, { jobDescription: null });
    await addToProject(t.knex, other, [candidates[7], candidates[8]], 0);
    const pdf = await pdfOf(['Senior Backend Engineer', 'You will design APIs in TypeScript.']);
    const withFile = await send(
      ownerToken,
      { projectId: String(other.id), candidateId: String(candidates[7]), requestAction: 'request_public' },
      { data: pdf, name: 'role.pdf' },
    );
    expect(withFile.status, JSON.stringify(withFile.body)).toBe(201);
    expect((await t.knex('projects').where('id', other.id).first('jd_file_name')).jd_file_name).toBe('role.pdf');
    const notPdf = await send(
      ownerToken,
      { projectId: String(other.id), candidateId: String(candidates[8]), requestAction: 'request_public' },
      { data: Buffer.from('hello'), name: 'x.txt' },
    );
    expect(notPdf.status).toBe(400);
    expect(notPdf.body.error.fields).toEqual({ jdFile: 'upload.errors.unsupportedType' });
  });
});

describe('Who may send', () => {
  it("a company cannot send from another company's project (404), a candidate cannot send at all (403), a visitor must sign in (401)", async () => {
    const raasProject = await makeProject(t.knex, { ownerEmail: 'owner@raas.example.com' });
    const res = await send(ownerToken, {
      projectId: String(raasProject.id),
      candidateId: String(candidates[9]),
      requestAction: 'request_interview',
    });
    expect(res.status).toBe(404);
    const candidateToken = await t.login('candidate@example.com');
    expect(
      (
        await send(candidateToken, {
          projectId: String(raasProject.id),
          candidateId: String(candidates[9]),
          requestAction: 'request_interview',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await client(t).post('/projects/candidate/interview/request', {
          projectId: 1,
          candidateId: 1,
          requestAction: 'request_interview',
        })
      ).status,
    ).toBe(401);
    expect(await t.knex('interview_requests').where('project_id', raasProject.id).first()).toBeUndefined();
  });

  it('a company member reaches only the projects shared with them; admins send from any project and are named as the sender', async () => {
    const project = await makeProject(t.knex);
    await addToProject(t.knex, project, [candidates[10]], 0);
    const member = await t.login('member@acme.example.com');
    expect(
      (
        await send(member, {
          projectId: String(project.id),
          candidateId: String(candidates[10]),
          requestAction: 'request_interview',
        })
      ).status,
    ).toBe(404);
    const admin = await t.login('admin@example.com');
    const res = await send(admin, {
      projectId: String(project.id),
      candidateId: String(candidates[10]),
      requestAction: 'request_interview',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await t
      .knex('interview_requests')
      .where({ project_id: project.id, candidate_id: candidates[10] })
      .first();
    expect(row.sent_by_admin_id).not.toBeNull();
  });
});
