/**
 * Demo projects, so a fresh start shows a lived-in product: Acme (normal company) hiring for four
 * roles in different states, one of them shared with its Member; Northwind Talent (RaaS) with a
 * free and a Power project; and an internal talent pool of the advocates. Active demo candidates
 * are curated into them at various stages. Deterministic (candidates taken in id order) and
 * idempotent (a project is known by its company and title). The Power project is activated when
 * created, and its activation and guarantee are in the credit log (credits.ts); interviews have the
 * schedule their move wrote, and some candidates the interview request their owner sent (interviews.ts).
 */
import type { Knex } from 'knex';
import { PROJECT_PLAN } from '../../schema/rules/pipeline';
import { cycleEnd } from '../../schema/rules/plans';
import { chargeSeededPlan } from './credits';
import { logSeededMoves } from './history';
import { slotStarts } from '../../schema/validation/schedule';
import { interviewMoves, scheduleAt, seedRequests, type RequestAnswer, type SeededRequest } from './interviews';

interface Placement {
  stage: number;
  count: number;
  /** Interview scheduled (interviewing and beyond), rejected from, guaranteed. */
  scheduled?: boolean;
  rejectedFrom?: number;
  guaranteed?: boolean;
  /** The interview request its owner sent the candidate, and how they answered it. */
  request?: RequestAnswer;
}

interface DemoProject {
  company: string | null;
  owner: string | null;
  title: string;
  jobTitle: string;
  countries: string[];
  status: 0 | 1 | 3;
  plan: 1 | 2;
  workingMode: 1 | 2 | 3;
  salary: [number, number];
  headcount: number;
  description: string;
  /**
   * The saved search filters, as /search writes them: lookup keys hold row ids, never names. A `{city:Name}`
   * stands for the id of that city (the most populous of the name), read when the project is seeded.
   */
  filters: string;
  /** Patterns (ILIKE) of the latest job titles of the candidates curated into it, so the pipeline holds people of the trade. */
  match: string[];
  sharedWithMember?: boolean;
  placements: Placement[];
}

const DAY = 86400_000;

const PROJECTS: DemoProject[] = [
  {
    company: 'Acme',
    owner: 'owner@acme.example.com',
    title: 'Senior Backend Engineer',
    jobTitle: 'Backend Engineer',
    countries: ['SG', 'MY'],
    status: 0,
    plan: 1,
    workingMode: 3,
    salary: [9000, 13000],
    headcount: 2,
    description:
      'Design and run the services behind our payments platform: TypeScript and Go on PostgreSQL, owned end to end by a team of eight.',
    filters: 'ts=backend&l={city:Singapore}',
    match: ['%backend%', '%software%', '%developer%', '%full stack%', '%platform engineer%', '%devops%'],
    placements: [
      { stage: 0, count: 3 },
      { stage: 1, count: 2 },
      { stage: 2, count: 2 },
      { stage: 3, count: 1, scheduled: true, request: 'declined' },
      { stage: 4, count: 1, scheduled: true, request: 'accepted' },
      { stage: 6, count: 1, rejectedFrom: 2 },
    ],
  },
  {
    company: 'Acme',
    owner: 'member@acme.example.com',
    title: 'Data Analyst',
    jobTitle: 'Data Analyst',
    countries: ['SG'],
    status: 0,
    plan: 1,
    workingMode: 2,
    salary: [5500, 7500],
    headcount: 1,
    description:
      'Turn our product and sales data into the weekly decisions of the leadership team. SQL first, Python welcome.',
    filters: 'ts=sql%20analyst',
    match: ['%data%', '%analyst%', '%business intelligence%'],
    placements: [
      { stage: 0, count: 2 },
      { stage: 2, count: 1 },
    ],
  },
  {
    company: 'Acme',
    owner: 'owner@acme.example.com',
    title: 'Cloud Engineer',
    jobTitle: 'Cloud Engineer',
    countries: ['SG'],
    status: 1,
    plan: 1,
    workingMode: 1,
    salary: [8000, 11000],
    headcount: 1,
    description:
      'Keep our AWS estate secure, observable and affordable; paused while the platform team settles its roadmap.',
    filters: 'ts=aws',
    match: ['%cloud%', '%devops%', '%platform%', '%site reliability%', '%infrastructure%'],
    sharedWithMember: true,
    placements: [{ stage: 1, count: 2 }],
  },
  {
    company: 'Acme',
    owner: 'owner@acme.example.com',
    title: 'Account Executive (closed)',
    jobTitle: 'Account Executive',
    countries: ['MY'],
    status: 3,
    plan: 1,
    workingMode: 2,
    salary: [4500, 6500],
    headcount: 1,
    description: 'Grow our mid-market accounts in Kuala Lumpur. This role has been filled.',
    filters: '',
    match: ['%account%', '%sales%', '%business development%'],
    // No interview request: closing the project expired its bookings (projects/plans.ts changeStatus).
    placements: [{ stage: 5, count: 1, scheduled: true }],
  },
  {
    company: 'Northwind Talent',
    owner: 'owner@raas.example.com',
    title: 'Account Executive',
    jobTitle: 'Account Executive',
    countries: ['SG'],
    status: 0,
    plan: 1,
    workingMode: 2,
    salary: [5000, 8000],
    headcount: 3,
    description:
      'Open new B2B accounts across Singapore for our recruitment services, with a generous commission plan.',
    filters: '',
    match: ['%account%', '%sales%', '%business development%'],
    // A free RaaS project stops before the interview stages its plan keeps for Power.
    placements: [
      { stage: 1, count: 1 },
      { stage: 2, count: 2 },
    ],
  },
  {
    company: 'Northwind Talent',
    owner: 'owner@raas.example.com',
    title: 'Finance Manager',
    jobTitle: 'Finance Manager',
    countries: ['SG'],
    status: 0,
    plan: 2,
    workingMode: 3,
    salary: [9000, 12000],
    headcount: 1,
    description: 'Own the monthly close, cash flow and audit of a fast-growing services group.',
    filters: '',
    match: ['%financ%', '%accountant%', '%controller%', '%audit%'],
    placements: [
      { stage: 2, count: 1 },
      { stage: 3, count: 1, scheduled: true, request: 'pending' },
      { stage: 7, count: 1, scheduled: true, request: 'accepted' },
      { stage: 4, count: 1, scheduled: true, guaranteed: true, request: 'accepted' },
    ],
  },
  {
    company: null,
    owner: null,
    title: 'Talent pool: cloud and platform engineers',
    jobTitle: 'Cloud Engineer',
    countries: ['SG', 'HK'],
    status: 0,
    plan: 1,
    workingMode: 1,
    salary: [7000, 15000],
    headcount: 5,
    description: 'The advocates’ shortlist of strong cloud and platform engineers, ready for the next client brief.',
    filters: 'ts=kubernetes',
    match: ['%cloud%', '%devops%', '%platform%', '%site reliability%', '%infrastructure%'],
    placements: [{ stage: 0, count: 4 }],
  },
];

export async function loadProjects(knex: Knex): Promise<Record<string, number>> {
  const countries = new Map<string, number>((await knex('countries').select('id', 'code')).map((c) => [c.code, c.id]));
  const general = await knex('admins').where('email', 'admin@example.com').first('id');
  const advocate = await knex('admins').where('email', 'advocate@example.com').first('id');
  const member = await knex('company_users').where('email', 'member@acme.example.com').first('id');
  const anyone = (await knex('candidates')
    .where({ status: 1, visibility: true })
    .orderBy('id')
    .limit(60)
    .pluck('id')) as number[];
  /** Active, visible candidates whose latest job title is of the project's trade (anyone when too few are). */
  const poolFor = async (patterns: string[], size: number): Promise<number[]> => {
    const ids = (await knex('candidates as c')
      .join('candidate_search_documents as d', 'd.id', 'c.id')
      .where({ 'c.status': 1, 'c.visibility': true })
      .whereRaw('d.latest_job_title ilike any(?::text[])', [patterns])
      .orderBy('c.id')
      .limit(size)
      .pluck('c.id')) as number[];
    return ids.length >= size ? ids : [...ids, ...anyone.filter((id) => !ids.includes(id))];
  };
  /** The filters with each `{city:Name}` replaced by that city's id (left out when no such city is seeded). */
  const filtersOf = async (filters: string): Promise<string> => {
    if (!filters.includes('{city:')) return filters;
    const params = new URLSearchParams(filters);
    for (const [key, value] of [...params]) {
      const name = /^\{city:(.+)\}$/.exec(value)?.[1];
      if (!name) continue;
      const city = await knex('cities').where('name', name).orderBy('id').first('id');
      if (city) params.set(key, String(city.id));
      else params.delete(key);
    }
    return params.toString();
  };
  const now = Date.now();
  for (const [n, spec] of PROJECTS.entries()) {
    const company = spec.company
      ? await knex('companies').where('company_name', spec.company).first('id', 'company_type')
      : null;
    if (spec.company && !company) continue;
    const existing = await knex('projects')
      .where('title', spec.title)
      .where((w) => (company ? w.where('company_id', company.id) : w.whereNull('company_id')))
      .first('id');
    if (existing) continue;
    const owner = spec.owner
      ? await knex('company_users').where('email', spec.owner).first('id', 'first_name', 'last_name', 'email')
      : null;
    // The owner interviews: the schedules name them.
    const interviewer = owner
      ? { id: owner.id as number, name: `${owner.first_name} ${owner.last_name}`, email: owner.email as string }
      : null;
    const jobTitle =
      (await knex('job_titles').where('name', spec.jobTitle).first('id')) ??
      (await knex('job_titles').orderBy('id').first('id'));
    const createdAt = new Date(now - (40 - n * 5) * DAY);
    // A Power project is opened as Power: activated (and charged) when created, before any move into a paid stage.
    const power = spec.plan === PROJECT_PLAN.power && spec.status !== 3;
    const [project] = await knex('projects')
      .insert({
        title: spec.title,
        company_id: company?.id ?? null,
        job_title_id: jobTitle.id,
        countries: spec.countries.map((c) => countries.get(c)).filter(Boolean),
        owner_id: owner?.id ?? null,
        owner_admin_id: company ? null : general?.id,
        advocate_id: advocate?.id ?? null,
        project_type: company?.company_type === 4 ? 2 : 1,
        plan: spec.plan,
        status: spec.status,
        working_mode: spec.workingMode,
        notice_period: 1,
        headcount: spec.headcount,
        salary_min: spec.salary[0],
        salary_max: spec.salary[1],
        salary_currency: 'SGD',
        job_description: spec.description,
        current_url: (await filtersOf(spec.filters)) || null,
        is_admin_project: !company,
        checked: true,
        shared_user_ids: spec.sharedWithMember && member ? [member.id] : [],
        activated_at: power ? createdAt : null,
        cycle_ends_at: power ? cycleEnd(createdAt) : null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id');
    const wanted = spec.placements.reduce((sum, p) => sum + p.count, 0);
    const pool = await poolFor(spec.match, wanted);
    let next = 0;
    const requests: Omit<SeededRequest, 'projectId' | 'companyId' | 'description' | 'interviewer'>[] = [];
    const rows = spec.placements.flatMap((placement) =>
      Array.from({ length: placement.count }, () => {
        const candidateId = pool[next % Math.max(pool.length, 1)];
        next += 1;
        const moved = new Date(createdAt.getTime() + (2 + (next % 9)) * DAY);
        const seeded = {
          candidate_id: candidateId,
          stage: placement.stage,
          rejected_from: placement.rejectedFrom ?? null,
          last_recruitment_updated_at: moved,
        };
        // Scheduled at its latest move into an interview stage, with the schedule that move wrote.
        const interviews = placement.scheduled && interviewer ? interviewMoves(createdAt, seeded, new Date(now)) : [];
        const last = interviews.at(-1);
        const schedule = last && interviewer ? scheduleAt(interviewer, last.at, last.until, n * 100 + next) : undefined;
        if (placement.request && interviews.length)
          requests.push({
            candidateId,
            answer: placement.request,
            firstInterview: interviews[0],
            n: n * 100 + next + 50,
          });
        return {
          project_id: project.id,
          candidate_id: candidateId,
          company_id: company?.id ?? null,
          stage: placement.stage,
          rejected_from: placement.rejectedFrom ?? null,
          curated: placement.stage === 0 || next % 2 === 0,
          seen_at: placement.stage === 0 ? null : moved,
          revealed_at: placement.stage === 0 ? null : moved,
          // The interview's start: the schedule's first proposed time, as a move writes it.
          interview_scheduled_at: schedule ? (slotStarts(schedule)[0] ?? null) : null,
          schedule_data: schedule ? JSON.stringify(schedule) : null,
          guaranteed_at: placement.guaranteed ? moved : null,
          last_recruitment_updated_at: moved,
          created_at: createdAt,
        };
      }),
    );
    if (!pool.length || !rows.length) continue;
    const inserted = (await knex('project_candidates')
      .insert(rows)
      .onConflict(['project_id', 'candidate_id'])
      .ignore()
      .returning([
        'candidate_id',
        'stage',
        'rejected_from',
        'last_recruitment_updated_at',
        'guaranteed_at',
      ])) as (Parameters<typeof logSeededMoves>[2][number] & { guaranteed_at: Date | null })[];
    const mover = owner
      ? { kind: 2 as const, id: owner.id as number }
      : advocate
        ? { kind: 1 as const, id: advocate.id as number }
        : null;
    await logSeededMoves(knex, { id: project.id, companyId: company?.id ?? null, createdAt }, inserted, mover);
    if (power && company && owner)
      await chargeSeededPlan(knex, {
        id: project.id,
        projectType: company.company_type === 4 ? 2 : 1,
        plan: spec.plan,
        status: spec.status,
        companyId: company.id,
        ownerId: owner.id,
        activatedAt: createdAt,
        guaranteed: inserted
          .filter((r) => r.guaranteed_at)
          .map((r) => ({ candidateId: r.candidate_id, at: r.guaranteed_at as Date })),
      });
    if (company && interviewer)
      await seedRequests(
        knex,
        requests
          .filter((r) => inserted.some((row) => row.candidate_id === r.candidateId))
          .map((r) => ({
            ...r,
            projectId: project.id,
            companyId: company.id,
            description: spec.description,
            interviewer,
          })),
      );
  }
  const [{ projects }] = await knex('projects').count({ projects: '*' });
  const [{ placed }] = await knex('project_candidates').count({ placed: '*' });
  return { projects: Number(projects), 'project candidates': Number(placed) };
}
