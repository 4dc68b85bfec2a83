/**
 * The payment provider's signed notices about card payments (POST credit/stripe/webhook), each
 * verified against the raw body first:
 *   checkout.session.completed, paid            the order is paid and its credits granted, once; it
 *                                               keeps the session's payment intent
 *   checkout.session.async_payment_succeeded    the same, for a payment confirmed later (a bank debit)
 *   checkout.session.async_payment_failed       the pending order is cancelled: nobody can pay it now
 *   checkout.session.expired                    the pending order is cancelled likewise
 *   charge.refunded (full or partial)           the order of the charge's payment intent gives back its
 *                                               credits in proportion to amount_refunded / amount
 *                                               (cumulative, so a replay or a later partial refund
 *                                               takes only the difference); admins are told. The
 *                                               notice is only a signal: both figures are the charge's
 *                                               as the provider holds it now (`chargeOf`), since Stripe
 *                                               neither orders nor dedupes its deliveries and an old
 *                                               notice delivered again after one of its refunds failed
 *                                               still states the higher amount. See below.
 *   charge.refund.updated, refund.updated,      a refund that failed or was cancelled (status 'failed' or
 *   refund.failed                               'canceled'): the money stayed with us, so the order moves
 *                                               to the charge's refunded amount as the provider holds it
 *                                               now (read back like charge.refunded's; Stripe has lowered
 *                                               it by the failed refund), giving back what that refund
 *                                               took, once per refund however often the notice comes
 *                                               (refunds.ts restoreFailedRefund); admins are told. Any
 *                                               other refund status changes nothing.
 *   charge.dispute.created                      admins are told; no credit moves (it may still be won)
 *   charge.dispute.closed, lost                 the order's credits are taken back as a full refund's
 *                                               would be (the same once-only path); admins are told
 *   charge.dispute.closed, won or other         admins are told; no credit moves
 * Credits taken back come out of the order's own lot first and never below zero: what the company
 * already spent is recorded on the order and named to admins (refunds.ts, reclaim.ts). A refund or
 * dispute of an unknown payment intent is acknowledged, logged, and changes nothing: a refund made
 * before the order's paid notice was handled (e.g. that notice failed first and Stripe retries it)
 * is caught when it is, as every paid notice reads the payment's charge back from the provider
 * (`chargeOf`) once the order is paid and applies what of it is refunded (the same once-only path).
 * That read comes after the payment's commit, so a refund made meanwhile is either read there or
 * finds the order's payment intent when its own notice lands; when it fails the notice is answered
 * 502 and its retry reads it again. (A lost dispute, decided weeks after the payment, is not read
 * back.)
 * Reading a charge back (`chargeNow`, through `heldCharge` for charge.refunded and the failed-refund
 * notices, and for the paid notices): a provider that cannot be reached answers the notice 502
 * `credits.errors.paymentUnavailable` and changes nothing, so Stripe delivers it again. The
 * notice's own amounts are believed only where the adapter has no `chargeOf`: the local test mode
 * (no Stripe keys, its notices signed by this server) and the unavailable adapter (production
 * without keys, which verifies no notice at all), where a failed refund lowers what the order
 * recorded by the refund's own amount; when no order knows the payment intent, where nothing
 * changes anyway; and (a failed refund) when the provider holds no charge. So a failed refund's
 * notice and the charge.refunded of that refund, or of an earlier refund, may come in any order:
 * each moves the order to the charge's current refunded amount, so the failure gives back only what
 * the failed refund took (nothing of an earlier refund's credits, even before its own charge.refunded
 * comes), and a charge.refunded handled after it, old or redelivered, reads the lowered amount and
 * takes nothing again.
 * A completed checkout whose payment is still under way ('unpaid') credits nothing until one of the
 * async notices comes; the order is marked awaiting its payment (`awaitPayment`), so the hourly
 * expire_checkouts job leaves it alone for BANK_TRANSFER_LIFETIME_DAYS (then cancels it as expired; a
 * payment confirmed after that still pays it), its buyer and credit readers get a `paymentDelayed` notification in that
 * transaction, and the buyer is emailed when the async notice pays or cancels it (buyerNotice.ts). A payment is credited only when the session's amount and currency are the
 * order's (`toMinorUnits` of its total); otherwise it is logged and the order stays unpaid. The
 * payment intent is taken from the notice, else read back from the provider. A payment for an order
 * already cancelled as expired (by the expire_checkouts job, or Stripe's expired notice) is credited
 * all the same, once: the money was received; it is logged and its buyer emailed that it was confirmed.
 * Every other notice is acknowledged and ignored.
 */
import type { Knex } from 'knex';
import {
  paymentIntentOf,
  paymentsFor,
  toMinorUnits,
  type PaymentAdapter,
  type PaymentCharge,
} from '../../adapters/payments';
import type { Config } from '../../config';
import { AppError, badRequest } from '../../errors';
import { logger } from '../../logger';
import { cancelCheckout, payOrder, ORDER_STATUS, type OrderRow } from './orders';
import { tellBuyer, tellDelayed } from './buyerNotice';
import { restoreFailedRefund, reverseOrder, tellDispute, type Reversal } from './refunds';

// One adapter per credits configuration (a changed configuration gets a new one).
const adapters = new WeakMap<Config['credits'], PaymentAdapter>();
export function payments(config: Config): PaymentAdapter {
  let adapter = adapters.get(config.credits);
  if (!adapter) adapters.set(config.credits, (adapter = paymentsFor(config)));
  return adapter;
}

export interface CheckoutSession {
  id: string;
  payment_status?: string;
  amount_total?: number | null;
  currency?: string | null;
  payment_intent?: unknown;
}

/** Stripe's Charge (charge.refunded), Refund (charge.refund.updated) and Dispute (charge.dispute.*), as far as read here. */
interface ChargeOrDispute {
  id: string;
  payment_intent?: unknown;
  amount?: number;
  amount_refunded?: number;
  currency?: string;
  status?: string;
  reason?: string;
}

const PAID = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/**
 * The amount, currency and payment intent of the session: as the notice states them, else as the
 * provider holds them.
 */
async function chargedFor(adapter: PaymentAdapter, session: CheckoutSession) {
  const stated = typeof session.amount_total === 'number' && !!session.currency;
  const paymentIntent = paymentIntentOf(session.payment_intent);
  if (stated && paymentIntent) return { amount_total: session.amount_total, currency: session.currency, paymentIntent };
  let held;
  try {
    held = await adapter.retrieveCheckout?.(session.id);
  } catch (err) {
    // Answered 502: the provider delivers the notice again later.
    logger.warn({ session: session.id, err }, 'checkout could not be read back');
    throw new AppError(502, 'credits.errors.paymentUnavailable');
  }
  return {
    amount_total: stated ? session.amount_total : (held?.amountTotal ?? null),
    currency: stated ? session.currency : (held?.currency ?? null),
    paymentIntent: paymentIntent ?? held?.paymentIntent ?? null,
  };
}

/**
 * Pays the order behind a paid session once, in one transaction, when the charge is the order's
 * total; answers whether it paid now, and the paid order's payment intent (null when it is not paid).
 */
async function creditCheckout(
  knex: Knex,
  config: Config,
  adapter: PaymentAdapter,
  session: CheckoutSession,
  delayed: boolean,
) {
  const charged = await chargedFor(adapter, session);
  return knex.transaction(async (trx) => {
    const order = (await trx('sales_orders').where('checkout_session_id', session.id).forUpdate().first()) as
      OrderRow | undefined;
    if (!order) {
      logger.warn({ session: session.id }, 'payment notice for an unknown checkout');
      return { paid: false, paymentIntent: null };
    }
    const expected = {
      amount_total: toMinorUnits(order.total, order.currency),
      currency: order.currency.toLowerCase(),
    };
    if (charged.amount_total !== expected.amount_total || charged.currency?.toLowerCase() !== expected.currency) {
      logger.error(
        { session: session.id, order: order.order_number, charged, expected },
        'payment notice does not match its order: not credited',
      );
      return { paid: false, paymentIntent: null };
    }
    const { paid, order: paidOrder } = await payOrder(trx, order.id, 'system', true);
    // Money for an order already cancelled as expired is still the buyer's: credited once, logged, and told.
    const late = paid && order.status === ORDER_STATUS.cancelled;
    if (late) logger.warn({ session: session.id, order: order.order_number }, 'payment for an expired order: credited');
    // A delayed payment's buyer left the checkout long ago, a late one's was told it expired: they hear of it.
    if (paid && paidOrder && (delayed || late)) await tellBuyer(trx, config, paidOrder, 'confirmed');
    // Kept for the refunds and disputes of this payment, which name only its payment intent.
    if (charged.paymentIntent)
      await trx('sales_orders')
        .where('id', order.id)
        .whereNull('payment_intent_id')
        .update({ payment_intent_id: charged.paymentIntent });
    const kept = await trx('sales_orders').where('id', order.id).first('status', 'payment_intent_id');
    return {
      paid,
      paymentIntent: kept.status === ORDER_STATUS.paid ? (kept.payment_intent_id as string | null) : null,
    };
  });
}

/**
 * The charge of a payment intent as the provider holds it now: null when the provider holds no
 * charge, undefined when this adapter cannot read charges back (the local test mode, see the
 * module's docblock). A provider that cannot be reached answers the notice 502, so it is delivered
 * again and its retry reads the charge again.
 */
async function chargeNow(adapter: PaymentAdapter, paymentIntent: string): Promise<PaymentCharge | null | undefined> {
  if (!adapter.chargeOf) return undefined;
  try {
    return await adapter.chargeOf(paymentIntent);
  } catch (err) {
    logger.warn({ paymentIntent, err }, 'charge could not be read back');
    throw new AppError(502, 'credits.errors.paymentUnavailable');
  }
}

/**
 * What of a paid order's charge the provider already refunded, applied once (refunds.ts): the
 * refund's own notice may have come before the order knew its payment intent. See the module's docblock.
 */
async function refundsSoFar(knex: Knex, config: Config, adapter: PaymentAdapter, paymentIntent: string | null) {
  const charge = paymentIntent ? await chargeNow(adapter, paymentIntent) : undefined;
  if (!paymentIntent || !charge || charge.amountRefunded <= 0) return {};
  const { reclaimed } = await reverseOrder(knex, config, {
    kind: 'refund',
    paymentIntent,
    amount: charge.amount,
    refunded: charge.amountRefunded,
    currency: charge.currency,
    ref: charge.id,
  });
  return { reclaimed };
}

/**
 * A charge.refunded notice as a reversal: the cumulative refunded amount is the provider's current
 * one, read back, never the notice's (an old notice delivered again, after one of its refunds
 * failed, still states the higher amount); the notice's own figures only where the adapter cannot
 * read charges back, or when no order knows the payment intent (nothing changes then).
 */
async function refundOf(knex: Knex, adapter: PaymentAdapter, o: ChargeOrDispute, base: Omit<Reversal, 'kind'>) {
  const stated: Reversal = { ...base, kind: 'refund', refunded: o.amount_refunded ?? 0 };
  const charge = await heldCharge(knex, adapter, base.paymentIntent, o.id);
  if (charge === undefined) return stated;
  if (!charge) return { ...stated, refunded: 0 };
  return { ...stated, amount: charge.amount, currency: charge.currency, refunded: charge.amountRefunded };
}

/**
 * The charge of a payment intent some order knows, read back (`chargeNow`): null when the provider
 * holds no charge (logged), undefined when the adapter cannot read charges back or no order knows
 * the payment intent (the notice's own figures stand then).
 */
async function heldCharge(knex: Knex, adapter: PaymentAdapter, paymentIntent: string | null, ref: string) {
  if (!paymentIntent || !adapter.chargeOf) return undefined;
  if (!(await knex('sales_orders').where('payment_intent_id', paymentIntent).first('id'))) return undefined;
  const charge = await chargeNow(adapter, paymentIntent);
  if (!charge) logger.warn({ paymentIntent, ref }, 'refund notice for a payment with no charge held');
  return charge;
}

/** A refund or a dispute of a charge: see the module's docblock. */
async function reverseCharge(knex: Knex, config: Config, adapter: PaymentAdapter, type: string, o: ChargeOrDispute) {
  const paymentIntent = paymentIntentOf(o.payment_intent);
  if (typeof o.amount !== 'number' || !o.currency) {
    logger.warn({ type, id: o.id }, 'refund or dispute notice without an amount: nothing changed');
    return { received: true, credited: false };
  }
  const base = { paymentIntent, amount: o.amount, currency: o.currency, ref: o.id };
  if (type === 'charge.refunded')
    return {
      received: true,
      credited: false,
      ...(await reverseOrder(knex, config, await refundOf(knex, adapter, o, base))),
    };
  if (type === 'charge.dispute.closed' && o.status === 'lost')
    return { received: true, credited: false, ...(await reverseOrder(knex, config, { ...base, kind: 'disputeLost' })) };
  const closed = type === 'charge.dispute.closed';
  return {
    received: true,
    credited: false,
    ...(await tellDispute(knex, config, { ...base, id: o.id, reason: o.reason, status: o.status }, closed)),
  };
}

const REVERSALS = new Set(['charge.refunded', 'charge.dispute.created', 'charge.dispute.closed']);
const REFUND_UPDATES = new Set(['charge.refund.updated', 'refund.updated', 'refund.failed']);

/**
 * A refund updated: a failed or cancelled one gives back what it took, the order moving to the
 * charge's refunded amount as read back (see the module's docblock).
 */
async function refundUpdated(knex: Knex, config: Config, adapter: PaymentAdapter, o: ChargeOrDispute) {
  if (o.status !== 'failed' && o.status !== 'canceled') return { received: true, credited: false };
  const paymentIntent = paymentIntentOf(o.payment_intent);
  if (typeof o.amount !== 'number' || !o.currency) {
    logger.error({ refund: o.id, status: o.status }, 'failed refund notice without an amount: nothing given back');
    return { received: true, credited: false };
  }
  const held = await heldCharge(knex, adapter, paymentIntent, o.id);
  const charge = held ? { amount: held.amount, refunded: held.amountRefunded, currency: held.currency } : undefined;
  const base = { id: o.id, paymentIntent, amount: o.amount, currency: o.currency, status: o.status, charge };
  return { received: true, credited: false, ...(await restoreFailedRefund(knex, config, base)) };
}

/**
 * A checkout the provider holds as paid, credited through the paid notice's own path (once, however
 * often; a refund already made is applied): the paid notice, and the expire_checkouts job when Stripe
 * refuses to expire a session because it was paid (credits/expiry.ts).
 */
export async function creditPaidSession(knex: Knex, config: Config, session: CheckoutSession, delayed: boolean) {
  const adapter = payments(config);
  const { paid, paymentIntent } = await creditCheckout(knex, config, adapter, session, delayed);
  return { credited: paid, ...(await refundsSoFar(knex, config, adapter, paymentIntent)) };
}

/** Handles one signed notice: verified, then a paid checkout pays its order once. */
export async function handlePaymentNotice(
  knex: Knex,
  config: Config,
  rawBody: Buffer | string | undefined,
  signature: string | undefined,
) {
  if (!rawBody || !signature) throw badRequest({ signature: 'signature.errors.required' }, 'credits.errors.signature');
  const adapter = payments(config);
  let event;
  try {
    event = adapter.verifyWebhook(rawBody, signature);
  } catch {
    throw badRequest({ signature: 'signature.errors.invalid' }, 'credits.errors.signature');
  }
  if (REVERSALS.has(event.type))
    return reverseCharge(knex, config, adapter, event.type, event.data.object as ChargeOrDispute);
  if (REFUND_UPDATES.has(event.type)) return refundUpdated(knex, config, adapter, event.data.object as ChargeOrDispute);
  const session = event.data.object as CheckoutSession;
  const cancel = (tell: boolean) =>
    knex.transaction(async (trx) => {
      const cancelled = await cancelCheckout(trx, session.id);
      if (cancelled && tell) await tellBuyer(trx, config, cancelled, 'failed');
      return cancelled !== undefined;
    });
  if (event.type === 'checkout.session.expired')
    return { received: true, credited: false, expired: await cancel(false) };
  if (event.type === 'checkout.session.async_payment_failed')
    return { received: true, credited: false, failed: await cancel(true) };
  if (!PAID.has(event.type)) return { received: true, credited: false };
  if (session.payment_status && session.payment_status !== 'paid') {
    const awaiting = await knex.transaction((trx) => tellDelayed(trx, config, session.id));
    return { received: true, credited: false, awaiting };
  }
  const delayed = event.type === 'checkout.session.async_payment_succeeded';
  return { received: true, ...(await creditPaidSession(knex, config, session, delayed)) };
}
