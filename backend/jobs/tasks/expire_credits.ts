import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import { expireLots } from '../../features/credits';
import { assertTaskPayload } from '../payload';

export function expireCreditsTask(db: () => Knex): Task {
  return async (payload, helpers) => {
    assertTaskPayload('expire_credits', payload);
    const written = await expireLots(db());
    helpers.logger.info(`wrote off ${written} expired credit lots`);
  };
}
