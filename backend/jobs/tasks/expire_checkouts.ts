/**
 * Hourly: card orders whose checkout nobody paid within its lifetime are cancelled, so no sales order
 * waits for a payment for ever (the provider's checkout.session.expired notice does it sooner where
 * it arrives; the local test checkout sends none); and orders waiting for a bank transfer (an order
 * form, or a card checkout completed with its payment under way) are cancelled as expired
 * BANK_TRANSFER_LIFETIME_DAYS after they began to wait (`expireBankTransfers`), no credit granted.
 * Each order expired so is told to its buyer and the company's Owner, by email and in the app, in the
 * transaction that cancels it (credits/buyerNotice.ts `tellExpired`).
 * Safe to run twice: a cancelled order is not pending, so it is neither cancelled nor told again. A
 * payment that still arrives is credited.
 */
import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import { expireBankTransfers, expireCheckouts, tellExpired } from '../../features/credits';
import type { Config } from '../../config';
import { assertTaskPayload } from '../payload';

export function expireCheckoutsTask(config: Config, db: () => Knex): Task {
  return async (payload, helpers) => {
    assertTaskPayload('expire_checkouts', payload);
    const cancelled = await expireCheckouts(db());
    helpers.logger.info(`cancelled ${cancelled} card orders whose checkout expired unpaid`);
    const expired = await db().transaction(async (trx) => {
      const cancelled = await expireBankTransfers(trx);
      await tellExpired(trx, config, cancelled);
      return cancelled;
    });
    if (expired.length > 0)
      helpers.logger.info(
        `cancelled ${expired.length} orders unpaid by bank transfer: ${expired.map((o) => o.order_number).join(', ')}`,
      );
  };
}
