/**
 * The recruiter dashboard reads its period's days in the reader's zone when the page names one (`timeZone`, as the
 * credit log does): picked in Kolkata (GMT+5:30), 5 Dec runs from 18:30 UTC on the 4th to 18:30 UTC on the 5th, so a
 * charge, a move and an interview request at 20:00 UTC on the 4th count on the 5th and those at 20:00 UTC on the 5th
 * do not, whatever the daily rollups (UTC days) hold. Both the dashboard and the credit log agree on the day. Without a
 * zone the days stay UTC days; a zone the product does not know is a 400 on `timeZone`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollupDaily } from '../../backend/features/dashboards';
import { CREDIT_ACTIONS } from '../../schema/rules/credits';
import { ACTIVITY, REQUEST_KIND, STAGES } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';

let t: TestApp;
let owner: Client;
let project: TestProject;

/** 5 Dec 01:30 in Kolkata (4 Dec in UTC) and 6 Dec 01:30 in Kolkata (5 Dec in UTC). */
const EARLY_5TH = '2026-12-04T20:00:00Z';
const EARLY_6TH = '2026-12-05T20:00:00Z';

beforeAll(async () => {
  t = await testApp();
  owner = client(t, await t.login('owner@acme.example.com'));
  project = await makeProject(t.knex, { title: 'Kolkata days' });
  const [a, b] = await activeCandidates(t.knex, 2, { skip: 80 });
  await addToProject(t.knex, project, [a, b], STAGES.shortlist);
  const move = (candidate: number, at: string) => ({
    candidate_id: candidate,
    project_id: project.id,
    company_id: project.companyId,
    activity: ACTIVITY.stageChanged,
    from_stage: STAGES.qualify,
    to_stage: STAGES.shortlist,
    actor_kind: 2,
    actor_id: project.ownerId,
    created_at: at,
  });
  await t.knex('candidate_recruitment_stage_logs').insert([move(a, EARLY_5TH), move(b, EARLY_6TH)]);
  const request = (candidate: number, at: string) => ({
    project_id: project.id,
    candidate_id: candidate,
    company_id: project.companyId,
    kind: REQUEST_KIND.interview,
    channel: 1,
    state: 0,
    created_at: at,
    expires_at: new Date(Date.parse(at) + 3 * 86400_000),
  });
  await t.knex('interview_requests').insert([request(a, EARLY_5TH), request(b, EARLY_6TH)]);
  const charge = (amount: number, at: string) => ({
    company_id: project.companyId,
    project_id: project.id,
    action: CREDIT_ACTIONS.projectCreation,
    amount: -amount,
    balance_after: 0,
    by_name: 'Zone Tester',
    note: at,
    created_at: at,
  });
  await t.knex('credit_logs').insert([charge(2, EARLY_5TH), charge(7, EARLY_6TH)]);
  // The rollups hold UTC days: a period of another zone's days must not read them.
  await rollupDaily(t.knex);
});
afterAll(() => t?.knex.destroy());

const dashboard = (timeZone?: string) =>
  owner.get(
    `/dashboard/recruiter?from=2026-12-05&to=2026-12-05&projectId=Project:${project.id}` +
      (timeZone === undefined ? '' : `&timeZone=${encodeURIComponent(timeZone)}`),
  );

describe('The recruiter dashboard in the reader’s zone', () => {
  it('counts a day picked in Kolkata from its first to its last minute there, as the credit log lists it', async () => {
    const res = await dashboard('Asia/Kolkata');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.timeZone).toBe('Asia/Kolkata');
    expect(res.body.creditsSpent).toBe(2);
    expect(res.body.movedInto.shortlist).toBe(1);
    expect(res.body.interviewRequests.sent).toBe(1);
    const log = await owner.get(
      `/credit/logs?companyId=Company:${project.companyId}&from=2026-12-05&to=2026-12-05&timeZone=Asia%2FKolkata`,
    );
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    const logged = (log.body.data as { note: string }[]).filter((r) => r.note === EARLY_5TH || r.note === EARLY_6TH);
    expect(logged.map((r) => r.note)).toEqual([EARLY_5TH]);
  });

  it('keeps UTC days without a zone', async () => {
    const res = await dashboard();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.creditsSpent).toBe(7);
    expect(res.body.movedInto.shortlist).toBe(1);
    expect(res.body.interviewRequests.sent).toBe(1);
  });

  it('refuses a zone it does not know on `timeZone`', async () => {
    const res = await dashboard('Mars/Olympus_Mons');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('timeZone');
  });
});
