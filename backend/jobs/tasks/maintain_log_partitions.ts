/**
 * maintain_log_partitions: daily, keeps the monthly partitions of the partitioned logs
 * (backend/db/partitions.ts): creates this month's and the next three, and drops the months older
 * than LOG_RETENTION_MONTHS, but only once the daily rollup holds their counts (a month not yet
 * rolled up is kept whatever its age), so profile insights and dashboards lose nothing.
 */
import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { maintainPartitions, partitionedTables } from '../../db/partitions';
import { rolledThrough } from '../../features/dashboards';
import { assertTaskPayload } from '../payload';

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The first day whose raw rows must stay: the retention's first month, or the first day not yet rolled up if earlier. */
export function keepFrom(retentionMonths: number, through: string | null, today = new Date()): string {
  const cutoff = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - retentionMonths, 1));
  if (!through) return '0000-01-01';
  const next = new Date(`${through}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return iso(next) < iso(cutoff) ? iso(next) : iso(cutoff);
}

export function maintainLogPartitionsTask(config: Config, db: () => Knex): Task {
  return async (payload, helpers) => {
    assertTaskPayload('maintain_log_partitions', payload);
    const knex = db();
    const keep = keepFrom(config.logRetentionMonths, await rolledThrough(knex));
    for (const table of partitionedTables()) {
      const { created, dropped } = await maintainPartitions(knex, table, keep);
      if (created.length || dropped.length)
        helpers.logger.info(
          `${table}: created ${created.join(', ') || 'none'}; dropped ${dropped.join(', ') || 'none'}`,
        );
    }
  };
}
