/**
 * GET dashboard/activity-per-week: how many candidates were moved into each recruitment stage, week
 * by week (the stacked bar chart and table of /dashboard/ta-dashboard-weekly). Read from the weekly
 * and daily rollups of moves (recruitment_stage_weekly, recruitment_stage_daily) for the days they
 * hold and from the live activity log for the rest, so the answer is exact and its cost follows the
 * number of weeks, not of moves.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { STAGES, TAB_ORDER } from '../../../schema/rules/pipeline';
import { camelKeys } from '../../../schema/validation/inputs';
import { dayRange, filterFields, weeksOf, type Filters } from './inputs';
import { stageMovesByWeek } from './rollups';

export const weeklyQuery = z.preprocess(camelKeys, z.object(filterFields));

const STAGE_KEY = Object.fromEntries(Object.entries(STAGES).map(([k, v]) => [v, k])) as Record<
  number,
  keyof typeof STAGES
>;
export const STAGE_KEYS = TAB_ORDER.map((s) => STAGE_KEY[s]);
export const stageKeyOf = (stage: number): keyof typeof STAGES | undefined => STAGE_KEY[stage];

export async function activityPerWeek(knex: Knex, filters: Filters) {
  const range = dayRange(filters);
  const moves = await stageMovesByWeek(knex, range, filters);
  const weeks = weeksOf(range).map((week) => ({
    week,
    total: 0,
    stages: Object.fromEntries(STAGE_KEYS.map((k) => [k, 0])) as Record<string, number>,
  }));
  const index = new Map(weeks.map((w, i) => [w.week, i]));
  for (const row of moves) {
    const w = weeks[index.get(row.week) ?? -1];
    const key = STAGE_KEY[row.stage];
    if (!w || !key) continue;
    w.stages[key] += row.moves;
    w.total += row.moves;
  }
  return { success: true, range, stages: STAGE_KEYS, data: weeks };
}
