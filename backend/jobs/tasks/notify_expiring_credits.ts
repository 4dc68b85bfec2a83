import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { creditsExpiring } from '../../features/notifications';
import { assertTaskPayload } from '../payload';

/** Daily: the users of companies whose credits expire within 7 days hear of it, once per expiry date. */
export function notifyExpiringCreditsTask(config: Config, db: () => Knex): Task {
  return async (payload, helpers) => {
    assertTaskPayload('notify_expiring_credits', payload);
    const told = await creditsExpiring(db(), config);
    helpers.logger.info(`${told} told of credits expiring within 7 days`);
  };
}
