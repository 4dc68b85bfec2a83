/**
 * GET dashboard/ta-recruitment-event-log: every move, rejection, reveal, note, interview or job-
 * description request and WhatsApp qualify request, with who did it, the project, the candidate and
 * when; newest first, paged. Filters: kind, date range or week, company, project, admin (acting, or
 * the project's advocate or owner); the range's days are the reader's `timeZone` (inputs.ts), UTC days
 * without it, and each event's time is answered as an instant for the reader to show in their zone.
 * Candidates are named through the candidate gate
 * (backend/services/candidateGate) in the event's project: admins see the names of the candidates
 * they meet, flagged when the candidate hides them from companies.
 *
 * Its cost follows the page, not the range: each source walks its (created_at, id) index newest
 * first (a project's through (project_id, created_at, id)), both carrying the columns the kinds
 * are told by, and stops at the rows the page needs. The total is exact up to 10,000 events and
 * "10,000+" above (pagination.countCapped), as search counts: pages end at the 10,000th event, and
 * a narrower range or filter reaches older ones.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { ACTIVITY, STAGES } from '../../../schema/rules/pipeline';
import type { Actor } from '../../../schema/roles';
import { camelKeys } from '../../../schema/validation/inputs';
import { inProject, present, shownColumns, viewerOf, type GateRow } from '../../services/candidateGate';
import { dayIn, readersZone } from '../../services/zones';
import { dayRange, filterFields, optional, pageFields, pageOf, pagination, zoneFields } from './inputs';
import { stageKeyOf } from './weekly';

export const EVENT_KINDS = ['move', 'rejection', 'reveal', 'note', 'interview', 'qualify'] as const;
type EventKind = (typeof EVENT_KINDS)[number];

export const recruitmentQuery = z.preprocess(
  camelKeys,
  z.object({ ...filterFields, ...zoneFields, ...pageFields, kind: optional(z.enum(EVENT_KINDS)) }),
);

const A = ACTIVITY;
/** Which activity-log rows each kind is (qualify requests have their own table). */
const LOG_KINDS: Record<Exclude<EventKind, 'qualify'>, string> = {
  move: `l.activity = ${A.stageChanged} and l.to_stage <> ${STAGES.rejected}`,
  rejection: `l.activity = ${A.stageChanged} and l.to_stage = ${STAGES.rejected}`,
  reveal: `l.activity = ${A.revealed}`,
  note: `l.activity in (${A.noteAdded}, ${A.noteEdited}, ${A.noteDeleted})`,
  interview: `l.activity in (${A.interviewRequested}, ${A.whitelistRequested})`,
};
const kindOfRow = (activity: number | null, toStage: number | null): EventKind =>
  activity === null
    ? 'qualify'
    : activity === A.stageChanged
      ? toStage === STAGES.rejected
        ? 'rejection'
        : 'move'
      : activity === A.revealed
        ? 'reveal'
        : activity === A.interviewRequested || activity === A.whitelistRequested
          ? 'interview'
          : 'note';
const ACTIVITY_NAME = Object.fromEntries(Object.entries(A).map(([k, v]) => [v, k]));
const personName = (alias: string) =>
  `nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`;

interface EventRow extends GateRow {
  id: number;
  activity: number | null;
  from_stage: number | null;
  to_stage: number | null;
  created_at: Date;
  project_id: number | null;
  candidate_id: number;
  actor_kind: number | null;
  actor_display: string | null;
  title: string | null;
  company_id: number | null;
  company_name: string | null;
}

/** Counted exactly up to this many events; above it the answer says "10,000+" and its pages end there. */
export const COUNT_CAP = 10_000;

export async function recruitmentEventLog(knex: Knex, actor: Actor, query: z.output<typeof recruitmentQuery>) {
  const zone = await readersZone(knex, query.timeZone);
  const range = dayRange(query, dayIn(zone));
  const { page, perPage, offset } = pageOf(query);
  // A company's projects are read first: a company with none answers without walking the range.
  const companyProjects = query.companyId
    ? ((await knex('projects').where('company_id', query.companyId).pluck('id')) as number[])
    : null;
  // Each source is filtered on its own, walked newest first along its created_at index and cut at
  // the rows the page can need, so the cost follows the page, not the range; the count stops at the cap.
  const sources = (limit: number, ordered: boolean) => {
    const params: Knex.Value[] = [];
    /** The filters on source `alias` (its acting admin given by `actedBy`), then its order and cut. */
    const conditions = (alias: string, actedBy: string, extra: string[]) => {
      const where = [
        ...extra,
        `${alias}.created_at >= (?::date)::timestamp at time zone ?`,
        `${alias}.created_at < (?::date + 1)::timestamp at time zone ?`,
      ];
      params.push(range.from, zone, range.to, zone);
      if (companyProjects) {
        where.push(`${alias}.project_id = any(?::int[])`);
        params.push(companyProjects);
      }
      if (query.projectId) {
        where.push(`${alias}.project_id = ?`);
        params.push(query.projectId);
      }
      if (query.adminId) {
        where.push(`((${actedBy}) or p.advocate_id = ? or p.owner_admin_id = ?)`);
        params.push(query.adminId, query.adminId, query.adminId);
      }
      const tail = ordered ? ` order by ${alias}.created_at desc, ${alias}.id desc` : '';
      params.push(limit);
      const join = query.adminId ? `left join projects p on p.id = ${alias}.project_id ` : '';
      return `${join}where ${where.join(' and ')}${tail} limit ?`;
    };
    const branches: string[] = [];
    const logKinds = query.kind ? (query.kind === 'qualify' ? [] : [LOG_KINDS[query.kind]]) : Object.values(LOG_KINDS);
    if (logKinds.length)
      branches.push(`(select l.id, l.activity, l.from_stage, l.to_stage, l.created_at, l.project_id, l.candidate_id, l.actor_kind, l.actor_id, l.actor_name
        from candidate_recruitment_stage_logs l ${conditions('l', 'l.actor_kind = 1 and l.actor_id = ?', ['l.candidate_id is not null', `(${logKinds.map((k) => `(${k})`).join(' or ')})`])})`);
    if (!query.kind || query.kind === 'qualify')
      // Named columns: a union takes its names from its first branch, and this one may stand alone.
      branches.push(`(select q.id, null::smallint as activity, null::int as from_stage, null::int as to_stage, q.created_at, q.project_id,
          q.candidate_id, 1::smallint as actor_kind, q.sent_by_admin_id as actor_id, null::varchar as actor_name
        from qualify_requests q ${conditions('q', 'q.sent_by_admin_id = ?', [])})`);
    return { sql: branches.join(' union all '), params };
  };
  const none = companyProjects?.length === 0;
  const beyond = none || offset >= COUNT_CAP;
  const counted = sources(COUNT_CAP + 1, false);
  const paged = sources(offset + perPage, true);
  const candidate = shownColumns(knex, viewerOf(actor), inProject('pc'), 'ca').map((c) => c.toQuery());
  const [{ rows: countRows }, { rows }] = await Promise.all([
    none
      ? { rows: [{ count: 0 }] }
      : knex.raw(`select count(*)::int as count from (select 1 from (${counted.sql}) e limit ?) c`, [
          ...counted.params,
          COUNT_CAP + 1,
        ]),
    beyond
      ? { rows: [] }
      : knex.raw(
          `select e.*, p.title, p.company_id, c.company_name, ${candidate.join(', ')},
              coalesce(e.actor_name, case e.actor_kind when 1 then ${personName('aa')} when 2 then ${personName('au')} end) as actor_display
       from (${paged.sql}) e
       left join projects p on p.id = e.project_id
       left join companies c on c.id = p.company_id
       left join candidates ca on ca.id = e.candidate_id
       left join project_candidates pc on pc.project_id = e.project_id and pc.candidate_id = e.candidate_id
       left join admins aa on e.actor_kind = 1 and aa.id = e.actor_id
       left join company_users au on e.actor_kind = 2 and au.id = e.actor_id
       order by e.created_at desc, e.id desc limit ? offset ?`,
          [...paged.params, perPage, offset],
        ),
  ]);
  const total = countRows[0].count as number;
  return {
    success: true,
    range,
    data: (rows as EventRow[]).map((r) => {
      const shown = r.gate_id === null ? undefined : present(r);
      const kind = kindOfRow(r.activity, r.to_stage);
      return {
        id: `${kind === 'qualify' ? 'QualifyRequest' : 'CandidateRecruitmentStageLog'}:${r.id}`,
        kind,
        activity: r.activity === null ? 'qualifyRequested' : ACTIVITY_NAME[r.activity],
        fromStage: r.from_stage === null ? null : (stageKeyOf(r.from_stage) ?? null),
        toStage: r.to_stage === null ? null : (stageKeyOf(r.to_stage) ?? null),
        at: new Date(r.created_at).toISOString(),
        actor: {
          kind:
            r.actor_kind === 1 ? 'admin' : r.actor_kind === 2 ? 'companyUser' : r.actor_kind === 3 ? 'candidate' : null,
          name: r.actor_display ?? null,
        },
        project: r.project_id ? { id: `Project:${r.project_id}`, title: r.title ?? null } : null,
        company: r.company_id ? { id: `Company:${r.company_id}`, companyName: r.company_name } : null,
        candidate: {
          id: `Candidate:${r.candidate_id}`,
          name: shown?.name ?? null,
          adminAnonymous: shown?.adminAnonymous ?? false,
        },
      };
    }),
    pagination: { ...pagination(page, perPage, Math.min(total, COUNT_CAP)), countCapped: total > COUNT_CAP },
  };
}
