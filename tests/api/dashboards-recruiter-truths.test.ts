/**
 * The recruiter dashboard's figures say what their labels say: credits spent counts the plan charges only (not
 * credits an admin deleted or reduced, nor lots written off on expiry); the conversion from a stage is the share of
 * the candidates moved into it in the period who moved on, never above 1; interview requests sent leave out job
 * descriptions; and the answer names the period it covers, the last 12 weeks by default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireLots } from '../../backend/features/credits';
import { CREDIT_ACTIONS } from '../../schema/rules/credits';
import { ACTIVITY, REQUEST_KIND, STAGES } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject } from '../helpers/interviews';
import { payingCompany, projectBody } from '../helpers/projects';

let t: TestApp;
let admin: Client;

function day(offset: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
});
afterAll(async () => {
  await t?.knex.destroy();
});

describe('Credits spent on the recruiter dashboard', () => {
  it('counts the plan charges only, not credits deleted or reduced by an admin nor lots written off', async () => {
    const raas = client(t, await t.login('owner@raas.example.com'));
    const company = (await t.knex('company_users').where('email', 'owner@raas.example.com').first('company_id'))
      .company_id as number;
    await t.knex('projects').where('company_id', company).update({ status: 3 });
    await t.knex('credit_logs').where('company_id', company).del();
    await t.knex('credit_lots').where('company_id', company).del();
    await payingCompany(t.knex, company, 0);
    const companyId = `Company:${company}`;

    // 5 granted then deleted by an admin.
    const deleted = await admin.post('/credit', { companyId, noOfCredits: 5, expiryDate: day(90) });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(201);
    expect((await admin.delete(`/credit/${companyId}/${deleted.body.creditDataId}`)).status).toBe(200);
    // 2 granted and written off once past their expiry.
    const expiring = await admin.post('/credit', { companyId, noOfCredits: 2, expiryDate: day(90) });
    expect(expiring.status).toBe(201);
    await t
      .knex('credit_lots')
      .where('id', Number(String(expiring.body.creditDataId).replace(/\D/g, '')))
      .update({ expiry_date: day(-1) });
    expect(await expireLots(t.knex)).toBeGreaterThanOrEqual(1);
    // 4 granted, reduced to 3 by an admin, then 1 spent on a Power project's activation.
    const kept = await admin.post('/credit', { companyId, noOfCredits: 4, expiryDate: day(90) });
    const lotId = kept.body.creditDataId as string;
    const reduced = await admin.put(`/credit/${lotId}`, { companyId, creditDataId: lotId, noOfCredits: 3 });
    expect(reduced.status, JSON.stringify(reduced.body)).toBe(200);
    const created = await raas.post('/projects/create', await projectBody(t.knex, { plan: 2 }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const actions = await t.knex('credit_logs').where('company_id', company).where('amount', '<', 0).pluck('action');
    expect(actions.sort()).toEqual(
      [
        CREDIT_ACTIONS.deletedByAdmin,
        CREDIT_ACTIONS.expired,
        CREDIT_ACTIONS.updatedByAdmin,
        CREDIT_ACTIONS.projectCreation,
      ].sort(),
    );
    const res = await raas.get('/dashboard/recruiter');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.creditsSpent).toBe(1);
  });
});

describe('Conversion on the recruiter dashboard', () => {
  it('is the share of the candidates moved into a stage in the period who moved on, never above 1', async () => {
    const project = await makeProject(t.knex, { title: 'Conversion cohort' });
    const [a, b, c] = await activeCandidates(t.knex, 3, { skip: 60 });
    await addToProject(t.knex, project, [a, b], STAGES.interviewing);
    await addToProject(t.knex, project, [c], STAGES.shortlist);
    const move = (candidate: number, from: number, to: number, at: string) => ({
      candidate_id: candidate,
      project_id: project.id,
      company_id: project.companyId,
      activity: ACTIVITY.stageChanged,
      from_stage: from,
      to_stage: to,
      actor_kind: 2,
      actor_id: project.ownerId,
      created_at: at,
    });
    const S = STAGES;
    await t
      .knex('candidate_recruitment_stage_logs')
      .insert([
        move(a, S.qualify, S.shortlist, '2025-10-30T10:00:00Z'),
        move(b, S.qualify, S.shortlist, '2025-10-30T11:00:00Z'),
        move(c, S.qualify, S.shortlist, '2025-11-03T10:00:00Z'),
        move(a, S.shortlist, S.interviewing, '2025-11-04T10:00:00Z'),
        move(b, S.shortlist, S.interviewing, '2025-11-04T11:00:00Z'),
      ]);
    const owner = client(t, await t.login('owner@acme.example.com'));
    const get = (from: string, to: string) =>
      owner.get(`/dashboard/recruiter?from=${from}&to=${to}&projectId=Project:${project.id}`);

    const november = await get('2025-11-01', '2025-11-30');
    expect(november.status, JSON.stringify(november.body)).toBe(200);
    const rate = (body: { conversion: { from: string; rate: number | null }[] }, from: string) =>
      body.conversion.find((r) => r.from === from)?.rate;
    // Only C was shortlisted in November, and C never moved on.
    expect(rate(november.body, 'shortlist')).toBe(0);
    // A and B were moved into interviewing in November and no further.
    expect(rate(november.body, 'interviewing')).toBe(0);
    for (const r of november.body.conversion) if (r.rate !== null) expect(r.rate).toBeLessThanOrEqual(1);

    // Over both months: A and B of the three shortlisted moved on.
    expect(rate((await get('2025-10-01', '2025-11-30')).body, 'shortlist')).toBe(0.667);
    // October alone: A and B were shortlisted, and moved on only after the period ended.
    expect(rate((await get('2025-10-01', '2025-10-31')).body, 'shortlist')).toBe(0);
  });
});

describe('Interview requests and the period on the recruiter dashboard', () => {
  it('counts interview requests, not job descriptions, and names the period read, the last 12 weeks by default', async () => {
    const project = await makeProject(t.knex, { title: 'Requests and period' });
    const [a, b] = await activeCandidates(t.knex, 2, { skip: 70 });
    await addToProject(t.knex, project, [a, b], STAGES.shortlist);
    const request = (candidate: number, kind: number, state: number) => ({
      project_id: project.id,
      candidate_id: candidate,
      company_id: project.companyId,
      kind,
      channel: 1,
      state,
      created_at: new Date(),
      expires_at: new Date(Date.now() + 3 * 86400_000),
    });
    await t
      .knex('interview_requests')
      .insert([
        request(a, REQUEST_KIND.interview, 1),
        request(a, REQUEST_KIND.whitelist, 1),
        request(b, REQUEST_KIND.whitelist, 0),
      ]);
    const owner = client(t, await t.login('owner@acme.example.com'));
    const res = await owner.get(`/dashboard/recruiter?projectId=Project:${project.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.interviewRequests).toEqual({ sent: 1, answered: 1, approved: 1 });
    const monday = new Date(`${day(0)}T00:00:00Z`);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - 11 * 7);
    expect(res.body.range).toEqual({ from: monday.toISOString().slice(0, 10), to: day(0) });
  });
});
