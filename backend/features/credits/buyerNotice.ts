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
 * An order the expire_checkouts job cancels as expired (no bank transfer within BANK_TRANSFER_LIFETIME_DAYS, orders.ts
 * `expireBankTransfers`) is told to its buyer and the company's Owner, each active one once (`tellExpired`): an email
 * naming the order, that a late transfer is still credited and a new order can be placed, and an `orderExpired`
 * notice in the order's thread. Queued in the job's transaction that cancels the order, so only the run that cancels
 * it tells (a second run finds it no longer pending) and a run that rolls back tells nobody. Nothing is voided at the
 * provider: a card order expires only while its bank debit is under way, a payment Stripe can no longer cancel, and
 * one that still succeeds pays the order.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { BANK_TRANSFER_LIFETIME_DAYS, formatMoney } from '../../../schema/rules/credits';
import type { Config } from '../../config';
import { queueEmail, queueEmails } from '../../services/mail/outbox';
import { plainName } from '../../services/mail/templates';
import { companyRecipients, orderExpired, paymentDelayed } from '../notifications';
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

/** Tells the buyer and the company's Owner of each order just cancelled as expired (see the module's docblock). */
export async function tellExpired(trx: Knex.Transaction, config: Config, orders: OrderRow[]): Promise<void> {
  const days = BANK_TRANSFER_LIFETIME_DAYS;
  for (const order of orders) {
    const people = (await companyRecipients(trx, { companyId: order.company_id })).filter(
      (p) => p.id === order.user_id || p.actor.subRole === 'owner',
    );
    if (!people.length) continue;
    const company = await trx('companies').where('id', order.company_id).first('company_name');
    const values = {
      orderNumber: order.order_number,
      credits: order.quantity,
      total: formatMoney(Number(order.total), order.currency, config.credits.pricing.locale),
      days,
      company: plainName(String(company?.company_name ?? '')),
      link: `${config.publicUrl}/credits/company?order=${encodeURIComponent(order.order_number)}`,
    };
    const subject = t('credits.emails.expired.subject', values);
    const text = t('credits.emails.expired.text', values);
    await queueEmails(
      trx,
      people.map((p) => ({ to: p.email, subject, text })),
    );
    await orderExpired(trx, config, people, order, days);
  }
}
