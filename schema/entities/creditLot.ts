import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';

/**
 * A lot of credits a company holds: one per admin grant, card purchase or paid order form, with
 * the quantity it started with, what remains and the day it expires (valid through that day).
 * Amounts are exact numerics in halves (a guarantee costs 0.5). Only the ledger
 * (backend/features/credits/ledger.ts) writes lots; no role may write them through the generic
 * routes (the permissions grant reads only), and the API reads them through the ability.
 */
export const creditLot = defineEntity({
  name: 'creditLot',
  table: 'credit_lots',
  resource: 'credits',
  subject: 'Credit',
  idPrefix: 'Credit:',
  fields: {
    companyId: f.ref('company', { required: true, onDelete: 'restrict' }),
    quantity: f.decimal({ required: true, precision: [12, 1] }),
    remaining: f.decimal({ required: true, precision: [12, 1] }),
    expiryDate: f.date({ required: true, index: true }),
    source: f.enum(
      { admin: 1, card: 2, orderForm: 3 },
      { required: true, labels: { admin: 'Granted by admin', card: 'Card purchase', orderForm: 'Order form' } },
    ),
    deletedAt: f.datetime({ readOnly: true }),
    lastMovedAt: f.datetime({ readOnly: true }),
    ...f.timestamps(),
  },
  permissions: {
    admin: { read: true },
    company: { read: { when: 'ownCompany' } },
    raasCompany: { read: { when: 'ownCompany' } },
  },
  admin: {
    label: 'Active credits',
    recordLabel: 'Credit',
    titleField: 'companyId',
    group: 'credits',
    list: {
      columns: ['companyId', 'quantity', 'remaining', 'expiryDate', 'source', 'lastMovedAt', 'createdAt'],
      sort: ['lastMovedAt', 'DESC'],
      filters: ['companyId', 'source'],
    },
  },
});
