/**
 * The hourly expire_checkouts job's cancelling of orders nobody paid in time (orders.ts `dueOrders`): a
 * card order past its checkout's lifetime, and, as expired, an order waiting for a bank transfer past
 * BANK_TRANSFER_LIFETIME_DAYS, whose buyer and Owner are told (buyerNotice.ts `tellExpired`).
 * A card order's checkout is expired at the provider first (Stripe's POST /v1/checkout/sessions/:id/expire,
 * `expireCheckout`), so nobody can still pay a checkout whose order is cancelled; what Stripe then holds decides:
 *   expired (now or before), or no such session   the order is cancelled (and told, when it expired)
 *   complete and paid (Stripe refuses to expire)  the order is not cancelled: it is credited once through the
 *                                                 paid notice's own path (notices.ts `creditPaidSession`), as the
 *                                                 notice Stripe still delivers would; that notice then finds it paid
 *   complete, its payment under way (a bank debit) an order past the checkout's lifetime is marked awaiting
 *                                                 its payment (the completed notice was missed, `tellDelayed`); one
 *                                                 past the bank transfer's lifetime is cancelled as expired, as it
 *                                                 always was: nothing of it can be paid again, and a payment Stripe
 *                                                 still confirms pays it (`payOrder`, confirmed)
 *   provider not reached, or failing              the order is left as it is; once every other order is done the
 *                                                 job fails, so graphile-worker runs it again later (backing off)
 * An order form (no provider object) and a card order in the local test mode (no provider) are cancelled at once.
 * Each order in its own transaction, its cancelling one conditional update (still pending), so a payment landing
 * meanwhile or a second run finds nothing left to cancel and tells nobody again; no credit moves but a payment's.
 */
import type { Knex } from 'knex';
import type { HeldCheckout } from '../../adapters/payments';
import type { Config } from '../../config';
import { logger } from '../../logger';
import { tellDelayed, tellExpired } from './buyerNotice';
import { creditPaidSession, payments } from './notices';
import { cancelPending, dueOrders, ORDER_CHANNEL, type DueReason, type OrderRow } from './orders';

export interface ExpiryRun {
  /** Orders cancelled, by why. */
  cancelled: OrderRow[];
  expired: OrderRow[];
  /** Orders Stripe held as paid, credited instead (their numbers). */
  credited: string[];
  /** Orders whose checkout the provider could not be asked to expire (their numbers): the job fails and runs again. */
  unreached: string[];
}

const PAID = new Set(['paid', 'no_payment_required']);

/** Cancels order `order` if still pending, telling its people when it expired waiting for a transfer. */
async function cancel(knex: Knex, config: Config, order: OrderRow, due: DueReason, run: ExpiryRun) {
  await knex.transaction(async (trx) => {
    const cancelled = await cancelPending(trx, order.id);
    if (!cancelled) return;
    if (due === 'transfer') {
      await tellExpired(trx, config, [cancelled]);
      run.expired.push(cancelled);
    } else run.cancelled.push(cancelled);
  });
}

/** The checkout as the provider holds it once asked to expire it; undefined when there is no provider to ask. */
async function expiredAtProvider(config: Config, order: OrderRow): Promise<HeldCheckout | undefined> {
  const adapter = payments(config);
  if (order.channel !== ORDER_CHANNEL.card || !order.checkout_session_id || !adapter.expireCheckout) return undefined;
  return adapter.expireCheckout(order.checkout_session_id);
}

/** One due order: see the module's docblock. */
async function settle(knex: Knex, config: Config, order: OrderRow & { due: DueReason }, run: ExpiryRun) {
  const held = await expiredAtProvider(config, order);
  if (!held || held.status === 'expired' || held.status === null) return cancel(knex, config, order, order.due, run);
  if (held.status === 'complete' && PAID.has(held.paymentStatus ?? '')) {
    const session = {
      id: held.id,
      payment_status: 'paid',
      amount_total: held.amountTotal,
      currency: held.currency,
      payment_intent: held.paymentIntent,
    };
    const { credited } = await creditPaidSession(knex, config, session, order.due === 'transfer');
    if (credited) run.credited.push(order.order_number);
    return;
  }
  if (held.status === 'complete' && order.due === 'transfer') return cancel(knex, config, order, order.due, run);
  if (held.status === 'complete') return void (await knex.transaction((trx) => tellDelayed(trx, config, held.id)));
  // Still open after Stripe accepted to expire it: asked again on the next run.
  throw new Error(`checkout ${held.id} is still open at the provider`);
}

/** Cancels, expires or credits every order due now (see the module's docblock). */
export async function expireDueOrders(knex: Knex, config: Config): Promise<ExpiryRun> {
  const run: ExpiryRun = { cancelled: [], expired: [], credited: [], unreached: [] };
  for (const order of await dueOrders(knex)) {
    try {
      await settle(knex, config, order, run);
    } catch (err) {
      logger.warn({ err, order: order.order_number }, 'an order due to expire could not be settled with the provider');
      run.unreached.push(order.order_number);
    }
  }
  return run;
}
