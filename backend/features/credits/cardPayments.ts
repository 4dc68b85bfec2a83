/**
 * GET credit/card-payments: the card payments of a company that its bank confirms later (Stripe's
 * delayed payments: a checkout completed unpaid, `sales_orders.awaiting_payment_since`), so the credits
 * page shows each by its order number until well after it settled, whatever address the buyer came
 * back by: 'awaiting' while the bank confirms (never left out, however old), then 'paid' or 'cancelled'
 * (the payment failed, or no transfer came within BANK_TRANSFER_LIFETIME_DAYS and the expire_checkouts
 * job cancelled it as expired) for SETTLED_SHOWN_DAYS after it settled. A checkout not yet completed is not
 * listed (the page's PaymentStatus follows it after the return from the checkout).
 *
 * Read through the SalesOrder read rule (a company's users: their own company's orders); a company
 * user gets their own company's, an admin names the company (`companyId`). The buyer is also emailed
 * when the payment settles (buyerNotice.ts), and the buyer and the company's readers of credits get a
 * `paymentDelayed` notification, linked here, when the payment turns out delayed (buyerNotice.ts `tellDelayed`).
 */
import { z } from 'zod';
import { defineEndpoint } from '../../endpoints/define';
import { badRequest } from '../../errors';
import { scopeQuery } from '../../permissions/sql';
import { refOf } from './inputs';
import { ORDER_CHANNEL, ORDER_STATUS, type OrderRow } from './orders';
import { orderState } from './purchase';

/** How long a settled delayed payment stays on the credits page. */
export const SETTLED_SHOWN_DAYS = 30;
/** The most listed at once, newest first. */
const LISTED = 20;

export const cardPaymentEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/credit/card-payments',
    summary: "A company's card payments its bank confirms later: under way, or paid or failed lately",
    access: { action: 'read', subject: 'SalesOrder' },
    input: { query: z.object({ companyId: refOf('company', 'company').optional() }) },
    handler: async ({ query, actor, ability, ctx }) => {
      const companyId = query.companyId ?? actor.companyId;
      if (!companyId) throw badRequest({ companyId: 'company.errors.required' });
      const q = ctx
        .knex('sales_orders')
        .where({ company_id: companyId, channel: ORDER_CHANNEL.card })
        .whereNotNull('awaiting_payment_since')
        .where((w) =>
          w
            .where('status', ORDER_STATUS.pending)
            .orWhereRaw('coalesce(paid_at, updated_at) > now() - make_interval(days => ?)', [SETTLED_SHOWN_DAYS]),
        )
        .orderBy([
          { column: 'awaiting_payment_since', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(LISTED);
      const rows = (await scopeQuery(q, ability, 'read', 'SalesOrder', 'sales_orders')) as OrderRow[];
      return {
        data: rows.map((o) => ({
          ...orderState(o),
          awaitingSince: o.awaiting_payment_since,
          settledAt: o.status === ORDER_STATUS.pending ? null : (o.paid_at ?? (o as { updated_at?: Date }).updated_at),
        })),
      };
    },
  }),
];
