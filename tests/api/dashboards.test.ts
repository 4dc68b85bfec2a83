/**
 * The admins' dashboards over a seeded history (tests/helpers/dashboards.ts): every figure is the
 * hand count of the seeded events, read from the live log, then again once the daily rollup holds
 * those days; companies and candidates are refused, bad filters get field-level 400s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollupDaily } from '../../backend/features/dashboards';
import { CANDIDATE_STATUS } from '../../schema/entities/talentOptions';
import { ACTIVITY, STAGES } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { RANGE, seedDashboardHistory, WEEK1, WEEK2, type DashboardHistory } from '../helpers/dashboards';

let t: TestApp;
let admin: Client;
let h: DashboardHistory;

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  h = await seedDashboardHistory(t.knex, (body) => admin.put('/projects/update/project', body));
});
afterAll(async () => {
  await t?.knex.destroy();
});

const zeroStages = {
  open: 0,
  qualify: 0,
  shortlist: 0,
  interviewing: 0,
  interviewing2: 0,
  offered: 0,
  placed: 0,
  rejected: 0,
};

async function weekly(query = RANGE) {
  const res = await admin.get(`/dashboard/activity-per-week?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('Stage counts per week', () => {
  it('counts the moves into each stage in each week of the range', async () => {
    const body = await weekly();
    expect(body.stages).toEqual([
      'open',
      'qualify',
      'shortlist',
      'interviewing',
      'interviewing2',
      'offered',
      'placed',
      'rejected',
    ]);
    expect(body.data).toEqual([
      { week: WEEK1, total: 6, stages: { ...zeroStages, qualify: 3, shortlist: 2, rejected: 1 } },
      { week: WEEK2, total: 4, stages: { ...zeroStages, qualify: 2, shortlist: 1, interviewing: 1 } },
    ]);
  });

  it('narrows to a company, a project, an admin or one week', async () => {
    expect(
      (await weekly(`${RANGE}&companyId=Company:${h.globex}`)).data.map((w: { total: number }) => w.total),
    ).toEqual([0, 3]);
    expect((await weekly(`${RANGE}&projectId=Project:${h.alpha}`)).data.map((w: { total: number }) => w.total)).toEqual(
      [6, 1],
    );
    expect(
      (await weekly(`${RANGE}&adminId=Admin:${h.advocateId}`)).data.map((w: { total: number }) => w.total),
    ).toEqual([6, 4]);
    expect((await weekly(`${RANGE}&adminId=Admin:${h.adminId}`)).data.map((w: { total: number }) => w.total)).toEqual([
      0, 0,
    ]);
    const week = await weekly('week=2024-03-13');
    expect(week.range).toEqual({ from: WEEK2, to: '2024-03-17' });
    expect(week.data).toHaveLength(1);
    expect(week.data[0].total).toBe(4);
  });

  it('gives the same figures once the daily rollup holds those days, and rolling up twice changes nothing', async () => {
    const before = await weekly();
    await rollupDaily(t.knex);
    const rolled = await t
      .knex('recruitment_stage_daily')
      .orderBy(['day', 'project_id', 'to_stage'])
      .select('day', 'project_id', 'to_stage', 'moves');
    expect(rolled.reduce((n, r) => n + r.moves, 0)).toBeGreaterThanOrEqual(10);
    await t.knex('rollup_marks').update({ through: t.knex.raw('through - 1') });
    await rollupDaily(t.knex);
    expect(
      await t
        .knex('recruitment_stage_daily')
        .orderBy(['day', 'project_id', 'to_stage'])
        .select('day', 'project_id', 'to_stage', 'moves'),
    ).toEqual(rolled);
    expect(await weekly()).toEqual(before);
  });
});

describe('Project overview per week', () => {
  it('shows per week and company the projects created, active, paused and inactive, and the moves', async () => {
    const res = await admin.get(`/dashboard/project-overview-log-per-week?${RANGE}&adminId=Admin:${h.advocateId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data.map((r: Record<string, unknown>) => ({
      ...r,
      company: (r.company as { companyName: string }).companyName,
    }));
    expect(rows).toEqual([
      {
        week: WEEK1,
        company: 'Acme',
        created: 1,
        active: 1,
        paused: 0,
        inactive: 0,
        stages: { ...zeroStages, qualify: 3, shortlist: 2, rejected: 1 },
      },
      {
        week: WEEK2,
        company: 'Acme',
        created: 0,
        active: 1,
        paused: 0,
        inactive: 0,
        stages: { ...zeroStages, interviewing: 1 },
      },
      {
        week: WEEK2,
        company: 'Globex Analytics',
        created: 1,
        active: 0,
        paused: 1,
        inactive: 0,
        stages: { ...zeroStages, qualify: 2, shortlist: 1 },
      },
    ]);
    expect(res.body.pagination).toMatchObject({ dataCount: 3, currentPage: 1 });
  });
});

describe('Assignment log', () => {
  it('lists who was made advocate of which project, by whom and when, newest first', async () => {
    const res = await admin.get(`/dashboard/ta-project-assignment-log?${RANGE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const adminName = await t
      .knex('admins')
      .where('id', h.adminId)
      .first(t.knex.raw("first_name || ' ' || last_name as name"));
    const advocateName = await t
      .knex('admins')
      .where('id', h.advocateId)
      .first(t.knex.raw("first_name || ' ' || last_name as name"));
    expect(
      res.body.data.map(
        (r: {
          project: { title: string };
          role: string;
          assigned: { name: string } | null;
          assignedBy: string | null;
          at: string;
        }) => [r.project.title, r.role, r.assigned?.name, r.assignedBy, r.at],
      ),
    ).toEqual([
      ['Dashboard Beta', 'advocate', advocateName.name, adminName.name, '2024-03-15T15:00:00.000Z'],
      ['Dashboard Alpha', 'advocate', advocateName.name, null, '2024-03-04T10:00:00.000Z'],
    ]);
    const byCompany = await admin.get(`/dashboard/ta-project-assignment-log?${RANGE}&companyId=Company:${h.acme}`);
    expect(byCompany.body.data.map((r: { project: { title: string } }) => r.project.title)).toEqual([
      'Dashboard Alpha',
    ]);
  });
});

describe('Recruitment activity log', () => {
  it('lists every move, rejection, reveal, note, interview and qualify request with actor, project, candidate and time', async () => {
    const res = await admin.get(`/dashboard/ta-recruitment-event-log?${RANGE}&perPage=100`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const counts: Record<string, number> = {};
    for (const e of res.body.data) counts[e.kind] = (counts[e.kind] ?? 0) + 1;
    expect(counts).toEqual({ move: 9, rejection: 1, reveal: 1, note: 1, interview: 1, qualify: 1 });
    expect(res.body.pagination.dataCount).toBe(14);
    const newest = res.body.data[0];
    expect(newest).toMatchObject({
      kind: 'qualify',
      project: { title: 'Dashboard Beta' },
      candidate: { name: h.names[4] },
      at: '2024-03-15T10:00:00.000Z',
    });
    expect(newest.actor.kind).toBe('admin');
    expect(newest.actor.name).toBeTruthy();
  });

  it('filters by kind and shows a hidden candidate to admins flagged as such', async () => {
    const res = await admin.get(`/dashboard/ta-recruitment-event-log?${RANGE}&kind=rejection`);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      kind: 'rejection',
      fromStage: 'qualify',
      toStage: 'rejected',
      candidate: { name: h.names[2], adminAnonymous: true },
    });
    const moves = await admin.get(`/dashboard/ta-recruitment-event-log?${RANGE}&kind=move&projectId=Project:${h.beta}`);
    expect(moves.status, JSON.stringify(moves.body)).toBe(200);
    expect(moves.body.pagination.dataCount).toBe(3);
  });

  it('answers the qualify requests alone, with their admin and the candidate named through the gate', async () => {
    const res = await admin.get(`/dashboard/ta-recruitment-event-log?${RANGE}&kind=qualify`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      kind: 'qualify',
      activity: 'qualifyRequested',
      fromStage: null,
      actor: { kind: 'admin' },
      candidate: { name: h.names[4], adminAnonymous: false },
    });
    expect(res.body.data[0].actor.name).toBeTruthy();
    expect(res.body.pagination.dataCount).toBe(1);
  });
});

describe('Recruitment activity log at scale', () => {
  /** `n` reveals, one a minute from 2022-06-01, about candidates of the seeded history. */
  const addReveals = (n: number) =>
    t.knex.raw(
      `insert into candidate_recruitment_stage_logs (candidate_id, activity, actor_kind, created_at, updated_at)
       select ?, ${ACTIVITY.revealed}, 1, at, at from (select timestamptz '2022-06-01' + make_interval(mins => i) as at from generate_series(1, ?) i) g`,
      [h.candidates[0], n],
    );
  const log = (query: string) => admin.get(`/dashboard/ta-recruitment-event-log?from=2022-06-01&to=2022-06-30${query}`);

  it('counts exactly up to 10,000 events, says 10,000+ above, and pages newest first up to there', async () => {
    await addReveals(10_000);
    const exact = await log('');
    expect(exact.status, JSON.stringify(exact.body)).toBe(200);
    expect(exact.body.pagination).toMatchObject({ dataCount: 10_000, countCapped: false, pagesCount: 200 });
    await addReveals(1);
    const capped = await log('&perPage=100&page=2');
    expect(capped.body.pagination).toMatchObject({
      dataCount: 10_000,
      countCapped: true,
      pagesCount: 100,
      currentPage: 2,
    });
    expect(capped.body.data).toHaveLength(100);
    const at = capped.body.data.map((e: { at: string }) => e.at);
    expect(at[0] >= at[99]).toBe(true);
    expect((await log('&perPage=100&page=101')).body.data).toEqual([]);
    await t.knex('candidate_recruitment_stage_logs').whereRaw(`created_at < '2023-01-01'`).delete();
  });
});

describe('Who may read the dashboards', () => {
  const paths = [
    'activity-per-week',
    'project-overview-log-per-week',
    'ta-project-assignment-log',
    'ta-recruitment-event-log',
  ];

  it('refuses companies, RaaS companies and candidates (403) and visitors (401)', async () => {
    for (const email of [
      'owner@acme.example.com',
      'member@acme.example.com',
      'owner@raas.example.com',
      'candidate@example.com',
    ]) {
      const who = client(t, await t.login(email));
      for (const path of paths)
        expect((await who.get(`/dashboard/${path}?${RANGE}`)).status, `${email} ${path}`).toBe(403);
    }
    for (const path of paths) expect((await client(t).get(`/dashboard/${path}`)).status).toBe(401);
  });

  it('answers bad filters with a 400 naming the field', async () => {
    const bad = [
      ['activity-per-week?from=2026-10-20&to=2026-10-01', 'from'],
      ['activity-per-week?from=2020-01-01&to=2026-10-01', 'from'],
      ['project-overview-log-per-week?week=yesterday', 'week'],
      ['ta-project-assignment-log?companyId=Project:1', 'companyId'],
      ['ta-recruitment-event-log?kind=bogus', 'kind'],
      ['ta-recruitment-event-log?perPage=100000', 'perPage'],
    ];
    for (const [path, field] of bad) {
      const res = await admin.get(`/dashboard/${path}`);
      expect(res.status, path).toBe(400);
      expect(JSON.stringify(res.body), path).toContain(field);
    }
  });
});

describe('Recruiter dashboard', () => {
  const get = async (who: Client, query: string) => who.get(`/dashboard/recruiter?${RANGE}${query}`);

  it("shows a company its projects' funnel, conversion, days in each stage, interview requests and credits spent", async () => {
    const owner = client(t, await t.login('owner@acme.example.com'));
    const res = await get(owner, `&projectId=Project:${h.alpha}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.funnel).toEqual({ ...zeroStages, interviewing: 1, shortlist: 1, rejected: 1 });
    expect(res.body.movedInto).toEqual({ ...zeroStages, qualify: 3, shortlist: 2, interviewing: 1, rejected: 1 });
    // 2 of the 3 longlisted were shortlisted, 1 of the 2 shortlisted interviewed.
    expect(res.body.conversion.slice(0, 3)).toEqual([
      { from: 'qualify', to: 'shortlist', rate: 0.667 },
      { from: 'shortlist', to: 'interviewing', rate: 0.5 },
      { from: 'interviewing', to: 'interviewing2', rate: 0 },
    ]);
    // Longlist: c1 2 days minus an hour, c2 3 days minus 5 minutes, c3 3 days plus 7 hours: the median is c2's.
    expect(res.body.medianDays.qualify).toBe(3);
    // Shortlist: c1 from Wed 10:00 to the next Monday 10:00, 5 days.
    expect(res.body.medianDays.shortlist).toBe(5);
    expect(res.body.interviewRequests).toEqual({ sent: 2, answered: 1, approved: 1 });
    expect(res.body.creditsSpent).toBe(1);
  });

  it('counts the funnel as the board does: a hidden row and a candidate the company no longer meets are left out', async () => {
    const owner = client(t, await t.login('owner@acme.example.com'));
    const [c1, c2] = h.candidates;
    await t.knex('project_candidates').where({ project_id: h.alpha, candidate_id: c2 }).update({ is_hidden: true });
    await t.knex('candidates').where('id', c1).update({ status: CANDIDATE_STATUS.semiActive });
    try {
      const res = await get(owner, `&projectId=Project:${h.alpha}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.funnel).toEqual({ ...zeroStages, rejected: 1 });
      const board = await owner.get(`/projects/pipe-line?project_id=${h.alpha}`);
      expect(board.status, JSON.stringify(board.body)).toBe(200);
      expect({ ...board.body.stats, open: 0 }).toEqual(res.body.funnel);
    } finally {
      await t.knex('project_candidates').where({ project_id: h.alpha, candidate_id: c2 }).update({ is_hidden: false });
      await t.knex('candidates').where('id', c1).update({ status: CANDIDATE_STATUS.active });
    }
  });

  it('reads the median days of a period holding more than 10,000 stays from an even share of them, and says so', async () => {
    // 100 candidates of project Alpha moved 121 times each in 2022, two days apart, between shortlist and interview.
    await t.knex.raw(
      `insert into candidate_recruitment_stage_logs (candidate_id, activity, project_id, to_stage, actor_kind, created_at, updated_at)
       select c.id, ${ACTIVITY.stageChanged}, ?, case k % 2 when 0 then ${STAGES.shortlist} else ${STAGES.interviewing} end, 2, a.at, a.at
       from (select id from candidates order by id limit 100) c cross join generate_series(0, 120) k
       cross join lateral (select timestamptz '2022-01-03 10:00Z' + make_interval(days => 2 * k) as at) a`,
      [h.alpha],
    );
    await t.knex('rollup_marks').delete();
    await rollupDaily(t.knex);
    const owner = client(t, await t.login('owner@acme.example.com'));
    const res = await owner.get(`/dashboard/recruiter?from=2022-01-01&to=2022-12-31&projectId=Project:${h.alpha}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.movedInto).toMatchObject({ shortlist: 6100, interviewing: 6000 });
    expect(res.body.medianDays).toMatchObject({ shortlist: 2, interviewing: 2 });
    expect(res.body.medianDaysEstimated).toBe(true);
    expect((await get(owner, `&projectId=Project:${h.alpha}`)).body.medianDaysEstimated).toBe(false);
    await t.knex('candidate_recruitment_stage_logs').whereRaw(`created_at < '2023-01-01'`).delete();
    await t.knex('recruitment_stage_stays').where('day', '<', '2023-01-01').delete();
    await t.knex('recruitment_stage_daily').where('day', '<', '2023-01-01').delete();
  });

  it('lets an admin read a named company, and refuses other companies, unopened projects and candidates', async () => {
    const globex = await admin.get(`/dashboard/recruiter?${RANGE}&companyId=Company:${h.globex}`);
    expect(globex.status).toBe(200);
    expect(globex.body.movedInto).toEqual({ ...zeroStages, qualify: 2, shortlist: 1 });
    expect(globex.body.funnel).toEqual({ ...zeroStages, qualify: 1, shortlist: 1 });
    expect((await admin.get(`/dashboard/recruiter?${RANGE}`)).status).toBe(400);
    const owner = client(t, await t.login('owner@acme.example.com'));
    expect((await get(owner, `&companyId=Company:${h.globex}`)).status).toBe(403);
    expect((await get(owner, `&projectId=Project:${h.beta}`)).status).toBe(404);
    // The Acme member was not given access to Alpha: it is not among their projects.
    const member = client(t, await t.login('member@acme.example.com'));
    const mine = await get(member, '');
    expect(mine.status).toBe(200);
    expect(mine.body.projects.map((p: { id: string }) => p.id)).not.toContain(`Project:${h.alpha}`);
    expect((await get(member, `&projectId=Project:${h.alpha}`)).status).toBe(404);
    expect((await get(client(t, await t.login('candidate@example.com')), '')).status).toBe(403);
  });
});
