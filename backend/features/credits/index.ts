/**
 * Credits: the ledger (ledger.ts, the only way credits move; reclaim.ts takes credits back), the
 * admin's credit calls and the lists (endpoints.ts), purchases by order form and by card
 * (purchase.ts, orders.ts, orderForm.ts; the payment provider's notices in notices.ts, its refunds
 * and disputes in refunds.ts), the daily write-off of expired lots
 * (backend/jobs/tasks/expire_credits.ts) and the hourly cancelling of card checkouts left unpaid
 * (backend/jobs/tasks/expire_checkouts.ts), which also cancels as expired the orders left waiting for
 * a bank transfer past BANK_TRANSFER_LIFETIME_DAYS (expiry.ts `expireDueOrders`: a card checkout is
 * expired at Stripe first, one Stripe holds as paid is credited instead; a late payment is still
 * credited, logged and told), telling each one's buyer and the company's Owner once (buyerNotice.ts
 * `tellExpired`); the card payments a bank confirms later, as the credits page lists them (cardPayments.ts); a refund the provider reports failed or cancelled gives back what it took, once
 * (refunds.ts `restoreFailedRefund`).
 */
import type { Endpoint } from '../../endpoints/define';
import { cardPaymentEndpoints } from './cardPayments';
import { creditEndpoints } from './endpoints';
import { purchaseEndpoints } from './purchase';
export {
  balanceOf,
  deleteCredits,
  expireLots,
  grantCredits,
  ledgerMismatches,
  spendCredits,
  updateCredits,
  type LedgerActor,
} from './ledger';
export { refOf } from './inputs';
export { reclaimCredits } from './reclaim';
export { refundCharge } from './refundCharge';
export { CHECKOUT_LIFETIME_HOURS, type OrderRow } from './orders';
export { expireDueOrders } from './expiry';
export { renderOrderForm } from './orderForm';
export { tellExpired } from './buyerNotice';

export function creditsEndpoints(): Endpoint[] {
  return [...purchaseEndpoints, ...cardPaymentEndpoints, ...creditEndpoints];
}
