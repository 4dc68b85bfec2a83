/** expire_credits: writes off what remains of credit lots past their expiry date, one log entry per lot. Daily; safe to run twice. */
import type { Task } from 'graphile-worker';
import { createKnex } from '../../db/knex';
import { expireLots } from '../../features/credits/ledger';

export function expireCreditsTask(connectionString: string | undefined): Task {
  return async (_payload, helpers) => {
    const knex = createKnex(connectionString as string, { max: 1 });
    try {
      const written = await expireLots(knex);
      helpers.logger.info(`wrote off ${written} expired credit lots`);
    } finally {
      await knex.destroy();
    }
  };
}
