/**
 * Hourly: card orders whose checkout nobody paid within its lifetime are cancelled, so no sales order
 * waits for a payment for ever (the provider's checkout.session.expired notice does it sooner where
 * it arrives; the local test checkout sends none); and orders waiting for a bank transfer (an order
 * form, or a card checkout completed with its payment under way) are cancelled as expired
 * BANK_TRANSFER_LIFETIME_DAYS after they began to wait, no credit granted.
 * A card order's checkout is expired at the provider first; one Stripe holds as paid is credited
 * instead, once (credits/expiry.ts `expireDueOrders`).
 * Each order expired so is told to its buyer and the company's Owner, by email and in the app, in the
 * transaction that cancels it (credits/buyerNotice.ts `tellExpired`).
 * Safe to run twice: a cancelled order is not pending, so it is neither cancelled nor told again. A
 * payment that still arrives is credited. When the provider cannot be reached for some order, the
 * job fails once the others are done, and graphile-worker runs it again later: none is left silently.
 */
import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import { expireDueOrders } from '../../features/credits';
import type { Config } from '../../config';
import { assertTaskPayload } from '../payload';

export function expireCheckoutsTask(config: Config, db: () => Knex): Task {
  return async (payload, helpers) => {
    assertTaskPayload('expire_checkouts', payload);
    const run = await expireDueOrders(db(), config);
    const numbers = (orders: { order_number: string }[]) => orders.map((o) => o.order_number).join(', ');
    if (run.cancelled.length > 0)
      helpers.logger.info(`cancelled ${run.cancelled.length} card orders whose checkout expired unpaid`);
    if (run.expired.length > 0)
      helpers.logger.info(`cancelled ${run.expired.length} orders unpaid by bank transfer: ${numbers(run.expired)}`);
    if (run.credited.length > 0)
      helpers.logger.info(
        `credited ${run.credited.length} orders the provider held as paid: ${run.credited.join(', ')}`,
      );
    if (run.unreached.length > 0)
      throw new Error(`the payment provider could not settle orders ${run.unreached.join(', ')}: to be retried`);
  };
}
