/** The credits lists (active credits, the credit log, sales orders) with the credit actions; their screens load when opened. */
import { lazyScreen } from '../../lazyScreen';

export const activeCredits = {
  list: lazyScreen(() => import('./CreditScreens'), 'ActiveCreditsList'),
  show: lazyScreen(() => import('./CreditScreens'), 'CreditShow'),
};
export const creditLog = { list: lazyScreen(() => import('./CreditScreens'), 'CreditLogList') };
export const salesOrders = {
  list: lazyScreen(() => import('./CreditScreens'), 'SalesOrdersList'),
  show: lazyScreen(() => import('./CreditScreens'), 'SalesOrderShow'),
};
