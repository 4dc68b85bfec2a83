/**
 * The buyer of a card order hears how a delayed payment (a bank debit Stripe confirms later) ended:
 * an email when `checkout.session.async_payment_succeeded` credits the order, and one when
 * `checkout.session.async_payment_failed` cancels it, each linking to the credits page, which shows
 * the order's state (GET credit/order/:number). Queued in the notice's transaction, as the order form's
 * email is (purchase.ts), so a notice that rolls back emails nobody and a repeated notice, finding
 * nothing left to pay or cancel, emails nobody again.
 * While the payment is under way (the checkout completed unpaid, `awaitPayment`), the buyer and the company's readers
 * of credits get a `paymentDelayed` notification linked to their credits page, by their preference for it
 * (`tellDelayed`, in the transaction that marks the order awaiting; a repeated notice marks and tells nothing).
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import type { Config } from '../../config';
import { queueEmail } from '../../services/mail/outbox';
import { paymentDelayed } from '../notifications';
import { awaitPayment, type OrderRow } from './orders';

export type PaymentOutcome = 'confirmed' | 'failed';

export async function tellBuyer(
  trx: Knex.Transaction,
  config: Config,
  order: OrderRow,
  outcome: PaymentOutcome,
): Promise<void> {
  if (!order.user_id) return;
  const buyer = await trx('company_users').where({ id: order.user_id, status: 1 }).first('email');
  if (!buyer) return;
  const values = {
    orderNumber: order.order_number,
    credits: order.quantity,
    product: config.productName,
    link: `${config.publicUrl}/credits/company?order=${encodeURIComponent(order.order_number)}`,
  };
  await queueEmail(trx, {
    to: buyer.email,
    subject: t(`credits.emails.${outcome}.subject`, values),
    text: t(`credits.emails.${outcome}.text`, values),
  });
}

/** Marks the order of checkout `sessionId` awaiting its payment and tells its buyer; answers whether it was marked now. */
export async function tellDelayed(trx: Knex.Transaction, config: Config, sessionId: string): Promise<boolean> {
  if (!(await awaitPayment(trx, sessionId))) return false;
  const order = (await trx('sales_orders').where('checkout_session_id', sessionId).first()) as OrderRow;
  await paymentDelayed(trx, config, order);
  return true;
}
