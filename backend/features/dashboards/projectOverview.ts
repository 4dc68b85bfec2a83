/**
 * GET dashboard/project-overview-log-per-week: per week and company, the projects created that
 * week, how many were active, paused and inactive at the week's end (from project_logs, written by
 * a trigger on projects), and how many candidates their projects moved into each stage that week
 * (the daily rollup plus the live log). Rows: week (oldest first) then company name; paged.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { PROJECT_LOG_KIND } from '../../../schema/entities/internal/projectLog';
import { PROJECT_STATUS } from '../../../schema/rules/pipeline';
import { camelKeys } from '../../../schema/validation/inputs';
import { dayRange, filterFields, pageFields, pageOf, pagination, weeksOf } from './inputs';
import { projectConditions, stageMovesByWeek } from './rollups';
import { STAGE_KEYS, stageKeyOf } from './weekly';

export const overviewQuery = z.preprocess(camelKeys, z.object({ ...filterFields, ...pageFields }));

interface OverviewRow {
  week: string;
  company: { id: string; companyName: string } | null;
  created: number;
  active: number;
  paused: number;
  inactive: number;
  stages: Record<string, number>;
}

export async function projectOverviewPerWeek(knex: Knex, query: z.output<typeof overviewQuery>) {
  const range = dayRange(query);
  const weeks = weeksOf(range);
  const params: Knex.Value[] = [weeks];
  const filter = projectConditions('p', query, params);
  const { rows } = await knex.raw(
    `with weeks as (select w::date as week from unnest(?::date[]) w)
     select to_char(w.week, 'YYYY-MM-DD') as week, s.company_id as "companyId",
            count(*) filter (where s.created_at >= w.week::timestamp at time zone 'UTC')::int as created,
            count(*) filter (where s.status = ${PROJECT_STATUS.active})::int as active,
            count(*) filter (where s.status = ${PROJECT_STATUS.paused})::int as paused,
            count(*) filter (where s.status = ${PROJECT_STATUS.inactive})::int as inactive
     from weeks w cross join lateral (
       select distinct on (pl.project_id) pl.project_id, p.company_id, p.created_at, pl.to_value as status
       from project_logs pl join projects p on p.id = pl.project_id
       where pl.kind in (${PROJECT_LOG_KIND.created}, ${PROJECT_LOG_KIND.status}) and pl.created_at < (w.week + 7)::timestamp at time zone 'UTC'${filter}
       order by pl.project_id, pl.created_at desc, pl.id desc
     ) s group by 1, 2`,
    params,
  );
  const moves = await stageMovesByWeek(knex, range, query, { perCompany: true });
  const keyed = new Map<string, OverviewRow & { companyId: number | null }>();
  const rowOf = (week: string, companyId: number | null) => {
    const key = `${week}|${companyId ?? ''}`;
    let row = keyed.get(key);
    if (!row) {
      row = {
        week,
        companyId,
        company: null,
        created: 0,
        active: 0,
        paused: 0,
        inactive: 0,
        stages: Object.fromEntries(STAGE_KEYS.map((k) => [k, 0])),
      };
      keyed.set(key, row);
    }
    return row;
  };
  for (const r of rows)
    Object.assign(rowOf(r.week, r.companyId), {
      created: r.created,
      active: r.active,
      paused: r.paused,
      inactive: r.inactive,
    });
  for (const m of moves) {
    const key = stageKeyOf(m.stage);
    if (key && weeks.includes(m.week)) rowOf(m.week, m.companyId).stages[key] += m.moves;
  }
  const ids = [...new Set([...keyed.values()].map((r) => r.companyId).filter((id): id is number => id !== null))];
  const names = new Map<number, string>(
    (await knex('companies').whereIn('id', ids).select('id', 'company_name')).map((c) => [c.id, c.company_name]),
  );
  const all = [...keyed.values()]
    .map(({ companyId, ...row }) => ({
      ...row,
      company: companyId === null ? null : { id: `Company:${companyId}`, companyName: names.get(companyId) ?? '' },
    }))
    .sort(
      (a, b) =>
        a.week.localeCompare(b.week) || (a.company?.companyName ?? '').localeCompare(b.company?.companyName ?? ''),
    );
  const { page, perPage, offset } = pageOf(query);
  return {
    success: true,
    range,
    stages: STAGE_KEYS,
    data: all.slice(offset, offset + perPage),
    pagination: pagination(page, perPage, all.length),
  };
}
