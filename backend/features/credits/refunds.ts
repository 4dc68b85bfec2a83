/**
 * Card payments taken back after the credits were granted: the provider's refunds and disputes
 * (chargebacks) of a paid card order, found by the payment intent the order keeps.
 *   reverseOrder      a refund (cumulative share of the charge) or a lost dispute (all of it) takes
 *                     back that share of the order's credits: the order row is locked, and what was
 *                     asked back so far is kept on it (credits_reclaimed), so a repeated or later
 *                     notice takes only the difference. What of the order's lot already left the
 *                     balance by expiry, an admin's deletion or an admin's update lowering it
 *                     (reclaim.ts, lapsedHalves) counts as given back: it is not taken again from the company's other lots, and the
 *                     admins' notice names it. The ledger takes from the order's own lot first and
 *                     never below zero; credits already spent are recorded on the order
 *                     (credits_unrecovered) and named in the admins' notice. A refund whose notice
 *                     came before the order was paid (so no order knew its payment intent yet) is
 *                     applied when the paid notice is handled (notices.ts reads the charge back).
 *                     A refund's cumulative amount comes from the provider's charge as it stands
 *                     when the notice is handled (notices.ts), not from the notice: as this keeps the
 *                     higher of the recorded and the given amount, a stale higher one (an old notice
 *                     delivered again after its refund failed) would take the credits back again.
 *   restoreFailedRefund  a refund the provider reports failed or cancelled (the money stayed with us):
 *                     its id is recorded on the order (failed_refunds) under the order's lock, so a
 *                     repeated or concurrent notice does nothing more; the order moves to the
 *                     refunded amount of the charge as the provider holds it now (read back by
 *                     notices.ts; Stripe lowers it by the failed refund), or, where the adapter
 *                     cannot read charges back, to what the order recorded less the refund's own
 *                     amount. Credits the lower share no longer asks back are given back: first by
 *                     forgiving what was recorded as spent (credits_unrecovered, never taken), the
 *                     rest as a new lot of the company's (a card lot, 'Added by company user' by the
 *                     system, its note naming the refund); admins are told. The failure may be
 *                     handled before the charge.refunded of the same refund, or of an earlier one
 *                     (Stripe does not order its notices): the order then moves to the charge's
 *                     amount all the same, so nothing of an earlier refund is given back, and an
 *                     earlier refund not yet applied is taken here; the charge.refunded notices that
 *                     follow read the same charge and take nothing again.
 *   settleOrder       the one move both use: to a target share, taking back (reverseOrder) or also
 *                     giving back (restoreFailedRefund) the difference from what was asked so far.
 *   disputeOpened     admins hear of a dispute; no credit moves, it may still be won
 *   disputeClosed     a won (or otherwise closed) dispute is told to admins; a lost one is reverseOrder's
 * Every admin hears of each change in one thread per order (kind paymentReversed). An unknown
 * payment intent changes nothing and is logged.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { formatMoney, fromHalves, toHalves } from '../../../schema/rules/credits';
import { minorUnitDigits, toMinorUnits } from '../../adapters/payments';
import type { Config } from '../../config';
import { logger } from '../../logger';
import { adminRecipients, notify } from '../notifications';
import type { OrderRow } from './orders';
import { grantCredits } from './ledger';
import { lapsedHalves, reclaimCredits } from './reclaim';
import { stripeWords } from './stripeWords';

export interface PaidOrder extends OrderRow {
  payment_intent_id: string | null;
  amount_refunded: string;
  credits_reclaimed: string;
  credits_unrecovered: string;
  failed_refunds: string[];
}

export type Reversal =
  | { kind: 'refund'; paymentIntent: string | null; amount: number; refunded: number; currency: string; ref: string }
  | { kind: 'disputeLost'; paymentIntent: string | null; amount: number; currency: string; ref: string };

const TODAY = "(now() at time zone 'utc')::date";
const fromMinor = (minor: number, currency: string) => minor / 10 ** minorUnitDigits(currency);

/** The paid order behind a payment intent, locked for this transaction; logged when there is none. */
async function lockOrder(trx: Knex.Transaction, paymentIntent: string | null, ref: string) {
  const order = paymentIntent
    ? ((await trx('sales_orders').where('payment_intent_id', paymentIntent).forUpdate().first()) as PaidOrder)
    : undefined;
  if (!order) logger.warn({ paymentIntent, ref }, 'refund or dispute notice for an unknown payment: nothing changed');
  return order;
}

/** Every admin hears of it, in the order's one thread; `key` is a title of notifications.titles. */
async function tellAdmins(
  trx: Knex.Transaction,
  config: Config,
  order: PaidOrder,
  key: string,
  values: Record<string, string | number>,
) {
  const company = await trx('companies').where('id', order.company_id).first('company_name');
  const text = t(`notifications.titles.${key}`, {
    ...values,
    company: company?.company_name ?? `Company ${order.company_id}`,
    order: order.order_number,
  });
  await notify(trx, config, await adminRecipients(trx), {
    kind: 'paymentReversed',
    subjectKey: `salesOrder:${order.id}:payment`,
    link: `/admin/sales-orders?filter=${encodeURIComponent(JSON.stringify({ q: order.order_number }))}`,
    title: () => text,
  });
}

const money = (config: Config, amount: number, currency: string) =>
  formatMoney(amount, currency, config.credits.pricing.locale);

/** What the order's credits owe at this refunded share: the target share in halves, and the amount reversed. */
function targetOf(order: PaidOrder, r: Reversal) {
  const all = Number(order.quantity) * 2;
  if (r.kind === 'disputeLost') return { halves: all, reversed: Number(order.total) };
  const share = r.amount > 0 ? Math.min(1, Math.max(0, r.refunded / r.amount)) : 0;
  return {
    halves: Math.min(all, Math.round(all * share)),
    reversed: Math.min(Number(order.total), fromMinor(r.refunded, r.currency)),
  };
}

/**
 * Moves a locked order to a target share (targetOf): takes back (reclaimCredits, its lot first,
 * never below zero) what the target asks beyond what was asked so far and what lapsed by itself, or,
 * when `lower`, gives back what it no longer asks: first by forgiving what was recorded as spent,
 * the rest as a new lot of the company's. Records the order's new figures.
 */
async function settleOrder(
  trx: Knex.Transaction,
  order: PaidOrder,
  target: ReturnType<typeof targetOf>,
  o: { lower: boolean; takeNote: string; giveNote: string },
) {
  const all = Number(order.quantity) * 2;
  // Asked back so far (taken or found spent), and what already left the balance by expiry or an admin's removal.
  const done = toHalves(order.credits_reclaimed);
  const lapsed = Math.min(all, await lapsedHalves(trx, order.lot_id));
  const want = Math.max(0, target.halves - lapsed);
  const ask = Math.max(0, want - done);
  const back = o.lower ? Math.max(0, done - want) : 0;
  // A reversal records its (possibly empty) reclaim in the log; a failed refund only what it takes.
  const moved =
    ask > 0 || !o.lower
      ? await reclaimCredits(trx, {
          companyId: order.company_id,
          lotId: order.lot_id,
          amount: fromHalves(ask),
          note: o.takeNote,
        })
      : { taken: 0, short: 0 };
  const unrecovered = toHalves(order.credits_unrecovered) + toHalves(moved.short);
  const forgiven = Math.min(unrecovered, back);
  const give = back - forgiven;
  // Given back to expire with the order's own lot while that is open, else a year on as any purchase.
  const lot =
    give > 0 && order.lot_id
      ? await trx('credit_lots')
          .where('id', order.lot_id)
          .first(trx.raw(`to_char(expiry_date, 'YYYY-MM-DD') as expiry, expiry_date > ${TODAY} as open`))
      : undefined;
  if (give > 0)
    await grantCredits(trx, {
      companyId: order.company_id,
      amount: fromHalves(give),
      expiryDate: lot?.open ? (lot.expiry as string) : undefined,
      source: 'card',
      actor: 'system',
      note: o.giveNote,
    });
  const reversed = o.lower ? target.reversed : Math.max(Number(order.amount_refunded), target.reversed);
  const reclaimed = fromHalves(done + ask - back);
  await trx('sales_orders')
    .where('id', order.id)
    .update({
      amount_refunded: reversed,
      credits_reclaimed: reclaimed,
      credits_unrecovered: fromHalves(unrecovered - forgiven),
      updated_at: trx.fn.now(),
    });
  if (moved.short > 0)
    logger.warn({ order: order.order_number, short: moved.short }, 'refunded credits were already spent');
  return {
    reversed,
    reclaimed,
    unrecovered: fromHalves(unrecovered - forgiven),
    taken: moved.taken,
    short: moved.short,
    given: fromHalves(give),
    gone: fromHalves(Math.max(0, target.halves - done - ask)),
  };
}

/** A refund or a lost dispute: takes back the order's credits in proportion, once. See the module's docblock. */
export async function reverseOrder(knex: Knex, config: Config, r: Reversal) {
  return knex.transaction(async (trx) => {
    const order = await lockOrder(trx, r.paymentIntent, r.ref);
    if (!order) return { reclaimed: 0, known: false };
    const target = targetOf(order, r);
    const done = toHalves(order.credits_reclaimed);
    const lapsed = Math.min(Number(order.quantity) * 2, await lapsedHalves(trx, order.lot_id));
    if (target.halves - lapsed - done <= 0 && target.reversed <= Number(order.amount_refunded)) {
      logger.info({ order: order.order_number, ref: r.ref }, 'refund notice already applied: nothing changed');
      return { reclaimed: 0, known: true };
    }
    const label = r.kind === 'refund' ? 'Refund' : 'Chargeback (dispute lost)';
    const reversed = Math.max(Number(order.amount_refunded), target.reversed);
    const note = `${label} of ${money(config, reversed, order.currency)} on order ${order.order_number} (${r.ref})`;
    const s = await settleOrder(trx, order, target, { lower: false, takeNote: note, giveNote: note });
    const key = r.kind === 'refund' ? 'paymentRefunded' : 'paymentDisputeLost';
    await tellAdmins(trx, config, order, s.gone > 0 ? `${key}Lapsed` : key, {
      amount: money(config, s.reversed, order.currency),
      credits: order.quantity,
      taken: s.reclaimed - s.unrecovered,
      spent: s.unrecovered,
      lapsed: s.gone,
    });
    return { reclaimed: s.taken, short: s.short, known: true };
  });
}

/** A refund of an order's charge that failed or was cancelled (Stripe's Refund; amount in minor units). */
export interface FailedRefund {
  id: string;
  paymentIntent: string | null;
  amount: number;
  currency: string;
  status: string;
  /** The charge as the provider holds it now (minor units), when read back: the order moves to its refunded share. */
  charge?: { amount: number; refunded: number; currency: string };
}

/** A failed or cancelled refund gives back what it took, once. See the module's docblock. */
export async function restoreFailedRefund(knex: Knex, config: Config, r: FailedRefund) {
  return knex.transaction(async (trx) => {
    const order = await lockOrder(trx, r.paymentIntent, r.id);
    if (!order) return { restored: 0, known: false };
    if ((order.failed_refunds ?? []).includes(r.id)) {
      logger.info({ order: order.order_number, refund: r.id }, 'failed refund already restored: nothing changed');
      return { restored: 0, known: true };
    }
    // The charge's refunded amount now, else what the order recorded less this refund.
    const total = toMinorUnits(order.total, order.currency);
    const recorded = toMinorUnits(order.amount_refunded, order.currency);
    const held = r.charge ?? { amount: total, refunded: Math.max(0, recorded - r.amount), currency: order.currency };
    const target = targetOf(order, { kind: 'refund', ...held, paymentIntent: r.paymentIntent, ref: r.id });
    const amount = money(config, fromMinor(r.amount, r.currency), order.currency);
    const s = await settleOrder(trx, order, target, {
      lower: true,
      takeNote: `Refund of ${money(config, target.reversed, order.currency)} on order ${order.order_number} (${r.id})`,
      giveNote: `Refund of ${amount} on order ${order.order_number} ${stripeWords('refundStatus', r.status)} (${r.id}): credits given back`,
    });
    await trx('sales_orders')
      .where('id', order.id)
      .update({ failed_refunds: trx.raw('array_append(failed_refunds, ?)', [r.id]) });
    logger.warn(
      { order: order.order_number, refund: r.id, status: r.status, given: s.given, taken: s.taken },
      'refund failed',
    );
    await tellAdmins(trx, config, order, 'paymentRefundFailed', {
      amount,
      status: stripeWords('refundStatus', r.status),
      given: s.given,
    });
    return { restored: s.given, known: true };
  });
}

interface Dispute {
  id: string;
  paymentIntent: string | null;
  /** In the currency's minor unit, as Stripe states it. */
  amount: number;
  currency: string;
  reason?: string | null;
  status?: string | null;
}

/** A dispute was opened (disputeOpened) or closed other than lost (disputeClosed): admins are told, no credit moves. */
export async function tellDispute(knex: Knex, config: Config, d: Dispute, closed: boolean) {
  return knex.transaction(async (trx) => {
    const order = await lockOrder(trx, d.paymentIntent, d.id);
    if (!order) return { known: false };
    const amount = money(config, fromMinor(d.amount, d.currency), d.currency.toUpperCase());
    if (!closed)
      await tellAdmins(trx, config, order, 'paymentDisputed', {
        amount,
        reason: stripeWords('disputeReason', d.reason),
      });
    else
      await tellAdmins(trx, config, order, d.status === 'won' ? 'paymentDisputeWon' : 'paymentDisputeClosed', {
        amount,
        status: stripeWords('disputeStatus', d.status),
      });
    logger.warn({ order: order.order_number, dispute: d.id, status: d.status, closed }, 'card payment disputed');
    return { known: true };
  });
}
