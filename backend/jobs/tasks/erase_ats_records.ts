import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { eraseAtsRecords } from '../../features/dataRights';
import { assertIdPayload } from '../payload';

/**
 * Erases an erased person's records in companies' ATSs with the vendors' own calls, or lists them
 * for the companies; throws while a vendor is to be tried again, so the worker retries with backoff.
 */
export function eraseAtsRecordsTask(config: Config, db: () => Knex): Task {
  return async (payload, helpers) => {
    assertIdPayload('erase_ats_records', payload, 'erasureId');
    const lastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
    await eraseAtsRecords(db(), config, payload.erasureId, lastAttempt);
  };
}
