/**
 * Buying credits (spec section 7):
 *   GET  credit/pricing                      price per credit, currency, locale, tiers, support address, payment mode
 *   POST credit/sales-order                  an admin makes an order form for a company's member; the PDF is emailed
 *   GET  credit/sales-order/:id/pdf          the order form
 *   POST credit/sales-order/:id/paid         an admin marks an order form paid: the company is credited once
 *                                            (one cancelled as expired too: its transfer came late, the money is in)
 *   POST credit/instant-purchase/stripe      a card checkout for a RaaS company: answers {url}; with the purchase
 *                                            modal's `clientId`, a repeat answers the checkout its first try started
 *   POST credit/stripe/webhook               the payment provider's signed notices (notices.ts): a verified paid checkout
 *                                            credits its order once; an expired or failed one cancels it; a refund or a
 *                                            lost dispute takes the order's credits back once (refunds.ts)
 *   GET  credit/order/:number                an order's state for the credits page the checkout returns to:
 *                                            pending, awaiting (a delayed payment under way), paid or
 *                                            cancelled; another company's order is not found (404)
 *   GET  credit/test-checkout/:session       test mode: the order behind a local checkout
 *   POST credit/test-checkout/:session/pay   test mode: completes it through the same webhook path
 * Both purchase calls take companyId, userId, noOfCredits, discountAmount; the server prices the
 * order again with the same pricing function, so the price is never taken from the client.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { formatPercent, t } from '../../../i18n';
import { formatMoney } from '../../../schema/rules/credits';
import { actorName } from '../../services/activity';
import { queueEmail } from '../../services/mail/outbox';
import { toMinorUnits } from '../../adapters/payments';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Row } from '../../crud/serialize';
import { defineEndpoint } from '../../endpoints/define';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { logger } from '../../logger';
import { scopeQuery } from '../../permissions/sql';
import {
  createOrder,
  memberOf,
  payOrder,
  sameCheckout,
  sameOrderForm,
  ORDER_CHANNEL,
  ORDER_STATUS,
  type OrderRow,
} from './orders';
import { handlePaymentNotice, payments } from './notices';
import { renderOrderForm } from './orderForm';
import { checkoutBody, purchaseBody, refOf } from './inputs';
import { COMPANY_TYPES, actorKey, actorRefs, type Actor } from '../../../schema/roles';

const sessionParam = z.object({ session: z.string().regex(/^cs_[A-Za-z0-9_]{1,200}$/, 'invalid') });

async function orderFormEmail(
  trx: Knex.Transaction,
  config: Config,
  order: OrderRow,
  email: string,
  companyName: string,
) {
  const link = `${config.publicUrl}/api/v1/credit/sales-order/SalesOrder:${order.id}/pdf`;
  const values = {
    orderNumber: order.order_number,
    product: config.productName,
    quantity: Number(order.quantity),
    company: companyName,
    total: formatMoney(Number(order.total), order.currency, config.credits.pricing.locale),
    discount: formatPercent(Number(order.discount_percent)),
    link,
  };
  await queueEmail(trx, {
    to: email,
    subject: t('credits.orderForm.subject', values),
    text: t('credits.orderForm.text', values),
  });
}

/**
 * An admin's order form for a RaaS company's member, emailed to them (a normal company, whose projects
 * are never charged, is refused with a field message on companyId, as its card checkout is refused);
 * a double submit gets the order the first one made, emailed once.
 */
export async function makeOrderForm(
  ctx: Pick<AppContext, 'knex' | 'config'>,
  actor: Actor,
  body: z.output<typeof purchaseBody>,
  row: Row,
) {
  // As for a card checkout: only a RaaS company's projects are charged credits.
  if (row.companyType !== COMPANY_TYPES.raas) throw badRequest({ companyId: 'credits.errors.notRaas' });
  const order = await ctx.knex.transaction(async (trx) => {
    const member = await memberOf(trx, body.companyId, body.userId);
    // A double submit gets the order the first one made, emailed once.
    const same = await sameOrderForm(trx, {
      companyId: body.companyId,
      userId: member.id,
      quantity: body.noOfCredits,
      actor,
    });
    if (same) return { ...same, email: member.email };
    const created = await createOrder(trx, ctx.config.credits.pricing, {
      companyId: body.companyId,
      userId: member.id,
      quantity: body.noOfCredits,
      channel: 'orderForm',
      actor,
    });
    await orderFormEmail(trx, ctx.config, created, member.email, row.companyName as string);
    return { ...created, email: member.email };
  });
  return {
    msg: t('credits.messages.orderCreated', { orderNumber: order.order_number, email: order.email }),
    orderId: `SalesOrder:${order.id}`,
    orderNumber: order.order_number,
    quantity: order.quantity,
    discount: Number(order.discount_percent),
    total: Number(order.total),
    currency: order.currency,
  };
}

/**
 * Starts a card checkout for a RaaS company's credits (a company user for themself, an admin for any
 * member) and answers the payment page's url. A repeat of the purchase modal's key (`clientId`: a double
 * click, a resend after a lost answer) answers the checkout its first try started, with no second order; the key
 * sent again with another quantity is refused (422 'credits.errors.keyReused' on noOfCredits), nothing started.
 */
export async function startCardCheckout(
  ctx: Pick<AppContext, 'knex' | 'config'>,
  actor: Actor,
  body: z.output<typeof checkoutBody>,
  row: Row,
) {
  if (row.companyType !== COMPANY_TYPES.raas) throw forbidden('credits.errors.notRaas');
  const adapter = payments(ctx.config);
  if (adapter.mode === 'unavailable') throw new AppError(409, 'credits.errors.cardUnavailable');
  return ctx.knex.transaction(async (trx) => {
    const member = await memberOf(trx, body.companyId, body.userId);
    // A company user buys for themself; admins (no user of their own) on behalf of any member.
    const { userId } = actorRefs(actor);
    if (userId !== null && member.id !== userId) throw badRequest({ userId: 'member.errors.notInCompany' });
    const key = body.clientId;
    const same = key ? await sameCheckout(trx, { companyId: body.companyId, userId: member.id, clientId: key }) : null;
    // A key reused for another quantity is refused, as Stripe refuses a reused idempotency key with other parameters:
    // answering the first checkout would sell what was not asked for.
    if (same && Number(same.quantity) !== body.noOfCredits)
      throw new AppError(422, 'credits.errors.keyReused', undefined, { noOfCredits: 'credits.errors.keyReused' });
    if (same?.checkout_url) return { url: same.checkout_url, orderNumber: same.order_number };
    const order = await createOrder(trx, ctx.config.credits.pricing, {
      companyId: body.companyId,
      userId: member.id,
      quantity: body.noOfCredits,
      channel: 'card',
      actor,
    });
    const back = `${ctx.config.publicUrl}/credits/company`;
    let checkout;
    try {
      checkout = await adapter.createCheckout({
        orderId: order.id,
        orderNumber: order.order_number,
        quantity: order.quantity,
        amountMinor: toMinorUnits(order.total, order.currency),
        currency: order.currency,
        customerEmail: member.email,
        successUrl: `${back}?payment=success&order=${order.order_number}`,
        cancelUrl: `${back}?payment=cancelled&order=${order.order_number}`,
      });
    } catch (err) {
      logger.warn({ err }, 'card checkout could not be created');
      throw new AppError(502, 'credits.errors.paymentUnavailable');
    }
    await trx('sales_orders')
      .where('id', order.id)
      .update({ checkout_session_id: checkout.id, checkout_url: checkout.url, client_id: key ?? null });
    return { url: checkout.url, orderNumber: order.order_number };
  });
}

/**
 * What the credits page shows of an order after the checkout sends the buyer back: 'pending' (the
 * provider has not told yet), 'awaiting' (the checkout is completed and the bank still confirms the
 * payment), 'paid' or 'cancelled' (expired, or the delayed payment failed).
 */
export function orderState(order: OrderRow) {
  const state =
    order.status === ORDER_STATUS.paid
      ? 'paid'
      : order.status === ORDER_STATUS.cancelled
        ? 'cancelled'
        : order.awaiting_payment_since
          ? 'awaiting'
          : 'pending';
  return {
    orderNumber: order.order_number,
    state,
    quantity: order.quantity,
    total: Number(order.total),
    currency: order.currency,
    paidAt: order.paid_at,
  };
}

export const purchaseEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/credit/pricing',
    summary: 'Credit prices, tiers and how cards are paid',
    access: 'signedIn',
    handler: ({ ctx }) => ({ ...ctx.config.credits.pricing, paymentMode: payments(ctx.config).mode }),
  }),

  defineEndpoint({
    method: 'post',
    path: '/credit/sales-order',
    summary: "An admin makes an order form for a company's member and emails it",
    access: { action: 'update', subject: 'Company' },
    input: { body: purchaseBody },
    row: { entity: 'company', from: { body: 'companyId' }, action: 'update' },
    status: 201,
    handler: ({ body, actor, ctx, row }) => makeOrderForm(ctx, actor, body, row),
  }),

  defineEndpoint({
    method: 'get',
    path: '/credit/sales-order/:id/pdf',
    summary: 'The PDF order form of a sales order',
    access: { action: 'read', subject: 'SalesOrder' },
    input: { params: z.object({ id: refOf('salesOrder', 'id') }) },
    row: { entity: 'salesOrder', action: 'read' },
    raw: true,
    handler: async ({ row, ctx, res }) => {
      const order = (await ctx.knex('sales_orders').where('id', row.id).first()) as OrderRow;
      const company = await ctx
        .knex('companies')
        .where('id', order.company_id)
        .first('company_name', 'legal_entity_name', 'company_registration_number', 'address');
      const member = (order.user_id &&
        (await ctx.knex('company_users').where('id', order.user_id).first('email', 'first_name', 'last_name'))) || {
        email: '',
        first_name: null,
        last_name: null,
      };
      const pdf = await renderOrderForm({
        order,
        company,
        member,
        productName: ctx.config.productName,
        pricing: ctx.config.credits.pricing,
      });
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `attachment; filename="order-form-${order.order_number}.pdf"`);
      res.send(pdf);
    },
  }),

  defineEndpoint({
    method: 'post',
    path: '/credit/sales-order/:id/paid',
    summary: 'An admin marks an order form paid; its credits are added once',
    access: { action: 'update', subject: 'Company' },
    input: { params: z.object({ id: refOf('salesOrder', 'id') }) },
    row: { entity: 'salesOrder', action: 'read' },
    handler: async ({ row, ctx, actor }) => {
      return ctx.knex.transaction(async (trx) => {
        // A card order is paid through Stripe, whose notice adds its credits: by hand it would add them unpaid.
        const { channel } = await trx('sales_orders').where('id', row.id).first('channel');
        if (channel === ORDER_CHANNEL.card) throw new AppError(409, 'credits.errors.cardOrder');
        const admin = (await actorName(trx, actor)) ?? `Admin ${actor.id}`;
        // An order form is cancelled only as expired (orders.ts): a transfer that came late is still credited.
        const { paid, order } = await payOrder(trx, row.id as number, 'system', true, admin);
        if (!paid || !order) {
          const status = (await trx('sales_orders').where('id', row.id).first('status')).status;
          throw new AppError(
            409,
            status === ORDER_STATUS.cancelled ? 'credits.errors.orderCancelled' : 'credits.errors.orderPaid',
          );
        }
        return {
          msg: t('credits.messages.orderPaid', { credits: order.quantity }),
          orderNumber: order.order_number,
          creditDataId: `Credit:${order.lot_id}`,
        };
      });
    },
  }),

  defineEndpoint({
    method: 'post',
    path: '/credit/instant-purchase/stripe',
    summary: 'Starts a card checkout for credits and answers its url',
    access: { action: 'read', subject: 'Company' },
    input: { body: checkoutBody },
    row: { entity: 'company', from: { body: 'companyId' }, action: 'read' },
    limits: ({ actor }) => [{ key: `credit-checkout:${actorKey(actor)}`, max: 30 }],
    handler: ({ body, actor, ctx, row }) => startCardCheckout(ctx, actor, body, row),
  }),

  defineEndpoint({
    method: 'post',
    path: '/credit/stripe/webhook',
    summary: "The payment provider's signed notices (a paid checkout credits its order once)",
    access: 'public',
    input: { body: z.looseObject({}) },
    handler: ({ req, ctx }) => handlePaymentNotice(ctx.knex, ctx.config, req.rawBody, req.get('stripe-signature')),
  }),

  defineEndpoint({
    method: 'get',
    path: '/credit/order/:number',
    summary: "A card or order-form order's state, by its number (the caller's company's orders only)",
    access: { action: 'read', subject: 'SalesOrder' },
    input: { params: z.object({ number: z.string().min(1).max(40) }) },
    handler: async ({ params, ability, ctx }) => {
      const q = ctx.knex('sales_orders').where('order_number', params.number);
      const order = (await scopeQuery(q, ability, 'read', 'SalesOrder', 'sales_orders').first()) as
        OrderRow | undefined;
      if (!order) throw notFound();
      return orderState(order);
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/credit/test-checkout/:session',
    summary: 'Test mode: the order behind a local checkout',
    access: { action: 'read', subject: 'SalesOrder' },
    input: { params: sessionParam },
    handler: async ({ params, ability, ctx }) => {
      if (payments(ctx.config).mode !== 'test') throw notFound();
      const q = scopeQuery(
        ctx.knex('sales_orders').where('checkout_session_id', params.session),
        ability,
        'read',
        'SalesOrder',
        'sales_orders',
      );
      const order = (await q.first()) as OrderRow | undefined;
      if (!order) throw notFound();
      return {
        orderNumber: order.order_number,
        quantity: order.quantity,
        total: Number(order.total),
        currency: order.currency,
        status: order.status,
      };
    },
  }),

  defineEndpoint({
    method: 'post',
    path: '/credit/test-checkout/:session/pay',
    summary: 'Test mode: pays a local checkout through the webhook path',
    access: { action: 'read', subject: 'SalesOrder' },
    input: { params: sessionParam },
    handler: async ({ params, ability, ctx }) => {
      const adapter = payments(ctx.config);
      if (adapter.mode !== 'test' || !adapter.signTestCompletion) throw notFound();
      const q = scopeQuery(
        ctx.knex('sales_orders').where('checkout_session_id', params.session),
        ability,
        'read',
        'SalesOrder',
        'sales_orders',
      );
      const order = (await q.first()) as OrderRow | undefined;
      if (!order) throw notFound();
      // As with Stripe, an expired checkout can no longer be paid.
      if (order.status === ORDER_STATUS.cancelled) throw new AppError(409, 'credits.errors.checkoutExpired');
      const { payload, signature } = adapter.signTestCompletion({
        id: params.session,
        orderId: order.id,
        amountMinor: toMinorUnits(order.total, order.currency),
        currency: order.currency,
      });
      return handlePaymentNotice(ctx.knex, ctx.config, payload, signature);
    },
  }),
];
