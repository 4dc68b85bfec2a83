import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';

/**
 * A purchase of credits: an order form (paid by bank transfer, marked paid by an admin) or a card
 * checkout (paid when the payment provider's verified webhook says so). The price is fixed when
 * the order is made by the one pricing function (schema/rules/credits.ts). An order credits its
 * company exactly once: the pending → paid change and the lot it creates share one transaction.
 * A paid card order keeps its payment intent, so the provider's refunds and chargebacks find it:
 * `creditsReclaimed` is how many of its credits those took back so far (cumulative, so a repeated
 * notice takes nothing twice) and `creditsUnrecovered` how many of them the company had already spent.
 * A refund the provider later reports failed or cancelled gives back what it took, once: its id is
 * kept in `failedRefunds`. An order waiting for a bank transfer (an order form, or a card checkout
 * completed with its payment under way, `awaitingPaymentSince`) is cancelled as expired after
 * BANK_TRANSFER_LIFETIME_DAYS (schema/rules/credits.ts); money that still arrives for it is credited.
 */
export const salesOrder = defineEntity({
  name: 'salesOrder',
  table: 'sales_orders',
  resource: 'sales-orders',
  subject: 'SalesOrder',
  idPrefix: 'SalesOrder:',
  fields: {
    orderNumber: f.string({ required: true, max: 40, unique: true, searchable: true }),
    channel: f.enum({ orderForm: 1, card: 2 }, { required: true, labels: { orderForm: 'Order form', card: 'Card' } }),
    status: f.enum(
      { pending: 0, paid: 1, cancelled: 2 },
      { required: true, default: 0, index: true, readOnly: true, labels: { pending: 'Awaiting payment' } },
    ),
    companyId: f.ref('company', { required: true, onDelete: 'restrict' }),
    userId: f.ref('companyUser', { onDelete: 'set null', readOnly: true }),
    quantity: f.integer({ required: true, min: 1 }),
    unitPrice: f.decimal({ required: true, display: 'money' }),
    discountPercent: f.decimal({ required: true, precision: [5, 2] }),
    total: f.decimal({ required: true, display: 'money' }),
    currency: f.string({ required: true, max: 3 }),
    checkoutSessionId: f.string({ max: 255, unique: true, readOnly: true, hidden: true }),
    paymentIntentId: f.string({ max: 255, unique: true, readOnly: true, hidden: true }),
    amountRefunded: f.decimal({ required: true, default: 0, display: 'money', readOnly: true }),
    creditsReclaimed: f.decimal({ required: true, default: 0, precision: [12, 1], readOnly: true }),
    creditsUnrecovered: f.decimal({ required: true, default: 0, precision: [12, 1], readOnly: true }),
    lotId: f.ref('creditLot', { onDelete: 'restrict', readOnly: true }),
    createdByAdminId: f.ref('admin', { onDelete: 'set null', readOnly: true }),
    paidAt: f.datetime({ readOnly: true }),
    /** When Stripe reported the checkout completed with its payment still under way (a bank debit): not expired. */
    awaitingPaymentSince: f.datetime({ readOnly: true, hidden: true }),
    /** The provider's refunds of this order's payment that failed or were cancelled, already given back (once each). */
    failedRefunds: f.stringList({ readOnly: true, hidden: true }),
    /** The key the purchase modal sent with its card checkout: a repeat of it answers this order's checkout. */
    clientId: f.string({ max: 64, readOnly: true, hidden: true }),
    /** The payment page of the card checkout, answered again to a repeat of its key. */
    checkoutUrl: f.string({ max: 2048, readOnly: true, hidden: true }),
    ...f.timestamps(),
  },
  indexes: [{ fields: ['companyId', 'clientId'], unique: true }],
  permissions: {
    admin: { read: true },
    company: { read: { when: 'ownCompany' } },
    raasCompany: { read: { when: 'ownCompany' } },
  },
  admin: {
    label: 'Sales orders',
    recordLabel: 'Sales order',
    titleField: 'orderNumber',
    group: 'credits',
    list: {
      columns: [
        'orderNumber',
        'companyId',
        'channel',
        'status',
        'quantity',
        'total',
        'currency',
        'createdAt',
        'paidAt',
      ],
      sort: ['createdAt', 'DESC'],
      filters: ['q', 'companyId', 'status', 'channel'],
    },
  },
});
