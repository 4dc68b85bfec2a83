/**
 * The candidate's answer (spec sections 2, 4, 7 and 8) through the real public calls, with the
 * token read from the emailed link: approve, reject with reasons, a used token, expiry, a tampered
 * token and another candidate's token; the project's side sees the answer; the 3-day JD link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, requestEmail, type TestProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let owner: Client;
let visitor: Client;
let candidates: number[];
let emails: Map<number, string>;
let project: TestProject;

beforeAll(async () => {
  t = await testApp();
  owner = client(t, await t.login('owner@acme.example.com'));
  visitor = client(t);
  candidates = await activeCandidates(t.knex, 11, { skip: 30 });
  emails = new Map(
    (await t.knex('candidates').whereIn('id', candidates).select('id', 'email')).map((r) => [r.id, r.email]),
  );
  project = await makeProject(t.knex, { advocateEmail: 'advocate@example.com', title: 'Data Platform Lead' });
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** Sends a request and returns the token from the email the candidate received. */
async function requested(candidate: number, body: Record<string, unknown> = {}, onProject = project) {
  await addToProject(t.knex, onProject, [candidate], 0);
  const res = await owner.post('/projects/candidate/interview/request', {
    projectId: `Project:${onProject.id}`,
    candidateId: `Candidate:${candidate}`,
    requestAction: 'request_interview',
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await runJobs(t);
  return requestEmail(t.knex, emails.get(candidate) as string);
}

const approve = (token: string, accessValue = 'approve') =>
  visitor.post('/projects/interview-request/check-and-approve', {
    interviewRequestToken: token,
    accessValue,
    responseMethod: 'email',
  });
const reject = (token: string, userResponse: unknown) =>
  visitor.post('/projects/interview-request/reject', {
    interviewRequestToken: token,
    userResponse,
    responseMethod: 'email',
  });

describe('The candidate answers from the emailed link', () => {
  it('reads the request first (role, company, job description), then accepts it once; a second answer through the same token changes nothing', async () => {
    const { token } = await requested(candidates[0]);
    const check = await approve(token, 'check');
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body).toMatchObject({ success: true, isTokenUsed: false, state: 'sent' });
    expect(check.body.projectData).toMatchObject({ role: 'Data Platform Lead', company: 'Acme', kind: 'interview' });
    expect(check.body.projectData.jobDescription).toContain('Build and run');

    const yes = await approve(token);
    expect(yes.body).toMatchObject({ success: true, isTokenUsed: false, state: 'approved' });
    const again = await approve(token);
    expect(again.body).toMatchObject({ success: true, isTokenUsed: true, state: 'approved' });
    const late = await reject(token, { reasons: ['salary'] });
    expect(late.body).toMatchObject({ success: true, isTokenUsed: true, state: 'approved' });
    const row = await t
      .knex('interview_requests')
      .where({ project_id: project.id, candidate_id: candidates[0] })
      .first();
    expect(row).toMatchObject({ state: 1, response_method: 'email', reject_reasons: [] });
  });

  it('tells the project owner and the advocate, once, and the project shows the answer per candidate', async () => {
    await runJobs(t);
    await runJobs(t);
    const ownerMails = (await listOutbox(t.knex, 'owner@acme.example.com')).filter((m) =>
      /accepted your interview request/.test(m.subject),
    );
    const advocateMails = (await listOutbox(t.knex, 'advocate@example.com')).filter((m) =>
      /accepted your interview request/.test(m.subject),
    );
    expect(ownerMails).toHaveLength(1);
    expect(advocateMails).toHaveLength(1);
    expect(ownerMails[0].text).toContain('Data Platform Lead');
    const res = await owner.get(`/projects/interview-request/by-project?project_id=Project:${project.id}`);
    expect(res.status).toBe(200);
    const entry = res.body.data.find((d: { candidateId: string }) => d.candidateId === `Candidate:${candidates[0]}`);
    // Still in the suggested tab, where the board shows no contact: nor the channel, which tells of it.
    expect(entry.interview).toMatchObject({ state: 'approved', channel: null });
    expect(entry.whitelist).toBeNull();
    const other = client(t, await t.login('owner@raas.example.com'));
    expect((await other.get(`/projects/interview-request/by-project?project_id=${project.id}`)).status).toBe(404);
  });

  it("the candidate's card in the project shows the answer", async () => {
    // The request put the candidate in the project's pipeline; the company then longlisted them.
    await t
      .knex('project_candidates')
      .where({ project_id: project.id, candidate_id: candidates[0] })
      .update({ stage: 1 });
    const res = await owner.get(`/projects/tab/search?project_id=Project:${project.id}&tab=1`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const doc = res.body.docs.find((d: { id: string }) => d.id === `Candidate:${candidates[0]}`);
    expect(doc.interviewRequest).toMatchObject({ state: 'approved' });
    expect(doc.interviewRequest.answeredAt).toEqual(expect.any(String));
    expect(doc.whiteListRequest).toBeNull();
  });

  it('declines with reasons chosen from the list and free text; unknown reasons are refused', async () => {
    const { token } = await requested(candidates[1]);
    const bad = await reject(token, { reasons: ['because'] });
    expect(bad.status).toBe(400);
    const res = await reject(token, { reasons: ['salary', 'location'], comment: 'I am looking for a remote role.' });
    expect(res.body).toMatchObject({ success: true, isTokenUsed: false, state: 'rejected' });
    const row = await t
      .knex('interview_requests')
      .where({ project_id: project.id, candidate_id: candidates[1] })
      .first();
    expect(row).toMatchObject({
      state: 2,
      reject_reasons: ['salary', 'location'],
      reject_text: 'I am looking for a remote role.',
    });
    await runJobs(t);
    const mail = (await listOutbox(t.knex, 'owner@acme.example.com')).find((m) =>
      /declined your interview request/.test(m.subject),
    );
    expect(mail?.text).toContain('The salary does not match my expectations');
    expect(mail?.text).toContain('I am looking for a remote role.');
    expect((await approve(token)).body).toMatchObject({ isTokenUsed: true, state: 'rejected' });
  });

  it('an expired request answers a clear error and is marked expired; nothing else changes', async () => {
    const { token } = await requested(candidates[2]);
    await t
      .knex('interview_requests')
      .where({ project_id: project.id, candidate_id: candidates[2] })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const res = await approve(token);
    expect(res.status).toBe(410);
    expect(res.body.error.code).toBe('project.interview.errors.expired');
    expect(res.body.error.message).toMatch(/expired/);
    expect(
      (await t.knex('interview_requests').where({ project_id: project.id, candidate_id: candidates[2] }).first()).state,
    ).toBe(3);
    expect((await reject(token, 'no')).status).toBe(410);
  });

  it('a tampered or malformed token names nothing and leaks nothing', async () => {
    const { token } = await requested(candidates[3]);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const res = await approve(tampered);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('project.interview.errors.invalidToken');
    expect(JSON.stringify(res.body)).not.toMatch(/Data Platform|Acme/);
    const malformed = await approve('not-a-token');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fields).toEqual({ interviewRequestToken: 'interviewRequestToken.errors.invalid' });
    expect((await reject('', 'x')).status).toBe(400);
    expect(
      (await t.knex('interview_requests').where({ project_id: project.id, candidate_id: candidates[3] }).first()).state,
    ).toBe(0);
  });

  it("a signed-in candidate cannot answer another candidate's request", async () => {
    const { token } = await requested(candidates[4]);
    const someoneElse = client(t, await t.login('candidate@example.com'));
    const res = await someoneElse.post('/projects/interview-request/check-and-approve', {
      interviewRequestToken: token,
      accessValue: 'approve',
      responseMethod: 'email',
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('project.interview.errors.notYours');
    expect(
      (await t.knex('interview_requests').where({ project_id: project.id, candidate_id: candidates[4] }).first()).state,
    ).toBe(0);
  });

  it('shows "a company" when the project is confidential', async () => {
    const secret = await makeProject(t.knex, { isConfidential: true, title: 'Stealth Role' });
    const { token } = await requested(candidates[5], {}, secret);
    const res = await approve(token, 'check');
    expect(res.body.projectData.company).toBe('a company');
    expect(JSON.stringify(res.body)).not.toContain('Acme');
    const mail = (await listOutbox(t.knex, emails.get(candidates[5]))).find((m) => m.subject.includes('Stealth Role'));
    expect(mail?.text).not.toContain('Acme');
  });
});

describe('Calendar invitations', () => {
  it('an accepted interview with a start sends an .ics invitation to the candidate and the interviewer, once', async () => {
    const year = new Date().getUTCFullYear() + 1;
    const scheduleData = {
      interviewerName: 'Ivy Interviewer',
      interviewerEmail: 'ivy@acme.example.com',
      type: 2,
      meetingLink: 'https://meet.example.com/abc',
      duration: 45,
      timezone: 'Asia/Singapore',
      slots: [`${year}-03-02T10:00`, `${year}-03-04T15:30`],
    };
    const { token } = await requested(candidates[6], { scheduleData: JSON.stringify(scheduleData) });
    const check = await approve(token, 'check');
    expect(check.body.projectData.interviewDetails).toMatchObject({
      interviewerName: 'Ivy Interviewer',
      duration: 45,
      meetingLink: 'https://meet.example.com/abc',
    });
    expect(check.body.projectData.interviewDetails.interviewerEmail).toBeUndefined();
    expect(check.body.projectData.timeSlots).toEqual([
      { date: `${year}-03-02`, startTime: '10:00', endTime: '10:45' },
      { date: `${year}-03-04`, startTime: '15:30', endTime: '16:15' },
    ]);
    // Of the two proposed times, the candidate books the first.
    await visitor.post('/projects/interview-request/check-and-approve', {
      interviewRequestToken: token,
      accessValue: 'approve',
      slot: `${year}-03-02T10:00`,
    });
    await runJobs(t);
    await runJobs(t);
    for (const to of [emails.get(candidates[6]) as string, 'ivy@acme.example.com']) {
      const invitations = await t
        .knex('outbox_emails')
        .where('to', to)
        .where('subject', 'like', 'Invitation:%')
        .select('attachments');
      expect(invitations).toHaveLength(1);
      const [ics] = invitations[0].attachments;
      expect(ics.filename).toBe('interview.ics');
      expect(ics.content).toContain('BEGIN:VCALENDAR');
      expect(ics.content).toContain('METHOD:REQUEST');
      expect(ics.content).toContain('DURATION:PT45M');
      // The first proposed time, 10:00 in Singapore, is 02:00 UTC.
      expect(ics.content).toContain(`DTSTART:${year}0302T020000Z`);
    }
    // The candidate was still in the suggested tab, where the board shows no contact: the
    // interviewer's copy does not carry the candidate's email, the candidate's own copy does.
    const copyTo = async (to: string) =>
      (
        (await t.knex('outbox_emails').where('to', to).where('subject', 'like', 'Invitation:%').first('attachments'))
          .attachments[0].content as string
      ).replace(/\r?\n[ \t]/g, '');
    const address = emails.get(candidates[6]) as string;
    expect(await copyTo(address)).toContain(`mailto:${address}`);
    expect(await copyTo('ivy@acme.example.com')).not.toContain(address);
  });

  it('an interviewer name stored with a line break cannot add a line of its own to the invitation', async () => {
    const year = new Date().getUTCFullYear() + 1;
    const scheduleData = {
      interviewerName: 'Ivy Interviewer',
      interviewerEmail: 'ivy.line@acme.example.com',
      type: 2,
      meetingLink: 'https://meet.example.com/l',
      duration: 30,
      timezone: 'UTC',
      slots: [`${year}-06-01T09:00`],
    };
    const { token } = await requested(candidates[10], { scheduleData: JSON.stringify(scheduleData) });
    // A name written before the one-line check, or by a path that skips it.
    const injected = 'Ivy\r\nURL:http://evil.example/\r\nX-ALT-DESC;FMTTYPE=text/html:<a href=x>open</a>';
    await t
      .knex('interview_requests')
      .where({ project_id: project.id, candidate_id: candidates[10] })
      .update({ schedule_data: JSON.stringify({ ...scheduleData, interviewerName: injected }) });
    expect((await approve(token)).status).toBe(200);
    await runJobs(t);
    await runJobs(t);
    const invitation = await t
      .knex('outbox_emails')
      .where('to', 'ivy.line@acme.example.com')
      .where('subject', 'like', 'Invitation:%')
      .first('attachments');
    const ics = invitation.attachments[0].content as string;
    expect(ics).toMatch(/ORGANIZER;CN="?Ivy URL:http:\/\/evil\.example\//);
    expect(ics).not.toMatch(/\r?\n(URL:http:|X-ALT-DESC)/);
  });

  it("the interviewer's invitation carries the candidate's email once the board shows it (past the suggested tab)", async () => {
    const year = new Date().getUTCFullYear() + 1;
    const interviewerEmail = 'rory@acme.example.com';
    const scheduleData = {
      interviewerName: 'Rory',
      interviewerEmail,
      type: 2,
      meetingLink: 'https://meet.example.com/r',
      duration: 30,
      timezone: 'UTC',
      slots: [`${year}-05-04T09:00`],
    };
    await addToProject(t.knex, project, [candidates[9]], 2);
    const { token } = await requested(candidates[9], { scheduleData: JSON.stringify(scheduleData) });
    expect((await approve(token)).status).toBe(200);
    await runJobs(t);
    await runJobs(t);
    const invitation = await t
      .knex('outbox_emails')
      .where('to', interviewerEmail)
      .where('subject', 'like', 'Invitation:%')
      .first('attachments');
    const content = (invitation.attachments[0].content as string).replace(/\r?\n[ \t]/g, '');
    expect(content).toContain(`mailto:${emails.get(candidates[9])}`);
  });
});

describe('Expiry and the 3-day job description link', () => {
  it('the hourly job marks unanswered requests past their expiry as expired, and leaves answered ones', async () => {
    const { token } = await requested(candidates[7]);
    await t
      .knex('interview_requests')
      .where({ project_id: project.id, candidate_id: candidates[7] })
      .update({ expires_at: new Date(Date.now() - 1000) });
    await t.knex.raw("select graphile_worker.add_job('expire_interview_requests', '{}'::json)");
    await runJobs(t);
    expect(
      (await t.knex('interview_requests').where({ project_id: project.id, candidate_id: candidates[7] }).first()).state,
    ).toBe(3);
    expect(
      (await t.knex('interview_requests').where({ project_id: project.id, candidate_id: candidates[0] }).first()).state,
    ).toBe(1);
    expect((await approve(token)).status).toBe(410);
  });

  it('the link opens the job description and its download for 3 days, then says it expired', async () => {
    const { jdUrl } = await requested(candidates[8]);
    const guid = /\/jd\/([0-9a-f-]{36})\//.exec(jdUrl)?.[1] as string;
    const res = await visitor.get(`/projects/jd/${guid}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: 'Data Platform Lead', company: 'Acme' });
    const file = await visitor.get(`/projects/download/jd/${guid}`);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/attachment/);
    expect(file.text).toContain('Build and run');
    await t
      .knex('interview_requests')
      .where('guid', guid)
      .update({
        created_at: new Date(Date.now() - 3 * 24 * 3600 * 1000 - 1000),
        expires_at: new Date(Date.now() - 1000),
      });
    const expired = await visitor.get(`/projects/jd/${guid}`);
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe('project.jd.errors.expired');
    expect((await visitor.get(`/projects/download/jd/${guid}`)).status).toBe(410);
    expect((await visitor.get('/projects/jd/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await visitor.get('/projects/jd/nope')).status).toBe(404);
  });
});

describe('The admins’ interview-request list', () => {
  it('lists every request with its answer, filtered by company, state, kind and channel, sorted and paged; companies see only their own', async () => {
    const admin = client(t, await t.login('admin@example.com'));
    const all = await admin.get('/dashboard/interview-request-list?perPage=5');
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(5);
    expect(all.body.pagination.dataCount).toBeGreaterThanOrEqual(9);
    const rejected = await admin.get(
      `/dashboard/interview-request-list?state=rejected&companyId=Company:${project.companyId}`,
    );
    expect(rejected.body.data.length).toBeGreaterThan(0);
    for (const r of rejected.body.data) expect(r.state).toBe('rejected');
    expect(rejected.body.data[0].rejectReasons).toEqual(['salary', 'location']);
    const sorted = await admin.get(
      '/dashboard/interview-request-list?sortBy=createdAt&sortDir=asc&kind=interview&channel=email',
    );
    const times = sorted.body.data.map((r: { createdAt: string }) => r.createdAt);
    expect([...times].sort()).toEqual(times);
    expect((await admin.get('/dashboard/interview-request-list?state=bogus')).status).toBe(400);
    // Northwind Talent sees its own requests (the demo's) and none of another company's.
    const raas = client(t, await t.login('owner@raas.example.com'));
    const northwind = await t.knex('companies').where('company_name', 'Northwind Talent').first('id');
    const seen = (await raas.get('/dashboard/interview-request-list?perPage=100')).body.data as {
      company: { id: string } | null;
    }[];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.map((r) => r.company?.id).filter((id) => id !== `Company:${northwind.id}`)).toEqual([]);
    expect(
      (await client(t, await t.login('candidate@example.com')).get('/dashboard/interview-request-list')).status,
    ).toBe(403);
  });
});
