/**
 * The daily rollups (schema/entities/internal/dailyRollups.ts) and how they are read.
 *
 * `rollupDaily` recomputes, in one transaction, every day from the day before the last complete one
 * (or from the first logged day on the first run) up to yesterday (UTC), then marks yesterday as
 * complete, and sums the weeks those days fall in again (recruitment_stage_weekly). Running it twice
 * gives the same rows; a write that landed late in yesterday is counted on the next run. Readers take
 * the rollups for the days up to the mark (whole weeks from the weekly one) and the raw rows after it.
 * Besides the counts it keeps every stay a move ended (recruitment_stage_stays, STAYS_ENDED).
 */
import type { Knex } from 'knex';
import { INSIGHT_KIND } from '../../../schema/entities/internal/dailyRollups';
import { ACTIVITY, STAGES } from '../../../schema/rules/pipeline';
import { ACTOR_KINDS } from '../../../schema/roles';
import { defaultPartition, monthlyPartitions } from '../../db/partitions';

export const ROLLUP = 'daily';
const LOCK = 73_200_001;
const SEARCH_OR_VIEW_LOG = 'candidate_search_or_view_logs';
const utcDay = (column: string) => `(${column} at time zone 'UTC')::date`;
/** The instant a UTC day starts, for range conditions the created_at indexes serve. */
const dayStart = (day: string) => `(${day})::timestamp at time zone 'UTC'`;

/** The pipeline events a candidate's insights count: shortlists, interview requests and reveals of the name and contact. */
const STAGE_LOG_COUNTED = `(activity in (${ACTIVITY.interviewRequested}, ${ACTIVITY.revealed}) or (activity = ${ACTIVITY.stageChanged} and to_stage = ${STAGES.shortlist}))`;
/** The searches and profile opens a candidate's insights count: companies' (an admin's own curation work is not interest). */
const BY_COMPANY = `actor_kind = ${ACTOR_KINDS.companyUser}`;
/** The insight kind (INSIGHT_KIND) of a counted pipeline event. */
const STAGE_LOG_KIND = `case activity when ${ACTIVITY.interviewRequested} then ${INSIGHT_KIND.interviewRequest} when ${ACTIVITY.revealed} then ${INSIGHT_KIND.reveal} else ${INSIGHT_KIND.shortlist} end`;

/**
 * The stays that the moves `l` end, one row per move that has a move before it of the same candidate
 * in the same project: the day it ended, the stage left, how long it lasted, and its sample share.
 * The move before is found through the partial index of moves by project, candidate and time.
 */
export const STAYS_ENDED = `select ${utcDay('l.created_at')} as day, l.project_id, prev.to_stage as stage,
    extract(epoch from l.created_at - prev.created_at)::int as seconds, (l.id % 100)::int as sample
  from candidate_recruitment_stage_logs l
  cross join lateral (
    select m.to_stage, m.created_at from candidate_recruitment_stage_logs m
    where m.project_id = l.project_id and m.candidate_id = l.candidate_id and m.activity = ${ACTIVITY.stageChanged}
      and (m.created_at, m.id) < (l.created_at, l.id)
    order by m.created_at desc, m.id desc limit 1
  ) prev`;

/** The last day every rollup holds completely, or null before the first run. */
export async function rolledThrough(knex: Knex): Promise<string | null> {
  const row = await knex('rollup_marks')
    .where('name', ROLLUP)
    .first(knex.raw(`to_char(through, 'YYYY-MM-DD') as through`));
  return (row?.through as string | undefined) ?? null;
}

/** Inserts the insight counts (candidate_insight_daily) of the log rows `where` selects, its `bindings` once per log. */
const insertInsights = (trx: Knex.Transaction, where: string, bindings: Knex.Value[]) =>
  trx.raw(
    `insert into candidate_insight_daily (candidate_id, kind, day, count)
     select candidate_id, kind, ${utcDay('created_at')}, count(*) from candidate_search_or_view_logs
     where ${where} and ${BY_COMPANY} group by 1, 2, 3
     union all
     select candidate_id, ${STAGE_LOG_KIND}, ${utcDay('created_at')}, count(*) from candidate_recruitment_stage_logs
     where candidate_id is not null and ${where} and ${STAGE_LOG_COUNTED}
     group by 1, 2, 3`,
    [...bindings, ...bindings],
  );

/**
 * The first day the appearance log still holds whole: the oldest monthly partition's (maintain_log_partitions
 * drops whole months only) or an older row's the default partition holds; null when it holds none.
 */
async function firstHeldDay(trx: Knex.Transaction): Promise<string | null> {
  const [oldest] = await monthlyPartitions(trx, SEARCH_OR_VIEW_LOG);
  const { rows } = await trx.raw(
    `select to_char(least(?::date, (select ${utcDay('min(created_at)')} from ??)), 'YYYY-MM-DD') as day`,
    [oldest?.month ?? null, defaultPartition(SEARCH_OR_VIEW_LOG)],
  );
  return (rows[0].day as string | null) ?? null;
}

/**
 * Waits for a running rollup and keeps the next from starting until the transaction ends: a transaction that
 * writes rows the rollup rewrites takes it before its first such write, so neither waits on the other's rows.
 */
export const holdRollup = (trx: Knex.Transaction) => trx.raw('select pg_advisory_xact_lock(?)', [LOCK]);
/** The rollup's lock shared: changes of insight rows that may run side by side (merges) while no rollup does. */
export const shareRollup = (trx: Knex.Transaction) => trx.raw('select pg_advisory_xact_lock_shared(?)', [LOCK]);

/**
 * Recomputes the insight counts of `candidateIds` from the logs, for every rolled-up day the logs still hold
 * (firstHeldDay; older days keep their rows): what a change that gives log rows to another candidate (a merge
 * undone) leaves true, whichever days the daily rollup recomputed in between. In the caller's transaction,
 * under the rollup's lock (holdRollup).
 */
export async function recomputeInsights(trx: Knex.Transaction, candidateIds: number[]): Promise<void> {
  await holdRollup(trx);
  const [through, from] = [await rolledThrough(trx), await firstHeldDay(trx)];
  if (!through || !from || from > through) return;
  await trx.raw('delete from candidate_insight_daily where candidate_id = any(?::int[]) and day between ? and ?', [
    candidateIds,
    from,
    through,
  ]);
  await insertInsights(
    trx,
    `candidate_id = any(?::int[]) and created_at >= ${dayStart('?::date')} and created_at < ${dayStart('?::date + 1')}`,
    [candidateIds, from, through],
  );
}

/** Recomputes the recent days of both rollups; returns the days recomputed. */
export async function rollupDaily(knex: Knex): Promise<{ from: string; through: string } | null> {
  return knex.transaction(async (trx) => {
    await holdRollup(trx);
    const { rows } = await trx.raw(`
      select to_char((now() at time zone 'UTC')::date - 1, 'YYYY-MM-DD') as through,
             to_char(coalesce((select through - 1 from rollup_marks where name = '${ROLLUP}'),
               least((select ${utcDay('min(created_at)')} from candidate_recruitment_stage_logs),
                     (select ${utcDay('min(created_at)')} from candidate_search_or_view_logs))), 'YYYY-MM-DD') as from`);
    const through = rows[0].through as string;
    const from = ((rows[0].from as string | null) ?? through) < through ? (rows[0].from as string) : through;
    const bounds = [from, through];
    const window = (column: string) => `${column} >= ${dayStart('?::date')} and ${column} < ${dayStart('?::date + 1')}`;
    await trx.raw('delete from recruitment_stage_daily where day between ? and ?', bounds);
    await trx.raw(
      `insert into recruitment_stage_daily (day, project_id, to_stage, moves)
       select ${utcDay('created_at')}, project_id, to_stage, count(*) from candidate_recruitment_stage_logs
       where activity = ${ACTIVITY.stageChanged} and project_id is not null and to_stage is not null and ${window('created_at')}
       group by 1, 2, 3`,
      bounds,
    );
    // The weeks the recomputed days fall in, summed again from the daily rows.
    const weeks = `week between date_trunc('week', ?::date)::date and date_trunc('week', ?::date)::date`;
    await trx.raw(`delete from recruitment_stage_weekly where ${weeks}`, bounds);
    await trx.raw(
      `insert into recruitment_stage_weekly (week, project_id, to_stage, moves)
       select date_trunc('week', day)::date, project_id, to_stage, sum(moves) from recruitment_stage_daily
       where day between date_trunc('week', ?::date)::date and date_trunc('week', ?::date)::date + 6
       group by 1, 2, 3`,
      bounds,
    );
    await trx.raw('delete from recruitment_stage_stays where day between ? and ?', bounds);
    await trx.raw(
      `insert into recruitment_stage_stays (day, project_id, stage, seconds, sample)
       ${STAYS_ENDED}
       where l.activity = ${ACTIVITY.stageChanged} and l.candidate_id is not null and ${window('l.created_at')}`,
      bounds,
    );
    await trx.raw('delete from candidate_insight_daily where day between ? and ?', bounds);
    await insertInsights(trx, window('created_at'), bounds);
    await trx.raw(
      `insert into rollup_marks (name, through) values (?, ?::date) on conflict (name) do update set through = greatest(rollup_marks.through, excluded.through)`,
      [ROLLUP, through],
    );
    return { from, through };
  });
}

export interface StageFilters {
  companyId?: number;
  projectId?: number;
  adminId?: number;
  /** Only these projects (a company user's own); undefined for all. */
  projectIds?: number[];
}

/** The SQL conditions on a projects row `alias` for the filters; their values are appended to `params`. */
export function projectConditions(alias: string, f: StageFilters, params: Knex.Value[]): string {
  const parts: string[] = [];
  const add = (sql: string, ...values: Knex.Value[]) => {
    parts.push(sql);
    params.push(...values);
  };
  if (f.companyId) add(`${alias}.company_id = ?`, f.companyId);
  if (f.projectId) add(`${alias}.id = ?`, f.projectId);
  if (f.adminId) add(`(${alias}.advocate_id = ? or ${alias}.owner_admin_id = ?)`, f.adminId, f.adminId);
  if (f.projectIds) add(`${alias}.id = any(?::int[])`, f.projectIds);
  return parts.length ? ` and ${parts.join(' and ')}` : '';
}

const DAY = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

/**
 * How the rolled-up days [from, upto] are read: the whole weeks inside them from the weekly rollup,
 * the days before the first and after the last whole week from the daily one.
 */
export function rolledParts(from: string, upto: string): { weeks: [string, string] | null; days: [string, string][] } {
  if (upto < from) return { weeks: null, days: [] };
  const first = mondayOf(from) === from ? from : addDays(mondayOf(from), 7);
  const last = addDays(mondayOf(addDays(upto, 1)), -7);
  if (first > last) return { weeks: null, days: [[from, upto]] };
  const days: [string, string][] = [];
  if (from < first) days.push([from, addDays(first, -1)]);
  if (addDays(last, 7) <= upto) days.push([addDays(last, 7), upto]);
  return { weeks: [first, last], days };
}

/**
 * Moves into each stage per week (Monday, UTC) of the range, per company when `perCompany`: the
 * weekly and daily rollups up to their mark (rolledParts; `through`, the mark when the caller read it
 * already), the raw log after it. Summed in PostgreSQL to the rows the caller shows, whatever the
 * number of projects. With `zone` (an IANA name PostgreSQL knows) other than UTC the range's days are that zone's:
 * the rollups, which hold UTC days, are not read, the log is read alone.
 */
export async function stageMovesByWeek(
  knex: Knex,
  range: { from: string; to: string },
  f: StageFilters,
  {
    perCompany = false,
    through: mark,
    zone = 'UTC',
  }: { perCompany?: boolean; through?: string | null; zone?: string } = {},
): Promise<{ week: string; companyId: number | null; stage: number; moves: number }[]> {
  const through = (zone !== 'UTC' ? null : mark === undefined ? await rolledThrough(knex) : mark) ?? '1970-01-01';
  const parts = rolledParts(range.from, range.to < through ? range.to : through);
  const params: Knex.Value[] = [];
  const selects: string[] = [];
  // The weekly rollup's whole weeks and the daily one's edge days are read alike.
  const rolled = (table: string, column: string, [from, to]: [string, string]) => {
    params.push(from, to);
    selects.push(`select r.${column} as day, p.company_id, r.to_stage as stage, r.moves from ${table} r join projects p on p.id = r.project_id
      where r.${column} between ?::date and ?::date${projectConditions('p', f, params)}`);
  };
  if (parts.weeks) rolled('recruitment_stage_weekly', 'week', parts.weeks);
  for (const days of parts.days) rolled('recruitment_stage_daily', 'day', days);
  params.push(zone, through, range.from, zone, range.to, zone);
  const zoneStart = (day: string) => `(${day})::timestamp at time zone ?`;
  selects.push(`select (l.created_at at time zone ?)::date as day, p.company_id, l.to_stage as stage, 1 as moves from candidate_recruitment_stage_logs l join projects p on p.id = l.project_id
    where l.activity = ${ACTIVITY.stageChanged} and l.to_stage is not null
      and l.created_at >= ${zoneStart('greatest(?::date + 1, ?::date)')} and l.created_at < ${zoneStart('?::date + 1')}${projectConditions('p', f, params)}`);
  const company = perCompany ? 'company_id' : 'null::int';
  const { rows } = await knex.raw(
    `select to_char(date_trunc('week', day), 'YYYY-MM-DD') as week, ${company} as "companyId", stage, sum(moves)::int as moves
     from (${selects.join(' union all ')}) x group by 1, 2, 3`,
    params,
  );
  return rows;
}

/** Per kind of INSIGHT_KIND: the last 7 days, the last 30 days (today included) and all time, for one candidate. */
export async function insightCounts(
  knex: Knex,
  candidateId: number,
): Promise<Record<number, { d7: number; d30: number; all: number }>> {
  const through = (await rolledThrough(knex)) ?? '1970-01-01';
  const today = `(now() at time zone 'UTC')::date`;
  const sums = (day: string, n: string) =>
    `sum(${n}) filter (where ${day} > ${today} - 7)::int as d7, sum(${n}) filter (where ${day} > ${today} - 30)::int as d30, sum(${n})::int as all`;
  const after = `created_at >= ${dayStart('?::date + 1')}`;
  const { rows } = await knex.raw(
    `select kind, sum(d7)::int as d7, sum(d30)::int as d30, sum("all")::int as "all" from (
       select kind, ${sums('day', 'count')} from candidate_insight_daily where candidate_id = ? and day <= ?::date group by kind
       union all
       select kind, ${sums(utcDay('created_at'), '1')} from candidate_search_or_view_logs where candidate_id = ? and ${after} and ${BY_COMPANY} group by kind
       union all
       select ${STAGE_LOG_KIND} as kind, ${sums(utcDay('created_at'), '1')} from candidate_recruitment_stage_logs
         where candidate_id = ? and ${STAGE_LOG_COUNTED} and ${after} group by 1
     ) x group by kind`,
    [candidateId, through, candidateId, through, candidateId, through],
  );
  const out: Record<number, { d7: number; d30: number; all: number }> = {};
  for (const k of Object.values(INSIGHT_KIND)) out[k] = { d7: 0, d30: 0, all: 0 };
  for (const r of rows) out[r.kind] = { d7: r.d7 ?? 0, d30: r.d30 ?? 0, all: r.all ?? 0 };
  return out;
}
