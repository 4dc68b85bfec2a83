/**
 * rollup_daily: recomputes the last two days of the daily rollups (per candidate and kind; per
 * project, stage and day) and marks yesterday complete (backend/features/dashboards/rollups.ts).
 * Hourly; idempotent, so a missed or repeated run changes nothing but the timing.
 */
import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import { rollupDaily } from '../../features/dashboards';
import { assertTaskPayload } from '../payload';

export function rollupDailyTask(db: () => Knex): Task {
  return async (payload, helpers) => {
    assertTaskPayload('rollup_daily', payload);
    const done = await rollupDaily(db());
    helpers.logger.info(`rolled up ${done?.from} to ${done?.through}`);
  };
}
