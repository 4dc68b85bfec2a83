import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { creditsLow } from '../../features/notifications';
import { assertTaskPayload } from '../payload';

/** Tells a company's users their credits are low, queued by the charge that made them so. */
export function notifyCreditsLowTask(config: Config, db: () => Knex): Task {
  return async (payload, helpers) => {
    assertTaskPayload('notify_credits_low', payload);
    const told = await creditsLow(db(), config, payload.companyId);
    helpers.logger.info(`company ${payload.companyId}: ${told} told their credits are low`);
  };
}
