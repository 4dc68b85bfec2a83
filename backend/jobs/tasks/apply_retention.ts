import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { applyRetention } from '../../features/dataRights';
import { assertNoPayload } from '../payload';

/** Carries out the retention periods once a day and records what it did (retention_runs). */
export function applyRetentionTask(config: Config, db: () => Knex): Task {
  return async (payload, helpers) => {
    assertNoPayload('apply_retention', payload);
    const run = await applyRetention(db(), config);
    helpers.logger.info(`retention: ${JSON.stringify(run.counts)}`);
  };
}
