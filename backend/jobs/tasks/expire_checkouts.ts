/**
 * Hourly: card orders whose checkout nobody paid within its lifetime are cancelled, so no sales order
 * waits for a payment for ever (the provider's checkout.session.expired notice does it sooner where
 * it arrives; the local test checkout sends none). Safe to run twice: a cancelled order is not pending.
 */
import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import { expireCheckouts } from '../../features/credits';
import { assertTaskPayload } from '../payload';

export function expireCheckoutsTask(db: () => Knex): Task {
  return async (payload, helpers) => {
    assertTaskPayload('expire_checkouts', payload);
    const cancelled = await expireCheckouts(db());
    helpers.logger.info(`cancelled ${cancelled} card orders whose checkout expired unpaid`);
  };
}
