import { beforeAll, describe, expect, it } from 'vitest';
import { selfStatusChange } from '../../schema/rules/candidate';
import { logRecruitmentActivity } from '../../backend/services/activity';
import { listOutbox } from '../../backend/services/mail/outbox';
import { testApp, type TestApp } from '../helpers/app';
import { candidatePayload, talentIds, type TalentIds } from '../helpers/talent';

describe("The candidate's own page: status, email and insights", () => {
  let t: TestApp;
  let ids: TalentIds;
  let admin: string;
  let company: string;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  /** A new active candidate, signed in. */
  async function newCandidate(): Promise<{ id: string; email: string; token: string }> {
    const res = await t.http.post('/api/v1/candidates').set(as(admin)).send(candidatePayload(ids)).expect(201);
    return { id: res.body.id, email: res.body.email, token: await t.login(res.body.email) };
  }

  beforeAll(async () => {
    t = await testApp();
    ids = await talentIds(t.knex);
    admin = await t.login('admin@example.com');
    company = await t.login('owner@acme.example.com');
  });

  it('A candidate pauses their profile and activates it again', async () => {
    const me = await newCandidate();
    const paused = await t.http.post(`/api/v1/candidates/${me.id}/pause`).set(as(me.token)).expect(200);
    expect(paused.body).toMatchObject({ status: 2, selfChosenStatus: true });
    const again = await t.http.post(`/api/v1/candidates/${me.id}/pause`).set(as(me.token)).expect(409);
    expect(again.body.error.code).toBe('candidate.errors.alreadyPaused');
    const active = await t.http.post(`/api/v1/candidates/${me.id}/activate`).set(as(me.token)).expect(200);
    expect(active.body).toMatchObject({ status: 1, selfChosenStatus: true });
  });

  it('A semi-active candidate who pauses and activates their profile is semi-active again, not findable by companies', async () => {
    const me = await newCandidate();
    await t.http.put(`/api/v1/candidates/${me.id}`).set(as(admin)).send({ status: 3 }).expect(200);
    expect((await t.http.post(`/api/v1/candidates/${me.id}/pause`).set(as(me.token)).expect(200)).body.status).toBe(2);
    const back = await t.http.post(`/api/v1/candidates/${me.id}/activate`).set(as(me.token)).expect(200);
    expect(back.body).toMatchObject({ status: 3, selfChosenStatus: true });
    expect(back.body.pausedFrom).toBeUndefined();
    await t.http.get(`/api/v1/search/candidates/${me.id}`).set(as(company)).expect(404);
    // A plain pause and activation afterwards still returns to the status it left (the admin overrides the status
    // the candidate chose, so confirms it).
    await t.http.put(`/api/v1/candidates/${me.id}`).set(as(admin)).send({ status: 1, confirm: true }).expect(200);
    await t.http.post(`/api/v1/candidates/${me.id}/pause`).set(as(me.token)).expect(200);
    expect((await t.http.post(`/api/v1/candidates/${me.id}/activate`).set(as(me.token)).expect(200)).body.status).toBe(
      1,
    );
    expect(selfStatusChange({ status: 2, selfChosenStatus: true, pausedFrom: 0 }, 'activate')).toEqual({
      status: 0,
      pausedFrom: null,
    });
  });

  it('A paused candidate can still sign in to activate their profile', async () => {
    const me = await newCandidate();
    await t.http.post(`/api/v1/candidates/${me.id}/pause`).set(as(me.token)).expect(200);
    const again = await t.login(me.email);
    await t.http.post(`/api/v1/candidates/${me.id}/activate`).set(as(again)).expect(200);
  });

  it('A candidate cannot undo an inactive status an admin set, nor change another candidate', async () => {
    const me = await newCandidate();
    const other = await newCandidate();
    await t.http.post(`/api/v1/candidates/${other.id}/pause`).set(as(me.token)).expect(404);
    await t.http.post(`/api/v1/candidates/${other.id}/pause`).set(as(company)).expect(404);
    await t.http.put(`/api/v1/candidates/${me.id}`).set(as(admin)).send({ status: 2 }).expect(200);
    // Deactivated by an admin: signed out, and no new session either.
    await t.http.post(`/api/v1/candidates/${me.id}/activate`).set(as(me.token)).expect(401);
    await t.http.post('/api/v1/auth/send-email-otp').send({ email: me.email }).expect(200);
    const code = await t.lastCode(me.email);
    const refused = await t.http.post('/api/v1/auth/login-by-email-otp').send({ email: me.email, otp: code });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('user.notActivate');
  });

  it.each([
    ['pause', 1, false, { status: 2, pausedFrom: 1 }],
    ['pause', 3, false, { status: 2, pausedFrom: 3 }],
    ['pause', 2, true, { error: 'candidate.errors.alreadyPaused' }],
    ['pause', 0, false, { error: 'candidate.errors.statusNotAllowed' }],
    ['pause', 4, false, { error: 'candidate.errors.statusNotAllowed' }],
    ['activate', 2, true, { status: 1, pausedFrom: null }],
    ['activate', 2, false, { error: 'candidate.errors.statusNotAllowed' }],
    ['activate', 1, true, { error: 'candidate.errors.alreadyActive' }],
    ['activate', 0, false, { error: 'candidate.errors.statusNotAllowed' }],
  ] as const)(
    'A candidate asking to %s from status %i (chosen by them: %s) gets %o',
    (action, status, selfChosenStatus, expected) => {
      expect(selfStatusChange({ status, selfChosenStatus }, action)).toEqual(expected);
    },
  );

  it("An admin's bulk status change warns about candidates who chose their status, then applies when confirmed", async () => {
    const chose = await newCandidate();
    const plain = await newCandidate();
    await t.http.post(`/api/v1/candidates/${chose.id}/pause`).set(as(chose.token)).expect(200);
    const warned = await t.http
      .post('/api/v1/candidates/update/status')
      .set(as(admin))
      .send({ candidates: [chose.id, plain.id], status: 3 })
      .expect(409);
    expect(warned.body.error).toMatchObject({ code: 'candidates.errors.selfChosenStatus', candidates: [chose.id] });
    expect((await t.http.get(`/api/v1/candidates/${plain.id}`).set(as(admin))).body.status).toBe(1);
    const done = await t.http
      .post('/api/v1/candidates/update/status')
      .set(as(admin))
      .send({ candidates: [chose.id, plain.id], status: 3, confirm: true })
      .expect(200);
    expect(done.body).toMatchObject({ updated: 2, status: 3 });
    expect((await t.http.get(`/api/v1/candidates/${chose.id}`).set(as(admin))).body).toMatchObject({
      status: 3,
      selfChosenStatus: false,
    });
  });

  it('Only admins change statuses in bulk, with valid input', async () => {
    const me = await newCandidate();
    await t.http
      .post('/api/v1/candidates/update/status')
      .set(as(company))
      .send({ candidates: [me.id], status: 2 })
      .expect(403);
    await t.http
      .post('/api/v1/candidates/update/status')
      .set(as(me.token))
      .send({ candidates: [me.id], status: 2 })
      .expect(403);
    await t.http.post('/api/v1/candidates/update/status').expect(401);
    const bad = await t.http
      .post('/api/v1/candidates/update/status')
      .set(as(admin))
      .send({ candidates: [], status: 9 })
      .expect(400);
    expect(bad.body.error.fields).toEqual({
      candidates: 'candidates.errors.required',
      status: 'status.errors.invalid',
    });
    // A candidate no longer there is skipped and named, not a refusal of the rest (the console tells the admin).
    const missing = await t.http
      .post('/api/v1/candidates/update/status')
      .set(as(admin))
      .send({ candidates: ['Candidate:999999'], status: 2 })
      .expect(200);
    expect(missing.body).toMatchObject({ updated: 0, unchanged: 0, gone: ['Candidate:999999'] });
  });

  it('A candidate changes their email with the code sent to the new address', async () => {
    const me = await newCandidate();
    const newEmail = `moved.${Date.now()}@example.org`;
    const sent = await t.http
      .post(`/api/v1/candidate-email-change-request/is-send-confirmation-email-for-update/${me.id}`)
      .set(as(me.token))
      .send({ email: newEmail })
      .expect(200);
    expect(sent.body).toMatchObject({ isSend: true, email: newEmail });
    const code = await t.lastCode(newEmail);
    const wrong = await t.http
      .put(`/api/v1/candidate-email-change-request/confirm-email-to-update/${me.id}`)
      .set(as(me.token))
      .send({ code: code === '000000' ? '111111' : '000000' })
      .expect(400);
    expect(wrong.body.error.code).toBe('otp.invalid');
    const done = await t.http
      .put(`/api/v1/candidate-email-change-request/confirm-email-to-update/${me.id}`)
      .set(as(me.token))
      .send({ code })
      .expect(200);
    expect(done.body).toEqual({ updated: true, email: newEmail });
    expect((await t.http.get(`/api/v1/candidates/${me.id}`).set(as(me.token))).body.email).toBe(newEmail);
    const [notice] = await listOutbox(t.knex, me.email, 1);
    expect(notice.text).toContain(newEmail);
    await t.http
      .put(`/api/v1/candidate-email-change-request/confirm-email-to-update/${me.id}`)
      .set(as(me.token))
      .send({ code })
      .expect(400);
  });

  it('An email change refuses a malformed address and other people, and answers a taken one as any other', async () => {
    const me = await newCandidate();
    const other = await newCandidate();
    const ask = (id: string, email: string, token: string) =>
      t.http
        .post(`/api/v1/candidate-email-change-request/is-send-confirmation-email-for-update/${id}`)
        .set(as(token))
        .send({ email });
    // A taken address gets the same answer; its owner is told instead of the asker.
    expect((await ask(me.id, 'owner@acme.example.com', me.token).expect(200)).body).toEqual({
      isSend: true,
      email: 'owner@acme.example.com',
      expiresInMinutes: 10,
    });
    expect((await listOutbox(t.knex, 'owner@acme.example.com', 1))[0].subject).toBe(
      'Your email address was entered on Talentbase',
    );
    expect((await ask(me.id, 'nope', me.token).expect(400)).body.error.fields).toEqual({
      email: 'email.errors.invalid',
    });
    expect((await ask(me.id, me.email, me.token).expect(400)).body.error.fields).toEqual({
      email: 'email.errors.sameAsCurrent',
    });
    await ask(other.id, 'x@example.org', me.token).expect(403);
    await ask(me.id, 'x@example.org', company).expect(403);
    const code = await t.http
      .put(`/api/v1/candidate-email-change-request/confirm-email-to-update/${me.id}`)
      .set(as(me.token))
      .send({ code: 'abc' })
      .expect(400);
    expect(code.body.error.fields).toEqual({ code: 'code.errors.invalid' });
  });

  it('Profile insights count search appearances, views, shortlists, interview requests and reveals for 7 days, 30 days and all time', async () => {
    const me = await newCandidate();
    const plainId = Number(me.id.split(':')[1]);
    // A project the company reads: appearances are logged only there.
    const acmeProject = await t
      .knex('projects as p')
      .join('companies as c', 'c.id', 'p.company_id')
      .where('c.company_name', 'Acme')
      .orderBy('p.id')
      .first('p.id');
    await t.http
      .post('/api/v1/candidate-search-or-view-log/search-appearance')
      .set(as(company))
      .send({ candidates: [me.id, me.id], projectId: acmeProject.id })
      .expect(201);
    await t.http
      .post('/api/v1/candidate-search-or-view-log/search-appearance')
      .set(as(company))
      .send({ candidates: [me.id] })
      .expect(201);
    await t.http
      .post('/api/v1/candidate-search-or-view-log/profile-view')
      .set(as(company))
      .send({ candidateId: me.id })
      .expect(201);
    await t.http
      .post('/api/v1/candidate-search-or-view-log/profile-view')
      .set(as(company))
      .send({ candidateId: me.id })
      .expect(201);
    // An older view: counted in 30 days and all time, not in 7 days.
    const [older] = await t
      .knex('candidate_search_or_view_logs')
      .where({ candidate_id: plainId, kind: 2 })
      .orderBy('id', 'desc')
      .limit(1)
      .pluck('id');
    await t
      .knex('candidate_search_or_view_logs')
      .where('id', older)
      .update({ created_at: t.knex.raw("now() - interval '20 days'") });
    // An admin's own open is logged but counts nowhere: insights count companies.
    await t.http
      .post('/api/v1/candidate-search-or-view-log/profile-view')
      .set(as(admin))
      .send({ candidateId: me.id, projectId: 'Project:3' })
      .expect(201);
    await logRecruitmentActivity(t.knex, {
      candidateId: plainId,
      activity: 'stageChanged',
      fromStage: 1,
      toStage: 2,
      projectId: 12,
    });
    await logRecruitmentActivity(t.knex, {
      candidateId: plainId,
      activity: 'stageChanged',
      fromStage: 2,
      toStage: 3,
      projectId: 12,
    });
    await logRecruitmentActivity(t.knex, { candidateId: plainId, activity: 'interviewRequested', projectId: 12 });
    await logRecruitmentActivity(t.knex, {
      candidateId: plainId,
      activity: 'revealed',
      fromStage: 0,
      toStage: 1,
      projectId: 12,
    });
    await t
      .knex('candidate_recruitment_stage_logs')
      .where({ candidate_id: plainId, activity: 2 })
      .update({ created_at: t.knex.raw("now() - interval '90 days'") });

    const views = await t.http
      .get(`/api/v1/candidate-search-or-view-log/profile-insights/${me.id}/7`)
      .set(as(me.token))
      .expect(200);
    expect(views.body).toEqual({
      candidateId: me.id,
      period: '7',
      searchAppearances: { last7Days: 2, last30Days: 2, allTime: 2 },
      views: { last7Days: 1, last30Days: 2, allTime: 2 },
      selected: { searchAppearances: 2, views: 1 },
    });
    const stages = await t.http
      .get(`/api/v1/candidate-recruitment-stages-activity-log/profile-insights/${me.id}/all`)
      .set(as(me.token))
      .expect(200);
    expect(stages.body).toEqual({
      candidateId: me.id,
      period: 'all',
      shortlists: { last7Days: 1, last30Days: 1, allTime: 1 },
      interviewRequests: { last7Days: 0, last30Days: 0, allTime: 1 },
      reveals: { last7Days: 1, last30Days: 1, allTime: 1 },
      selected: { shortlists: 1, interviewRequests: 1, reveals: 1 },
    });
    const byAdmin = await t.http
      .get(`/api/v1/candidate-search-or-view-log/profile-insights/${me.id}/30`)
      .set(as(admin))
      .expect(200);
    expect(byAdmin.body.selected).toEqual({ searchAppearances: 2, views: 2 });
  });

  it('Insights are private to the candidate and admins, and the logs check their input', async () => {
    const me = await newCandidate();
    const other = await newCandidate();
    await t.http
      .get(`/api/v1/candidate-search-or-view-log/profile-insights/${other.id}/7`)
      .set(as(me.token))
      .expect(403);
    await t.http.get(`/api/v1/candidate-search-or-view-log/profile-insights/${me.id}/7`).set(as(company)).expect(403);
    await t.http
      .get(`/api/v1/candidate-recruitment-stages-activity-log/profile-insights/${me.id}/7`)
      .set(as(company))
      .expect(403);
    expect(
      (
        await t.http
          .get(`/api/v1/candidate-search-or-view-log/profile-insights/${me.id}/14`)
          .set(as(me.token))
          .expect(400)
      ).body.error.fields,
    ).toEqual({
      period: 'period.errors.invalid',
    });
    await t.http
      .post('/api/v1/candidate-search-or-view-log/profile-view')
      .set(as(me.token))
      .send({ candidateId: other.id })
      .expect(403);
    await t.http.post('/api/v1/candidate-search-or-view-log/profile-view').send({ candidateId: other.id }).expect(401);
    // An id that names nobody is answered as a profile the company may not open.
    const bad = await t.http
      .post('/api/v1/candidate-search-or-view-log/profile-view')
      .set(as(company))
      .send({ candidateId: 'Candidate:999999' })
      .expect(404);
    expect(bad.body.error.code).toBe('errors.notFound');
    const none = await t.http
      .post('/api/v1/candidate-search-or-view-log/search-appearance')
      .set(as(company))
      .send({ candidates: 'x' })
      .expect(400);
    expect(none.body.error.fields).toEqual({ candidates: 'candidates.errors.invalid' });
    const project = await t.http
      .post('/api/v1/candidate-search-or-view-log/search-appearance')
      .set(as(company))
      .send({ candidates: [me.id], projectId: -1 })
      .expect(400);
    expect(project.body.error.fields).toEqual({ projectId: 'projectId.errors.invalid' });
  });

  it("A candidate's write of a field they may not change is refused by name, never silently dropped; the same value sent back is harmless", async () => {
    const me = await newCandidate();
    const own = (await t.http.get(`/api/v1/candidates/${me.id}`).set(as(me.token)).expect(200)).body;
    const hide = await t.http
      .put(`/api/v1/candidates/${me.id}`)
      .set(as(me.token))
      .send({ visibility: !own.visibility });
    expect(hide.status).toBe(403);
    expect(hide.body.error.code).toBe('errors.fieldNotWritable');
    expect(hide.body.error.fields).toEqual({ visibility: 'visibility.errors.notWritable' });
    const row = await t
      .knex('candidates')
      .where('id', Number(String(me.id).replace('Candidate:', '')))
      .first('visibility', 'summary');
    expect(row.visibility).toBe(own.visibility);
    // react-admin sends the whole record back: unchanged values of such fields pass with the change.
    const edit = await t.http
      .put(`/api/v1/candidates/${me.id}`)
      .set(as(me.token))
      .send({ ...own, summary: 'Backend engineer, ten years of payments' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.summary).toBe('Backend engineer, ten years of payments');
  });
});
