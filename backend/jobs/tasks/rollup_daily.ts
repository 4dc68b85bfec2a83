/**
 * rollup_daily: recomputes the last two days of the daily rollups (per candidate and kind; per
 * project, stage and day) and marks yesterday complete (backend/features/dashboards/rollups.ts).
 * Hourly; idempotent, so a missed or repeated run changes nothing but the timing.
 */
import type { Task } from 'graphile-worker';
import { createKnex } from '../../db/knex';
import { rollupDaily } from '../../features/dashboards/rollups';

export function rollupDailyTask(connectionString: string | undefined): Task {
  return async (_payload, helpers) => {
    const knex = createKnex(connectionString as string, { max: 1 });
    try {
      const done = await rollupDaily(knex);
      helpers.logger.info(`rolled up ${done?.from} to ${done?.through}`);
    } finally {
      await knex.destroy();
    }
  };
}
