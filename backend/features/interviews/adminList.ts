/**
 * GET dashboard/interview-request-list: every interview and job-description request across
 * companies for admins; for a company's people, the requests of the projects they may read (the
 * declared Project read rule, so a Member sees only projects shared with them) whose candidate's
 * card they see (a RaaS company's stages after interviewing only once one was scheduled). Filtered
 * by company, project, state, kind, channel and date range, sorted and paged in SQL, with the
 * answer and the reasons, and when the interview a request booked starts (`interviewAt`, sortable). The range's days are the reader's: `timeZone` (an IANA name the portal sends from the
 * browser, which also shows the times in that zone, schema/rules/dates.ts) turns `from`/`to` into that zone's day
 * boundaries in SQL; without it they are UTC days; a zone the runtime or PostgreSQL does not know is a 400 on
 * `timeZone`. The candidate is named through the candidate gate, by their place in the
 * project: an anonymous candidate stays "Anonymous candidate" until revealed, and the text filter
 * matches only the names the caller may read. A request sent by WhatsApp tells how its message went (`delivery`:
 * pending, delivered, or failed with the reason the qualify dialog words the same way), only where its channel is shown
 * (channelShownSql: the gate shows the contact); the reasons name no number.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { REQUEST_CHANNEL, REQUEST_KIND, REQUEST_STATE } from '../../../schema/rules/pipeline';
import type { AppAbility } from '../../../schema/ability';
import { calendarDay, id } from '../../../schema/validation/inputs';
import type { Actor } from '../../../schema/roles';
import { onBoardSql, type Viewer } from '../../../schema/rules/visibility';
import { containsPattern, textContains } from '../../db/textMatch';
import { textOrder } from '../../db/textOrder';
import { scopeQuery } from '../../permissions/sql';
import {
  contactWhen,
  inProject,
  nameMatches,
  present,
  shownColumns,
  viewerOf,
  type GateRow,
} from '../../services/candidateGate';
import { readersZone } from '../../services/zones';
import { dayRange } from '../dashboards';
import { camelKeys } from './inputs';
import { stateName } from './rules';
import { WHATSAPP_STATUS } from './whatsappOutbox';
import { bookedStart } from '../../../schema/rules/zonedTime';

/**
 * SQL: when the interview a request booked starts (the time chosen on accepting, in its schedule's zone), for the sort;
 * null for a request that booked none, or whose zone PostgreSQL does not know.
 */
const BOOKED_START = `(case when ir.state = ${REQUEST_STATE.approved} and ir.schedule_data->>'chosenSlot' is not null
  and coalesce(ir.schedule_data->>'timezone', 'UTC') in (select name from pg_timezone_names)
  then (ir.schedule_data->>'chosenSlot')::timestamp at time zone coalesce(ir.schedule_data->>'timezone', 'UTC') end)`;

const SORTS = {
  createdAt: 'ir.created_at',
  answeredAt: 'ir.answered_at',
  state: 'ir.state',
  company: 'c.company_name',
  project: 'p.title',
  interviewAt: BOOKED_START,
} as const;
/** Names sort alphabetically whatever their case (db/textOrder.ts); rows without a value last both ways. */
const TEXT_SORTS: ReadonlySet<keyof typeof SORTS> = new Set(['company', 'project']);
const sortOf = (sortBy: keyof typeof SORTS, dir: 'asc' | 'desc') =>
  TEXT_SORTS.has(sortBy) ? textOrder(SORTS[sortBy], dir, 'last') : `${SORTS[sortBy]} ${dir} nulls last`;
const optional = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === '' ? undefined : v), s.optional());

/** A request's own columns as both lists read them (`interview_requests ir`). */
export const REQUEST_COLUMNS = [
  'ir.id',
  'ir.candidate_id',
  'ir.kind',
  'ir.channel',
  'ir.state',
  'ir.created_at',
  'ir.answered_at',
  'ir.expires_at',
  'ir.reject_reasons',
  'ir.reject_text',
  'ir.sent_by_name',
] as const;

/**
 * SQL: the viewer may read how a request reached candidate `c` (its channel, how they answered). WhatsApp is chosen
 * only for a phone marked WhatsApp, and email for one says another request messaged them lately: both are the
 * candidate's contact, so shown only where the gate shows the contact (in the project, row `pc`); to admins always.
 */
export const channelShownSql = (viewer: Viewer, c: string, pc: string): string =>
  viewer === 'admin' ? 'true' : contactWhen(viewer, inProject(pc), c);

/** SQL: the status and error of a request's latest WhatsApp message (`interview_requests ir`), for whatsappOut. */
const MESSAGE_SQL = (column: 'status' | 'error') =>
  `(select m.${column} from whatsapp_messages m where m.interview_request_id = ir.id order by m.id desc limit 1) as whatsapp_${column}`;
export const messageColumns = (knex: Knex) => [knex.raw(MESSAGE_SQL('status')), knex.raw(MESSAGE_SQL('error'))];

/** How a WhatsApp request's message went, where its channel is shown; null otherwise (or when none was queued). */
export function whatsappOut(
  channel: 'whatsapp' | 'email' | null,
  status: number | null,
  error: string | null,
): { state: 'pending' | 'delivered' | 'failed'; reason: string | null } | null {
  if (channel !== 'whatsapp' || status === null) return null;
  if (status === WHATSAPP_STATUS.failed) return { state: 'failed', reason: error };
  return { state: status === WHATSAPP_STATUS.delivered ? 'delivered' : 'pending', reason: null };
}

/** A request's channel as the lists and the send reply name it, or null where the viewer may not read it. */
export const channelOut = (channel: number, shown: boolean): 'whatsapp' | 'email' | null =>
  shown ? (channel === REQUEST_CHANNEL.whatsapp ? 'whatsapp' : 'email') : null;

export const listQuery = z.preprocess(
  camelKeys,
  z
    .object({
      companyId: optional(id('company')),
      projectId: optional(id('project')),
      state: optional(z.enum(Object.keys(REQUEST_STATE) as [keyof typeof REQUEST_STATE])),
      kind: optional(z.enum(Object.keys(REQUEST_KIND) as [keyof typeof REQUEST_KIND])),
      channel: optional(z.enum(Object.keys(REQUEST_CHANNEL) as [keyof typeof REQUEST_CHANNEL])),
      from: optional(calendarDay),
      to: optional(calendarDay),
      timeZone: optional(z.string().max(64)),
      q: optional(z.string().trim().max(100)),
      page: optional(z.coerce.number().int().max(100000)),
      perPage: optional(z.coerce.number().int().max(100)),
      // A sort value this list does not offer falls back to the default order (spec section 7), as the projects list's does.
      sortBy: z.enum(Object.keys(SORTS) as [keyof typeof SORTS]).catch('createdAt'),
      sortDir: z.enum(['asc', 'desc']).catch('desc'),
    })
    // A filter this list does not know is refused at its name, not ignored (a misspelt `status` would list every request).
    .strict(),
);

/** The candidate as the list shows them: the name only where the caller may read it. */
const candidateOut = (c: ReturnType<typeof present>) => ({
  id: c.id,
  name: c.name,
  label: c.label,
  anonymous: c.anonymous,
});

export async function interviewRequestList(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  query: z.output<typeof listQuery>,
) {
  // Spec section 5: a page below 1 is the first, a page size below 1 the default.
  const page = Math.max(1, query.page ?? 1);
  const perPage = query.perPage === undefined || query.perPage < 1 ? 25 : query.perPage;
  const viewer = viewerOf(actor);
  const place = inProject('pc');
  const base = scopeQuery(knex('interview_requests as ir'), ability, 'read', 'InterviewRequest', 'ir')
    .join('projects as p', 'p.id', 'ir.project_id')
    .join('candidates as ca', 'ca.id', 'ir.candidate_id')
    .join('project_candidates as pc', (j) =>
      j.on('pc.project_id', 'ir.project_id').andOn('pc.candidate_id', 'ir.candidate_id'),
    )
    .leftJoin('companies as c', 'c.id', 'ir.company_id')
    // Only of candidates the board shows the caller: met at all, in a stage they see.
    .whereRaw(onBoardSql(viewer, 'ca', 'pc'));
  scopeQuery(base, ability, 'read', 'Project', 'p');
  if (query.companyId) base.where('ir.company_id', query.companyId);
  if (query.projectId) base.where('ir.project_id', query.projectId);
  if (query.state) base.where('ir.state', REQUEST_STATE[query.state]);
  if (query.kind) base.where('ir.kind', REQUEST_KIND[query.kind]);
  // Only among requests whose channel the caller may read, so a count never tells a hidden one's channel.
  if (query.channel)
    base.where('ir.channel', REQUEST_CHANNEL[query.channel]).whereRaw(channelShownSql(viewer, 'ca', 'pc'));
  // The reader's days (UTC days when no zone is named), whatever the session's zone; a range both ends name is
  // checked as every dashboard's is (dayRange: `from` after `to`, or too long, is a 400), an open end left open.
  const zone = await readersZone(knex, query.timeZone);
  if (query.from && query.to) dayRange({ from: query.from, to: query.to });
  if (query.from) base.whereRaw('ir.created_at >= (?::date)::timestamp at time zone ?', [query.from, zone]);
  if (query.to) base.whereRaw('ir.created_at < (?::date + 1)::timestamp at time zone ?', [query.to, zone]);
  if (query.q) {
    const like = containsPattern(query.q);
    base.where((w) =>
      w
        .whereRaw(textContains('p.title'), [like])
        .orWhereRaw(textContains('c.company_name'), [like])
        .orWhereRaw(nameMatches(viewer, place, 'ca'), [like]),
    );
  }
  const [{ count }] = await base.clone().count<{ count: string }[]>('* as count');
  const rows = await base
    .clone()
    .select(
      ...REQUEST_COLUMNS,
      'ir.response_method',
      'ir.schedule_data',
      'ir.project_id',
      'ir.company_id',
      'p.title as project_title',
      'c.company_name',
      ...messageColumns(knex),
      ...shownColumns(knex, viewer, place, 'ca'),
    )
    .orderByRaw(sortOf(query.sortBy, query.sortDir))
    .orderBy('ir.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage);
  const total = Number(count);
  // The gate's contact condition (channelShownSql), as the select above computed it for the candidate.
  const channelShown = (r: { gate_sees_contact: boolean }) => viewer === 'admin' || Boolean(r.gate_sees_contact);
  return {
    success: true,
    data: rows.map((r) => ({
      id: `InterviewRequest:${r.id}`,
      kind: r.kind === REQUEST_KIND.interview ? 'interview' : 'whitelist',
      channel: channelOut(r.channel, channelShown(r)),
      delivery: whatsappOut(
        channelOut(r.channel, channelShown(r)),
        r.whatsapp_status ?? null,
        r.whatsapp_error ?? null,
      ),
      state: stateName(r.state),
      createdAt: new Date(r.created_at).toISOString(),
      answeredAt: r.answered_at ? new Date(r.answered_at).toISOString() : null,
      expiresAt: new Date(r.expires_at).toISOString(),
      interviewAt: r.state === REQUEST_STATE.approved ? bookedStart(r.schedule_data) : null,
      responseMethod: channelShown(r) ? r.response_method : null,
      rejectReasons: r.reject_reasons ?? [],
      rejectText: r.reject_text,
      sentByName: r.sent_by_name,
      project: { id: `Project:${r.project_id}`, title: r.project_title },
      company: r.company_id ? { id: `Company:${r.company_id}`, companyName: r.company_name } : null,
      candidate: candidateOut(present(r as GateRow)),
    })),
    pagination: { currentPage: page, pageSize: perPage, pagesCount: Math.ceil(total / perPage), dataCount: total },
  };
}
