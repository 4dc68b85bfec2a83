import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';
import { CREDIT_ACTIONS, CREDIT_ACTION_LABELS } from '../rules/credits';

/**
 * The append-only credit log: every movement of a company's credits with its action type (spec
 * section 9, 1 to 9, 10 for expired lots written off and 11 for credits taken back after a refund
 * or a lost dispute of their card payment), the signed amount, who moved it, the
 * project when there is one and the balance after. Balances can always be rebuilt from it. A
 * charge's idempotency key is unique, so one action is never charged twice.
 */
export const creditLog = defineEntity({
  name: 'creditLog',
  table: 'credit_logs',
  resource: 'credit-logs',
  subject: 'CreditLog',
  idPrefix: 'CreditLog:',
  fields: {
    companyId: f.ref('company', { required: true, onDelete: 'restrict' }),
    action: f.enum(CREDIT_ACTIONS, { required: true, index: true, labels: CREDIT_ACTION_LABELS }),
    amount: f.decimal({ required: true, precision: [12, 1] }),
    balanceAfter: f.decimal({ required: true, precision: [12, 1] }),
    lotId: f.ref('creditLot', { onDelete: 'restrict', readOnly: true }),
    // The project charged, shown by its title; the log keeps its id after the project is deleted (no foreign key).
    projectId: f.ref('project', { readOnly: true, onDelete: 'keep' }),
    byAdminId: f.ref('admin', { onDelete: 'set null', readOnly: true }),
    byUserId: f.ref('companyUser', { onDelete: 'set null', readOnly: true }),
    byName: f.string({ max: 200, readOnly: true, searchable: true }),
    idempotencyKey: f.string({ max: 200, unique: true, readOnly: true, hidden: true }),
    note: f.string({ max: 500, readOnly: true, searchable: true }),
    createdAt: f.datetime({ dbDefault: 'now', readOnly: true, index: true }),
  },
  permissions: {
    admin: { read: true },
    company: { read: { when: 'ownCompany' } },
    raasCompany: { read: { when: 'ownCompany' } },
  },
  admin: {
    label: 'Credit log',
    recordLabel: 'Credit movement',
    titleField: 'action',
    group: 'credits',
    list: {
      columns: ['createdAt', 'action', 'amount', 'balanceAfter', 'byName', 'companyId', 'projectId'],
      compact: ['amount', 'createdAt', 'companyId'],
      sort: ['createdAt', 'DESC'],
      filters: ['q', 'companyId', 'action'],
    },
  },
});
