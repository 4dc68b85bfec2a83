/**
 * GET dashboard/recruiter: a company's own dashboard over a period (spec section 1): its projects'
 * funnel (candidates in each stage now), the moves into each stage in the period and the conversion
 * from each stage to the next, the median days candidates spent in each stage before leaving it,
 * interview requests sent and answered, and credits spent.
 *
 * Who sees what: company and RaaS company users see the projects they may open (a Member only
 * those shared with them, by the declared Project read rule); admins name the company. Another
 * company's id is refused (403), a project outside the set is not found (404).
 */
import { subject as asSubject } from '@casl/ability';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { AppAbility } from '../../../schema/ability';
import { ACTIVITY, REQUEST_STATE, STAGE_ORDER, STAGES } from '../../../schema/rules/pipeline';
import type { Actor } from '../../../schema/roles';
import { camelKeys, id } from '../../../schema/validation/inputs';
import { badRequest, forbidden, notFound } from '../../errors';
import { scopeQuery } from '../../permissions/sql';
import { dayRange, optional } from './inputs';
import { stageMovesByWeek } from './rollups';
import { STAGE_KEYS, stageKeyOf } from './weekly';

export const recruiterQuery = z.preprocess(
  camelKeys,
  z.object({ from: optional(z.iso.date()), to: optional(z.iso.date()), companyId: optional(id('company')), projectId: optional(id('project')) }),
);

const zeros = () => Object.fromEntries(STAGE_KEYS.map((k) => [k, 0])) as Record<string, number>;

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

export async function recruiterDashboard(knex: Knex, ability: AppAbility, actor: Actor, query: z.output<typeof recruiterQuery>) {
  const companyId = companyOf(ability, actor, query.companyId);
  const range = dayRange(query);
  const projects = await scopeQuery(knex('projects'), ability, 'read', 'Project', 'projects')
    .where('projects.company_id', companyId)
    .orderBy('projects.title')
    .select('projects.id', 'projects.title', 'projects.status');
  let ids = projects.map((p) => p.id as number);
  if (query.projectId) {
    if (!ids.includes(query.projectId)) throw notFound();
    ids = [query.projectId];
  }
  const start = `?::timestamp at time zone 'UTC'`;
  const end = `(?::date + 1)::timestamp at time zone 'UTC'`;
  const [funnelRows, moves, durations, requests, credits] = await Promise.all([
    knex('project_candidates').whereIn('project_id', ids).groupBy('stage').select('stage', knex.raw('count(*)::int as n')),
    stageMovesByWeek(knex, range, { projectIds: ids }),
    knex.raw(
      `select from_stage as stage, percentile_cont(0.5) within group (order by days)::float as median, count(*)::int as n from (
         select to_stage as from_stage, extract(epoch from lead(created_at) over w - created_at) / 86400 as days, lead(created_at) over w as left_at
         from candidate_recruitment_stage_logs
         where project_id = any(?::int[]) and activity = ${ACTIVITY.stageChanged} and candidate_id is not null and created_at < ${end}
         window w as (partition by project_id, candidate_id order by created_at, id)
       ) s where left_at >= ${start} and left_at < ${end} group by from_stage`,
      [ids, range.to, range.from, range.to],
    ),
    knex('interview_requests')
      .whereIn('project_id', ids)
      .whereRaw(`created_at >= ${start} and created_at < ${end}`, [range.from, range.to])
      .first(
        knex.raw('count(*)::int as sent'),
        knex.raw(`count(*) filter (where state in (${REQUEST_STATE.approved}, ${REQUEST_STATE.rejected}))::int as answered`),
        knex.raw(`count(*) filter (where state = ${REQUEST_STATE.approved})::int as approved`),
      ),
    knex('credit_logs')
      .where('company_id', companyId)
      .where('amount', '<', 0)
      .modify((q) => (query.projectId ? q.where('project_id', query.projectId) : q))
      .whereRaw(`created_at >= ${start} and created_at < ${end}`, [range.from, range.to])
      .first(knex.raw('coalesce(-sum(amount), 0)::float as spent')),
  ]);
  const funnel = zeros();
  for (const r of funnelRows) {
    const key = stageKeyOf(r.stage);
    if (key) funnel[key] = r.n;
  }
  const movedInto = zeros();
  for (const m of moves) {
    const key = stageKeyOf(m.stage);
    if (key) movedInto[key] += m.moves;
  }
  const order = STAGE_ORDER.filter((s) => s !== STAGES.open).map((s) => stageKeyOf(s) as string);
  const conversion = order.slice(0, -1).map((from, i) => ({
    from,
    to: order[i + 1],
    rate: movedInto[from] ? Math.round((movedInto[order[i + 1]] / movedInto[from]) * 1000) / 1000 : null,
  }));
  const medianDays = Object.fromEntries(STAGE_KEYS.map((k) => [k, null as number | null]));
  for (const r of durations.rows) {
    const key = stageKeyOf(r.stage);
    if (key) medianDays[key] = Math.round(r.median * 10) / 10;
  }
  return {
    success: true,
    range,
    company: { id: `Company:${companyId}` },
    projects: projects.map((p) => ({ id: `Project:${p.id}`, title: p.title, status: p.status })),
    stages: STAGE_KEYS,
    funnel,
    movedInto,
    conversion,
    medianDays,
    interviewRequests: { sent: requests?.sent ?? 0, answered: requests?.answered ?? 0, approved: requests?.approved ?? 0 },
    creditsSpent: credits?.spent ?? 0,
  };
}
