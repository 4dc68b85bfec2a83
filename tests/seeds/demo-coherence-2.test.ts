/**
 * More of the demo data's coherence (demo-coherence.test.ts has the first): what a Power project paid is in the credit
 * log as the ledger writes it (paid: the demo's companies are past their trial, demo-trials.test.ts), and nobody moved into a paid stage before the project's Power started; every scheduled
 * interview has the schedule a move writes, and the interview requests the dashboards read exist in several states;
 * a pending company holds only the owner who signed it up, never signed in; the people of the companies and of the
 * platform are named from the same markets' names as the candidates, and no owner is a pending invitee.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_ACTIONS, PLAN_CHARGES } from '../../schema/rules/credits';
import { PROJECT_PLAN, PROJECT_TYPE, STAGES } from '../../schema/rules/pipeline';
import { chargeKey } from '../../schema/rules/plans';
import { PAID_STAGES } from '../../schema/rules/stages';
import { scheduleSchema, slotStarts } from '../../schema/validation/schedule';
import { DEMO_LOGINS } from '../../seeds/demo/people';
import { FIRST_NAMES, LAST_NAMES } from '../../seeds/synthetic/names';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: Client;
let raasOwner: Client;

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  raasOwner = client(t, await t.login('owner@raas.example.com'));
});
afterAll(async () => {
  await t?.knex.destroy();
});

const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
const time = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The demo's Power projects of RaaS companies (the ones plans charge), with their owner and start. */
const powerProjects = () =>
  t
    .knex('projects')
    .where({ plan: PROJECT_PLAN.power, project_type: PROJECT_TYPE.raas })
    .whereNotNull('activated_at')
    .select('id', 'title', 'company_id', 'owner_id', 'activated_at');

describe('Demo data: what Power projects paid', () => {
  it('logs the activation of every Power project and every guarantee, as the ledger writes them past the trial', async () => {
    const projects = await powerProjects();
    expect(projects.length).toBeGreaterThan(0);
    const logs = await t.knex('credit_logs').whereIn(
      'project_id',
      projects.map((p) => p.id),
    );
    const entry = (projectId: number, key: string) =>
      logs
        .filter((l) => l.project_id === projectId && l.idempotency_key === key)
        .map((l) => ({
          action: l.action,
          amount: Number(l.amount),
          note: l.note,
          by: l.by_user_id,
          at: time(l.created_at),
          company: l.company_id,
        }));
    for (const p of projects) {
      expect(entry(p.id, chargeKey(p.id, 'activation', time(p.activated_at)!)), p.title).toEqual([
        {
          action: CREDIT_ACTIONS.projectCreation,
          amount: -PLAN_CHARGES.activation,
          note: null,
          by: p.owner_id,
          at: time(p.activated_at),
          company: p.company_id,
        },
      ]);
    }
    const guaranteed = await t
      .knex('project_candidates')
      .whereIn(
        'project_id',
        projects.map((p) => p.id),
      )
      .whereNotNull('guaranteed_at')
      .select('project_id', 'candidate_id', 'guaranteed_at');
    expect(guaranteed.length).toBeGreaterThan(0);
    for (const g of guaranteed) {
      const p = projects.find((x) => x.id === g.project_id)!;
      expect(entry(g.project_id, chargeKey(g.project_id, 'guarantee', g.candidate_id))).toEqual([
        {
          action: CREDIT_ACTIONS.guaranteeCandidate,
          amount: -PLAN_CHARGES.guarantee,
          note: null,
          by: p.owner_id,
          at: time(g.guaranteed_at),
          company: p.company_id,
        },
      ]);
    }
  });

  it('has no move into a paid stage, nor a guarantee, before the Power project was activated', async () => {
    const projects = await powerProjects();
    const ids = projects.map((p) => p.id);
    const moves = await t
      .knex('candidate_recruitment_stage_logs as l')
      .join('projects as p', 'p.id', 'l.project_id')
      .whereIn('l.project_id', ids)
      .where('l.activity', 1)
      .whereIn('l.to_stage', [...PAID_STAGES])
      .select('p.title', 'l.to_stage', 'l.created_at', 'p.activated_at');
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.filter((m) => m.created_at < m.activated_at)).toEqual([]);
    const early = await t
      .knex('project_candidates as pc')
      .join('projects as p', 'p.id', 'pc.project_id')
      .whereIn('pc.project_id', ids)
      .whereRaw('pc.guaranteed_at < p.activated_at')
      .pluck('p.title');
    expect(early).toEqual([]);
  });
});

describe('Demo data: interviews', () => {
  it('gives every scheduled interview the schedule a move into an interview stage writes, as of that move', async () => {
    const rows = await t
      .knex('project_candidates')
      .where((w) =>
        w.whereNotNull('interview_scheduled_at').orWhereIn('stage', [STAGES.interviewing, STAGES.interviewing2]),
      )
      .select('project_id', 'candidate_id', 'stage', 'interview_scheduled_at', 'schedule_data');
    expect(rows.length).toBeGreaterThan(0);
    const unscheduled = rows.filter((r) => !r.interview_scheduled_at || !r.schedule_data);
    expect(unscheduled).toEqual([]);
    // Valid as the move wrote it (each time still ahead), and the interview's start its first proposed time.
    const misshapen = rows.filter((r) => {
      const start = new Date(r.interview_scheduled_at);
      const parsed = scheduleSchema(() => new Date(start.getTime() - 60_000)).safeParse(r.schedule_data);
      return !parsed.success || slotStarts(parsed.data)[0]?.getTime() !== start.getTime();
    });
    expect(misshapen).toEqual([]);
  });

  it("lists interview requests in the admins' dashboard in several states, each for a candidate in an interview stage", async () => {
    const res = await admin.get('/dashboard/interview-request-list?perPage=100');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pagination.dataCount).toBeGreaterThan(0);
    const states = new Set((res.body.data as { state: string }[]).map((r) => r.state));
    expect([...states].sort()).toEqual(expect.arrayContaining(['approved', 'rejected', 'sent']));
    const outside = await t
      .knex('interview_requests as ir')
      .join('project_candidates as pc', (j) =>
        j.on('pc.project_id', 'ir.project_id').andOn('pc.candidate_id', 'ir.candidate_id'),
      )
      .whereNotIn('pc.stage', [STAGES.interviewing, STAGES.interviewing2, STAGES.offered, STAGES.placed])
      .pluck('ir.id');
    expect(outside).toEqual([]);
    const unmarked = await t
      .knex('interview_requests as ir')
      .join('project_candidates as pc', (j) =>
        j.on('pc.project_id', 'ir.project_id').andOn('pc.candidate_id', 'ir.candidate_id'),
      )
      .whereNull('pc.interview_requested_at')
      .pluck('ir.id');
    expect(unmarked).toEqual([]);
  });

  it("counts the requests beside the moves into interviewing on the RaaS owner's recruiter dashboard", async () => {
    const res = await raasOwner.get(`/dashboard/recruiter?from=${day(-90)}&to=${day(0)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.movedInto.interviewing).toBeGreaterThan(0);
    expect(res.body.interviewRequests.sent).toBeGreaterThan(0);
    expect(res.body.interviewRequests.approved).toBeGreaterThan(0);
  });
});

describe('Demo data: the people', () => {
  it('has a pending company holding only its owner, who never signed in', async () => {
    const pending = await t.knex('companies').where('status', 0).select('id', 'company_name', 'last_active_at');
    expect(pending.length).toBeGreaterThan(0);
    for (const c of pending) {
      const users = await t.knex('company_users').where('company_id', c.id).select('role', 'last_active_at');
      expect(users, c.company_name).toEqual([{ role: 0, last_active_at: null }]);
      expect(c.last_active_at).toBeNull();
    }
  });

  it('names the companies’ people and the platform’s team from the markets’ names, and no owner is a pending invitee', async () => {
    const logins = DEMO_LOGINS.map((l) => l.email as string);
    const people = [
      ...(await t.knex('company_users').select('email', 'first_name', 'last_name')),
      ...(await t.knex('admins').select('email', 'first_name', 'last_name')),
    ].filter((p) => !logins.includes(p.email));
    expect(people.length).toBeGreaterThan(30);
    const foreign = people.filter((p) => !FIRST_NAMES.includes(p.first_name) || !LAST_NAMES.includes(p.last_name));
    expect(foreign.map((p) => `${p.first_name} ${p.last_name}`)).toEqual([]);
    const pendingOwners = await t.knex('company_users').where({ role: 0, status: 0 }).pluck('email');
    expect(pendingOwners).toEqual([]);
  });
});
