/**
 * Sales orders: an order is priced once by the one pricing function when it is made, and credits
 * its company exactly once, when it is paid (an admin marks an order form paid, or the payment
 * provider's verified webhook reports a checkout paid, at once or later). `payOrder` turns pending
 * into paid with a conditional update in the caller's transaction and grants the lot in the same
 * one, so a repeated or concurrent payment notice finds nothing left to pay. A card checkout nobody
 * paid is cancelled when the provider reports it expired or its delayed payment failed, or by the
 * hourly expire_checkouts job once it is past the checkout's lifetime (credits/expiry.ts, which expires the
 * checkout at the provider first); a payment the provider still confirms for it afterwards is credited all the same. An order waiting for a bank transfer (an order
 * form, or a card checkout whose payment is under way) is cancelled as expired by the same job after
 * BANK_TRANSFER_LIFETIME_DAYS (`dueOrders`, credits/expiry.ts); money that arrives for it later is still
 * credited (the provider's notice, or an admin marking the order form paid). An order form made twice
 * over by a double submit is made once (`sameOrderForm`); a card checkout repeated under the purchase modal's key
 * (`clientId`) is started once (`sameCheckout`), one without a key each time.
 */
import type { Knex } from 'knex';
import { randomBytes } from 'node:crypto';
import { BANK_TRANSFER_LIFETIME_DAYS, quoteCredits, type Pricing } from '../../../schema/rules/credits';
import { actorRefs, type Actor } from '../../../schema/roles';
import { AppError, badRequest } from '../../errors';
import { grantCredits, type LedgerActor } from './ledger';

type Trx = Knex | Knex.Transaction;

export const ORDER_STATUS = { pending: 0, paid: 1, cancelled: 2 } as const;
export const ORDER_CHANNEL = { orderForm: 1, card: 2 } as const;

/** Stripe's checkout sessions expire after 24 hours; an hour more lets a late notice of payment land first. */
export const CHECKOUT_LIFETIME_HOURS = 25;

/** The same order form asked for again this soon (a double click, a resent request) is the order already made. */
export const REPEAT_WINDOW_SECONDS = 120;

export interface OrderRow {
  id: number;
  order_number: string;
  channel: number;
  status: number;
  company_id: number;
  user_id: number | null;
  quantity: number;
  unit_price: string;
  discount_percent: string;
  total: string;
  currency: string;
  checkout_session_id: string | null;
  lot_id: number | null;
  created_at: Date;
  paid_at: Date | null;
  /** Set when the checkout completed with its payment under way (`awaitPayment`). */
  awaiting_payment_since?: Date | null;
  checkout_url?: string | null;
}

/** 'SO-20261123-7F3A2C': the date and six random hex digits, unique by index. */
function orderNumber(): string {
  return `SO-${new Date().toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(3).toString('hex').toUpperCase()}`;
}

/** The member an order is for: an active user of the company ('member.errors.notInCompany' otherwise). */
export async function memberOf(trx: Trx, companyId: number, userId: number) {
  const user = await trx('company_users')
    .where({ id: userId, company_id: companyId })
    .first('id', 'email', 'first_name', 'last_name', 'status');
  if (!user || user.status !== 1) throw badRequest({ userId: 'member.errors.notInCompany' });
  return user as { id: number; email: string; first_name: string | null; last_name: string | null };
}

/** Creates a pending order priced by `quoteCredits`; above the top tier it is refused (enterprise pricing). */
export async function createOrder(
  trx: Trx,
  pricing: Pricing,
  input: { companyId: number; userId: number; quantity: number; channel: keyof typeof ORDER_CHANNEL; actor: Actor },
): Promise<OrderRow> {
  const quote = quoteCredits(pricing, input.quantity);
  if (quote.kind === 'enterprise') {
    const max = pricing.tiers[pricing.tiers.length - 1]?.max ?? 0;
    throw new AppError(400, 'errors.validation', undefined, { noOfCredits: 'noOfCredits.errors.enterprise' }, { max });
  }
  const [row] = await trx('sales_orders')
    .insert({
      order_number: orderNumber(),
      channel: ORDER_CHANNEL[input.channel],
      status: ORDER_STATUS.pending,
      company_id: input.companyId,
      user_id: input.userId,
      quantity: quote.quantity,
      unit_price: quote.unitPrice,
      discount_percent: quote.discount,
      total: quote.total,
      currency: quote.currency,
      created_by_admin_id: actorRefs(input.actor).adminId,
    })
    .returning('*');
  return row as OrderRow;
}

/**
 * The pending order form the same admin made for the same member and quantity in the last
 * REPEAT_WINDOW_SECONDS, if any; the caller holds the lock that makes concurrent submits see it.
 */
export async function sameOrderForm(
  trx: Knex.Transaction,
  input: { companyId: number; userId: number; quantity: number; actor: Actor },
): Promise<OrderRow | undefined> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [
    `order-form:${input.companyId}:${input.userId}:${input.quantity}`,
  ]);
  const adminId = actorRefs(input.actor).adminId;
  return (await trx('sales_orders')
    .where({
      company_id: input.companyId,
      user_id: input.userId,
      quantity: input.quantity,
      channel: ORDER_CHANNEL.orderForm,
      status: ORDER_STATUS.pending,
    })
    .where((q) => (adminId === null ? q.whereNull('created_by_admin_id') : q.where('created_by_admin_id', adminId)))
    .whereRaw(`created_at > now() - make_interval(secs => ?)`, [REPEAT_WINDOW_SECONDS])
    .orderBy('id', 'desc')
    .first()) as OrderRow | undefined;
}

/**
 * The card order a checkout for `clientId` (the purchase modal's key, the same on each try) already made for the
 * company's member, if any; takes the key's lock for the rest of the caller's transaction first, so a repeat running
 * beside its first try waits for it and then finds its order and payment page.
 */
export async function sameCheckout(
  trx: Knex.Transaction,
  input: { companyId: number; userId: number; clientId: string },
): Promise<OrderRow | undefined> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`card-checkout:${input.companyId}:${input.clientId}`]);
  return (await trx('sales_orders')
    .where({
      company_id: input.companyId,
      user_id: input.userId,
      client_id: input.clientId,
      channel: ORDER_CHANNEL.card,
    })
    .first()) as OrderRow | undefined;
}

/**
 * Cancels the pending card order behind a checkout session nobody can pay any more (it expired, or
 * its delayed payment failed); answers the order it cancelled, if any. A paid order stays paid.
 */
export async function cancelCheckout(trx: Trx, sessionId: string): Promise<OrderRow | undefined> {
  const [row] = (await trx('sales_orders')
    .where({ checkout_session_id: sessionId, channel: ORDER_CHANNEL.card, status: ORDER_STATUS.pending })
    .update({ status: ORDER_STATUS.cancelled, updated_at: trx.fn.now() })
    .returning('*')) as OrderRow[];
  return row;
}

/**
 * Records that the buyer completed the checkout and the payment is under way (Stripe's completed
 * notice with payment_status 'unpaid', a bank debit): the order waits for the async notice and is
 * not expired meanwhile. Answers whether a pending order was marked.
 */
export async function awaitPayment(trx: Trx, sessionId: string): Promise<boolean> {
  const rows = await trx('sales_orders')
    .where({ checkout_session_id: sessionId, channel: ORDER_CHANNEL.card, status: ORDER_STATUS.pending })
    .whereNull('awaiting_payment_since')
    .update({ awaiting_payment_since: trx.fn.now(), updated_at: trx.fn.now() }, ['id']);
  return rows.length > 0;
}

/** Why an order is due to be cancelled: its checkout's lifetime is over, or no bank transfer came in time. */
export type DueReason = 'checkout' | 'transfer';

/**
 * The pending orders due to be cancelled now (credits/expiry.ts cancels them): a card order older than
 * the checkout's lifetime ('checkout'), unless its checkout was completed with the payment under way
 * (`awaitPayment`), which is left to the provider's async notice; and, as expired, an order waiting for a
 * bank transfer BANK_TRANSFER_LIFETIME_DAYS after it began to wait ('transfer'): a pending order form
 * since it was made, a card order since its checkout completed with the payment under way.
 */
export async function dueOrders(knex: Trx): Promise<(OrderRow & { due: DueReason })[]> {
  const since = `now() - make_interval(days => ?)`;
  const days = BANK_TRANSFER_LIFETIME_DAYS;
  return (await knex('sales_orders')
    .where('status', ORDER_STATUS.pending)
    .where((w) =>
      w
        .where((c) =>
          c
            .where('channel', ORDER_CHANNEL.card)
            .whereNull('awaiting_payment_since')
            .whereRaw(`created_at < now() - make_interval(hours => ?)`, [CHECKOUT_LIFETIME_HOURS]),
        )
        .orWhere((o) => o.where('channel', ORDER_CHANNEL.orderForm).whereRaw(`created_at < ${since}`, [days]))
        .orWhere((c) => c.where('channel', ORDER_CHANNEL.card).whereRaw(`awaiting_payment_since < ${since}`, [days])),
    )
    .orderBy('id')
    .select(
      '*',
      knex.raw(`case when awaiting_payment_since is null and channel = ? then 'checkout' else 'transfer' end as due`, [
        ORDER_CHANNEL.card,
      ]),
    )) as (OrderRow & { due: DueReason })[];
}

/**
 * Cancels order `id` if it is still pending (one conditional update: a payment landing meanwhile, or a
 * second run, finds nothing to cancel; no credit moves); answers the order cancelled. A payment that
 * still arrives pays the cancelled order (`payOrder`, confirmed).
 */
export async function cancelPending(trx: Trx, id: number): Promise<OrderRow | undefined> {
  const [row] = (await trx('sales_orders')
    .where({ id, status: ORDER_STATUS.pending })
    .update({ status: ORDER_STATUS.cancelled, updated_at: trx.fn.now() })
    .returning('*')) as OrderRow[];
  return row;
}

/**
 * Pays a pending order once: the first caller turns it paid and grants its lot (a card purchase as
 * 'added by company user', action 9, an order form likewise, for the member it names); later
 * callers get `{ paid: false }` and nothing moves. A payment the provider confirmed, or an admin
 * recorded for an order form (`confirmed`), also pays an order cancelled as expired: the money was received.
 */
export async function payOrder(
  trx: Knex.Transaction,
  orderId: number,
  actor: LedgerActor,
  confirmed = false,
  /** The admin who marked the order paid, named in the credit log's note beside the buyer the credits are for. */
  confirmedBy?: string | null,
): Promise<{ paid: boolean; order?: OrderRow }> {
  const payable: number[] = confirmed ? [ORDER_STATUS.pending, ORDER_STATUS.cancelled] : [ORDER_STATUS.pending];
  const [order] = (await trx('sales_orders')
    .where({ id: orderId })
    .whereIn('status', payable)
    .update({ status: ORDER_STATUS.paid, paid_at: trx.fn.now(), updated_at: trx.fn.now() })
    .returning('*')) as OrderRow[];
  if (!order) return { paid: false };
  const buyer: LedgerActor =
    actor !== 'system'
      ? actor
      : order.user_id
        ? { role: 'raasCompany', id: order.user_id, companyId: order.company_id }
        : 'system';
  const source = order.channel === ORDER_CHANNEL.card ? 'card' : 'orderForm';
  const moved = await grantCredits(trx, {
    companyId: order.company_id,
    amount: order.quantity,
    source,
    actor: buyer,
    note: confirmedBy ? `Order ${order.order_number}, marked paid by ${confirmedBy}` : `Order ${order.order_number}`,
  });
  await trx('sales_orders').where('id', order.id).update({ lot_id: moved.lotId });
  return { paid: true, order: { ...order, lot_id: moved.lotId } };
}
