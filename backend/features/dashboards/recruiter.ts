/**
 * GET dashboard/recruiter: a company's own dashboard over a period (spec section 1): its projects'
 * funnel (candidates in each stage now, the sum of each project's tab counts by the rule the tabs and the
 * project list count by, projectStats: the first stage holds the saved searches' matches as the Suggested
 * tab does), the moves into each stage in the period and the conversion from each stage (conversionOf: of the
 * candidates moved into it in the period, the share moved on to a later stage by the period's end, so never above 1),
 * the median days candidates spent in each stage before leaving it, interview requests (not job descriptions) sent
 * and answered (of the candidates the caller's board shows, onBoardSql, as the interview-request lists hold them),
 * and credits spent: the plan charges only (CHARGE_ACTIONS), not credits an admin deleted or reduced, lots written
 * off on expiry nor credits taken back for a refund. `range` answers the period read: the one asked, or by default
 * the last 12 weeks (inputs.ts). A RaaS company's moves leave out the stages its board never has (the suggested tab,
 * the longlist) and count a move into interviewing 2, offered or placed only for a candidate whose interview was
 * scheduled, as its board shows them (stageVisibleToRaas). The medians read the stays the daily rollup pairs from the
 * moves (recruitment_stage_stays) plus today's live moves; a period with more than 10,000 stays is read through an
 * even share of them and says so (medianDaysEstimated).
 *
 * Who sees what: company and RaaS company users see the projects they may open (a Member only
 * those shared with them, by the declared Project read rule), credits spent included: a Member's
 * counts the charges of those projects only, never the company's charges naming no project
 * (readsEveryCharge); admins name the company. Another company's id is refused (403), a project
 * outside the set is not found (404).
 */
import { subject as asSubject } from '@casl/ability';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { AppAbility } from '../../../schema/ability';
import { CHARGE_ACTIONS, CREDIT_ACTIONS, readsEveryCharge } from '../../../schema/rules/credits';
import { ACTIVITY, REQUEST_KIND, REQUEST_STATE, STAGE_ORDER, STAGES } from '../../../schema/rules/pipeline';
import { pipelineRole, RAAS_STAGES, tabsFor } from '../../../schema/rules/stages';
import type { Actor } from '../../../schema/roles';
import { onBoardSql, viewerOf, type Viewer } from '../../../schema/rules/visibility';
import { camelKeys, id } from '../../../schema/validation/inputs';
import { badRequest, forbidden, notFound } from '../../errors';
import { textOrder } from '../../db/textOrder';
import { scopeQuery } from '../../permissions/sql';
import { projectStats } from '../projects';
import { readersZone, dayIn } from '../../services/zones';
import { dayRange, optional, zoneFields } from './inputs';
import { rolledThrough, STAYS_ENDED, stageMovesByWeek } from './rollups';
import { STAGE_KEYS, stageKeyOf } from './weekly';

export const recruiterQuery = z.preprocess(
  camelKeys,
  z.object({
    from: optional(z.iso.date()),
    to: optional(z.iso.date()),
    companyId: optional(id('company')),
    projectId: optional(id('project')),
    ...zoneFields,
  }),
);

/** The projects' columns their tab counts read (projectStats), camel-cased. */
const PROJECT_COLUMNS = [
  'projects.id',
  'projects.guid',
  'projects.title',
  'projects.status',
  'projects.company_id as companyId',
  'projects.owner_id as ownerId',
  'projects.advocate_id as advocateId',
  'projects.project_type as projectType',
  'projects.plan',
  'projects.current_url as currentUrl',
  'projects.is_admin_project as isAdminProject',
  'projects.shared_user_ids as sharedUserIds',
  'projects.shared_with_company as sharedWithCompany',
];

const zeros = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<string, number>;

/** The company whose dashboard is read: a company user's own; someone of no company (an admin) names one they may read. */
function companyOf(ability: AppAbility, actor: Actor, asked: number | undefined): number {
  if (actor.companyId) {
    if (asked && asked !== actor.companyId) throw forbidden();
    return actor.companyId;
  }
  if (!asked) throw badRequest({ companyId: 'companyId.errors.required' });
  if (!ability.can('read', asSubject('Company', { id: asked }))) throw forbidden();
  return asked;
}

/** Stays counted exactly up to this many in the period; above it, an even share of them near this many. */
export const EXACT_STAYS = 10_000;

/**
 * The stages the viewer's board shows a candidate in only once their interview was scheduled (a RaaS company's:
 * interviewing 2, offered, placed; stageVisibleToRaas), and the condition a stage log row `l` meets then. Moves into
 * and stays in them are read from the stage log, the rollups not knowing the candidate.
 */
const scheduledOnly = (viewer: Viewer): readonly number[] =>
  viewer === 'raasCompany' ? RAAS_STAGES.afterInterview : [];
const INTERVIEW_SCHEDULED = `exists (select 1 from project_candidates pc
  where pc.project_id = l.project_id and pc.candidate_id = l.candidate_id and pc.interview_scheduled_at is not null)`;

/** The period's first instant and the instant after it (Bounds), bound as timestamps. */
const START = `?::timestamptz`;
const END = `?::timestamptz`;

/**
 * The period read: its days (`from`, `to`, as answered), the instants its first day starts and the day after its last
 * starts in the reader's zone (`start`, `end`), the zone, and the last day the rollups may be read through (`mark`):
 * the rollups hold UTC days, so a period of another zone's days is read from the logs alone (mark null).
 */
type Period = { from: string; to: string; start: string; end: string; zone: string; mark: string | null };

async function periodOf(knex: Knex, range: { from: string; to: string }, zone: string, through: string | null) {
  const { rows } = await knex.raw(
    `select to_char((?::date)::timestamp at time zone ? at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as start,
            to_char((?::date + 1)::timestamp at time zone ? at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as end`,
    [range.from, zone, range.to, zone],
  );
  return { ...range, start: rows[0].start, end: rows[0].end, zone, mark: zone === 'UTC' ? through : null } as Period;
}

/**
 * The median days in each stage of the stays that ended in the range: the rolled-up stays up to the
 * rollup's mark and the live moves after it. `moves`, the moves in the range, bounds how many stays
 * there are: above EXACT_STAYS the median is read from the share of stays whose sample is under
 * the share needed, so the read stays near EXACT_STAYS rows whatever the period. The stays in the
 * stages `later` (scheduledOnly) are read from the log over the whole range, of scheduled candidates only.
 */
async function medianStays(
  knex: Knex,
  ids: number[],
  range: Period,
  { moves, later }: { moves: number; later: readonly number[] },
) {
  const through = range.mark ?? '1970-01-01';
  // The live stays: those after the rollups' mark (after none, when the period is not read in UTC days).
  const after = range.mark ? `(?::date + 1)::timestamp at time zone 'UTC'` : `?::timestamptz`;
  const afterArg = range.mark ?? '-infinity';
  const share = moves > EXACT_STAYS ? Math.ceil((100 * EXACT_STAYS) / moves) : 100;
  const samples = share < 100 ? Array.from({ length: share }, (_, i) => i) : null;
  const rolledSample = samples ? ' and sample = any(?::int[])' : '';
  const sampleArgs = samples ? [samples] : [];
  const logged = `${STAYS_ENDED}
    where l.project_id = any(?::int[]) and l.activity = ${ACTIVITY.stageChanged} and l.candidate_id is not null${samples ? ' and l.id % 100 = any(?::int[])' : ''}`;
  const parts = [
    `select stage, seconds from recruitment_stage_stays
       where project_id = any(?::int[])${rolledSample} and day between ?::date and least(?::date, ?::date)
         and stage <> all(?::int[])`,
    `select stage, seconds from (${logged} and prev.to_stage <> all(?::int[])
       and l.created_at >= greatest(${after}, ${START}) and l.created_at < ${END}) live`,
  ];
  const args = [ids, ...sampleArgs, range.from, range.to, through, [...later]];
  args.push(ids, ...sampleArgs, [...later], afterArg, range.start, range.end);
  if (later.length) {
    parts.push(`select stage, seconds from (${logged} and prev.to_stage = any(?::int[]) and ${INTERVIEW_SCHEDULED}
       and l.created_at >= ${START} and l.created_at < ${END}) scheduled`);
    args.push(ids, ...sampleArgs, [...later], range.start, range.end);
  }
  const { rows } = await knex.raw(
    `select stage, percentile_cont(0.5) within group (order by seconds)::float / 86400 as median, count(*)::int as n
     from (${parts.join(' union all ')}) s group by stage`,
    args,
  );
  return { rows: rows as { stage: number; median: number; n: number }[], estimated: samples !== null };
}

/**
 * The interview requests (not the job descriptions, also kept there) of projects `ids` created in the range: sent,
 * answered (approved or rejected) and approved, of the candidates the viewer's board of each project shows
 * (onBoardSql: met at all, in a stage they see), the filter the interview-request lists apply.
 */
function requestCounts(knex: Knex, viewer: Viewer, ids: number[], range: Period) {
  return knex('interview_requests as ir')
    .join('candidates as c', 'c.id', 'ir.candidate_id')
    .join('project_candidates as pc', (j) =>
      j.on('pc.project_id', 'ir.project_id').andOn('pc.candidate_id', 'ir.candidate_id'),
    )
    .whereIn('ir.project_id', ids)
    .where('ir.kind', REQUEST_KIND.interview)
    .whereRaw(onBoardSql(viewer, 'c', 'pc'))
    .whereRaw(`ir.created_at >= ${START} and ir.created_at < ${END}`, [range.start, range.end])
    .first(
      knex.raw('count(*)::int as sent'),
      knex.raw(
        `count(*) filter (where ir.state in (${REQUEST_STATE.approved}, ${REQUEST_STATE.rejected}))::int as answered`,
      ),
      knex.raw(`count(*) filter (where ir.state = ${REQUEST_STATE.approved})::int as approved`),
    );
}

/**
 * The moves into each of the board's `stages` in the range. A RaaS company's board shows interviewing 2, offered
 * and placed only once an interview was scheduled (stageVisibleToRaas): moves into them are read from the stage log
 * for candidates whose row says so, the rollups not knowing the candidate; the stages it never has are left out.
 */
async function movesInto(
  knex: Knex,
  viewer: Viewer,
  stages: string[],
  moves: { stage: number; moves: number }[],
  ids: number[],
  range: Period,
): Promise<Record<string, number>> {
  const later = scheduledOnly(viewer);
  const counted = moves.filter((m) => !later.includes(m.stage));
  if (later.length) {
    const { rows } = await knex.raw(
      `select l.to_stage as stage, count(*)::int as moves from candidate_recruitment_stage_logs l
        where l.project_id = any(?::int[]) and l.activity = ${ACTIVITY.stageChanged} and l.to_stage = any(?::int[])
          and ${INTERVIEW_SCHEDULED} and l.created_at >= ${START} and l.created_at < ${END}
        group by 1`,
      [ids, [...later], range.start, range.end],
    );
    counted.push(...(rows as { stage: number; moves: number }[]));
  }
  const into = zeros(stages);
  for (const m of counted) {
    const key = stageKeyOf(m.stage);
    if (key && key in into) into[key] += m.moves;
  }
  return into;
}

/** The credit log's codes of the plan charges (spendCredits): what "credits spent" sums. */
const CHARGE_CODES = CHARGE_ACTIONS.map((a) => CREDIT_ACTIONS[a]);

/**
 * The conversion cohorts of each of the board's stages `order` (in its order): the candidates (of a project) moved
 * into the stage in the range, and of them those moved into any later stage of `order` after their first move into it
 * and before the range's end. Moves into stages the viewer's board shows only once an interview was scheduled
 * (scheduledOnly) count for those candidates only, as movesInto counts them. Read from the stage log in one query:
 * each candidate's first and last move into each stage, and the last move into any later stage.
 */
async function conversionOf(
  knex: Knex,
  viewer: Viewer,
  order: string[],
  ids: number[],
  range: Period,
): Promise<Map<string, { entered: number; advanced: number }>> {
  const stageIds = order.map((k) => STAGES[k as keyof typeof STAGES]);
  const { rows } = await knex.raw(
    `with moves as (
       select l.project_id, l.candidate_id, array_position(?::int[], l.to_stage) as pos,
              min(l.created_at) as first_at, max(l.created_at) as last_at
         from candidate_recruitment_stage_logs l
        where l.project_id = any(?::int[]) and l.activity = ${ACTIVITY.stageChanged} and l.candidate_id is not null
          and l.to_stage = any(?::int[]) and (l.to_stage <> all(?::int[]) or ${INTERVIEW_SCHEDULED})
          and l.created_at >= ${START} and l.created_at < ${END}
        group by 1, 2, 3),
     reach as (
       select pos, first_at, max(last_at) over (partition by project_id, candidate_id order by pos desc
                rows between unbounded preceding and 1 preceding) as later_at
         from moves)
     select pos, count(*)::int as entered, count(*) filter (where later_at >= first_at)::int as advanced
       from reach group by pos`,
    [stageIds, ids, stageIds, [...scheduledOnly(viewer)], range.start, range.end],
  );
  return new Map((rows as { pos: number; entered: number; advanced: number }[]).map((r) => [order[r.pos - 1], r]));
}

export async function recruiterDashboard(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  query: z.output<typeof recruiterQuery>,
) {
  const companyId = companyOf(ability, actor, query.companyId);
  // The reader's days (UTC days when no zone is named), as the credit log reads them: the default end is their today.
  const zone = await readersZone(knex, query.timeZone);
  const days = dayRange(query, dayIn(zone));
  const [projects, through] = await Promise.all([
    scopeQuery(knex('projects'), ability, 'read', 'Project', 'projects')
      .where('projects.company_id', companyId)
      .orderByRaw(`${textOrder('projects.title')}, projects.id`)
      .select(PROJECT_COLUMNS),
    rolledThrough(knex),
  ]);
  const range = await periodOf(knex, days, zone, through);
  let ids = projects.map((p) => p.id as number);
  if (query.projectId) {
    if (!ids.includes(query.projectId)) throw notFound();
    ids = [query.projectId];
  }
  const viewer = viewerOf(actor);
  const [counts, moves, requests, credits] = await Promise.all([
    projectStats(
      knex,
      ability,
      actor,
      projects.filter((p) => ids.includes(p.id as number)),
    ),
    stageMovesByWeek(knex, range, { projectIds: ids }, { through: range.mark, zone }),
    requestCounts(knex, viewer, ids, range),
    knex('credit_logs')
      .where('company_id', companyId)
      .whereIn('action', CHARGE_CODES)
      .modify((q) => (query.projectId || !readsEveryCharge(actor) ? q.whereIn('project_id', ids) : q))
      .whereRaw(`created_at >= ${START} and created_at < ${END}`, [range.start, range.end])
      .first(knex.raw('coalesce(-sum(amount), 0)::float as spent')),
  ]);
  const stays = await medianStays(knex, ids, range, {
    moves: moves.reduce((n, m) => n + m.moves, 0),
    later: scheduledOnly(viewer),
  });
  // The stages the caller's board has: a RaaS company's has no suggested tab nor longlist, the advocates' work, so
  // neither its funnel nor its moves, conversions and stays name them (spec section 4).
  const seen = tabsFor(pipelineRole(actor));
  const stages = STAGE_KEYS.filter((key) => seen.includes(STAGES[key as keyof typeof STAGES]));
  const funnel = zeros(stages);
  for (const stats of counts.values()) for (const key of stages) funnel[key] += stats[key];
  const movedInto = await movesInto(knex, viewer, stages, moves, ids, range);
  const order = STAGE_ORDER.filter((s) => s !== STAGES.open && seen.includes(s)).map((s) => stageKeyOf(s) as string);
  const cohorts = await conversionOf(knex, viewer, order, ids, range);
  const conversion = order.slice(0, -1).map((from, i) => {
    const c = cohorts.get(from);
    return { from, to: order[i + 1], rate: c?.entered ? Math.round((c.advanced / c.entered) * 1000) / 1000 : null };
  });
  const medianDays = Object.fromEntries(stages.map((k) => [k, null as number | null]));
  for (const r of stays.rows) {
    const key = stageKeyOf(r.stage);
    if (key && key in medianDays) medianDays[key] = Math.round(r.median * 10) / 10;
  }
  return {
    success: true,
    range: days,
    timeZone: zone,
    company: { id: `Company:${companyId}` },
    projects: projects.map((p) => ({ id: `Project:${p.id}`, title: p.title, status: p.status })),
    stages,
    funnel,
    movedInto,
    conversion,
    medianDays,
    medianDaysEstimated: stays.estimated,
    interviewRequests: {
      sent: requests?.sent ?? 0,
      answered: requests?.answered ?? 0,
      approved: requests?.approved ?? 0,
    },
    creditsSpent: credits?.spent ?? 0,
  };
}
