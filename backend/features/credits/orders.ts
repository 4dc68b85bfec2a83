/**
 * Sales orders: an order is priced once by the one pricing function when it is made, and credits
 * its company exactly once, when it is paid (an admin marks an order form paid, or the payment
 * provider's verified webhook reports a completed checkout). `payOrder` turns pending into paid
 * with a conditional update in the caller's transaction and grants the lot in the same one, so a
 * repeated or concurrent payment notice finds nothing left to pay.
 */
import type { Knex } from 'knex';
import { randomBytes } from 'node:crypto';
import { quoteCredits, type Pricing } from '../../../schema/rules/credits';
import { actorRefs, type Actor } from '../../../schema/roles';
import { AppError, badRequest } from '../../errors';
import { grantCredits, type LedgerActor } from './ledger';

type Trx = Knex | Knex.Transaction;

export const ORDER_STATUS = { pending: 0, paid: 1, cancelled: 2 } as const;
export const ORDER_CHANNEL = { orderForm: 1, card: 2 } as const;

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
 * Pays a pending order once: the first caller turns it paid and grants its lot (a card purchase as
 * 'added by company user', action 9, an order form likewise, for the member it names); later
 * callers get `{ paid: false }` and nothing moves.
 */
export async function payOrder(
  trx: Knex.Transaction,
  orderId: number,
  actor: LedgerActor,
): Promise<{ paid: boolean; order?: OrderRow }> {
  const [order] = (await trx('sales_orders')
    .where({ id: orderId, status: ORDER_STATUS.pending })
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
    note: `Order ${order.order_number}`,
  });
  await trx('sales_orders').where('id', order.id).update({ lot_id: moved.lotId });
  return { paid: true, order: { ...order, lot_id: moved.lotId } };
}
