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
 * Each email links to the page about the order its reader's role can open (notifications `orderLinkFor`): a RaaS
 * company's credits page with the order, a normal company's (which has no credits page) its projects.
 * An order the expire_checkouts job cancels as expired (no bank transfer within BANK_TRANSFER_LIFETIME_DAYS,
 * credits/expiry.ts) is told to its buyer and the company's Owner, each active one once (`tellExpired`): an email
 * naming the order, that a late transfer is still credited and a new order can be placed, and an `orderExpired`
 * notice in the order's thread. Queued in the job's transaction that cancels the order, so only the run that cancels
 * it tells (a second run finds it no longer pending) and a run that rolls back tells nobody. A card order's checkout is
 * expired at the provider first (credits/expiry.ts); a bank debit already under way cannot be cancelled there, and one
 * that still succeeds pays the order. A payment credited for an order already cancelled as expired is told to its
 * buyer with the `confirmed` email, once (notices.ts).
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { BANK_TRANSFER_LIFETIME_DAYS, formatMoney } from '../../../schema/rules/credits';
import type { Config } from '../../config';
import { queueEmail, queueEmails } from '../../services/mail/outbox';
import { plainName } from '../../services/mail/templates';
import { companyRecipients, orderExpired, orderLinkFor, paymentDelayed, type Recipient } from '../notifications';
import { roleOfCompanyType } from '../../../schema/roles';
import { awaitPayment, type OrderRow } from './orders';

export type PaymentOutcome = 'confirmed' | 'failed';

export async function tellBuyer(
  trx: Knex.Transaction,
  config: Config,
  order: OrderRow,
  outcome: PaymentOutcome,
): Promise<void> {
  if (!order.user_id) return;
  const buyer = await trx('company_users as u')
    .join('companies as c', 'c.id', 'u.company_id')
    .where({ 'u.id': order.user_id, 'u.status': 1 })
    .first('u.email', 'c.company_type');
  if (!buyer) return;
  const actor = { role: roleOfCompanyType(buyer.company_type as number) };
  const values = {
    orderNumber: order.order_number,
    credits: order.quantity,
    product: config.productName,
    link: `${config.publicUrl}${orderLinkFor({ actor } as Pick<Recipient, 'actor'>, order.order_number)}`,
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
    };
    const subject = t('credits.emails.expired.subject', values);
    // Each linked to the page their role can open: a normal company's people have no credits page.
    const link = (p: Recipient) => `${config.publicUrl}${orderLinkFor(p, order.order_number)}`;
    await queueEmails(
      trx,
      people.map((p) => ({
        to: p.email,
        subject,
        text: t('credits.emails.expired.text', { ...values, link: link(p) }),
      })),
    );
    await orderExpired(trx, config, people, order, days);
  }
}
