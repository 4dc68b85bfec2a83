/**
 * The payment provider's signed notices about card checkouts (POST credit/stripe/webhook), each
 * verified against the raw body first:
 *   checkout.session.completed, paid            the order is paid and its credits granted, once
 *   checkout.session.async_payment_succeeded    the same, for a payment confirmed later (a bank debit)
 *   checkout.session.async_payment_failed       the pending order is cancelled: nobody can pay it now
 *   checkout.session.expired                    the pending order is cancelled likewise
 * A completed checkout whose payment is still under way ('unpaid') changes nothing until one of the
 * async notices comes. A payment is credited only when the session's amount and currency are the
 * order's (`toMinorUnits` of its total); otherwise it is logged and the order stays unpaid. Every
 * other notice is acknowledged and ignored.
 */
import type { Knex } from 'knex';
import { paymentsFor, toMinorUnits, type PaymentAdapter } from '../../adapters/payments';
import type { Config } from '../../config';
import { AppError, badRequest } from '../../errors';
import { logger } from '../../logger';
import { cancelCheckout, payOrder, type OrderRow } from './orders';

// One adapter per credits configuration (a changed configuration gets a new one).
const adapters = new WeakMap<Config['credits'], PaymentAdapter>();
export function payments(config: Config): PaymentAdapter {
  let adapter = adapters.get(config.credits);
  if (!adapter) adapters.set(config.credits, (adapter = paymentsFor(config)));
  return adapter;
}

interface CheckoutSession {
  id: string;
  payment_status?: string;
  amount_total?: number | null;
  currency?: string | null;
}

const PAID = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** The amount and currency the provider charged for the session: as the notice states them, else as it holds them. */
async function chargedFor(adapter: PaymentAdapter, session: CheckoutSession) {
  if (typeof session.amount_total === 'number' && session.currency) return session;
  let held;
  try {
    held = await adapter.retrieveCheckout?.(session.id);
  } catch (err) {
    // Answered 502: the provider delivers the notice again later.
    logger.warn({ session: session.id, message: (err as Error).message }, 'checkout could not be read back');
    throw new AppError(502, 'credits.errors.paymentUnavailable');
  }
  return { amount_total: held?.amountTotal ?? null, currency: held?.currency ?? null };
}

/** Pays the order behind a paid session once, in one transaction, when the charge is the order's total. */
async function creditCheckout(knex: Knex, adapter: PaymentAdapter, session: CheckoutSession) {
  const charged = await chargedFor(adapter, session);
  return knex.transaction(async (trx) => {
    const order = (await trx('sales_orders').where('checkout_session_id', session.id).first()) as OrderRow | undefined;
    if (!order) {
      logger.warn({ session: session.id }, 'payment notice for an unknown checkout');
      return false;
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
      return false;
    }
    return (await payOrder(trx, order.id, 'system', true)).paid;
  });
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
  const session = event.data.object as CheckoutSession;
  const cancel = () => knex.transaction((trx) => cancelCheckout(trx, session.id));
  if (event.type === 'checkout.session.expired') return { received: true, credited: false, expired: await cancel() };
  if (event.type === 'checkout.session.async_payment_failed')
    return { received: true, credited: false, failed: await cancel() };
  if (!PAID.has(event.type)) return { received: true, credited: false };
  if (session.payment_status && session.payment_status !== 'paid') return { received: true, credited: false };
  return { received: true, credited: await creditCheckout(knex, adapter, session) };
}
