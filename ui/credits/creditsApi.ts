/** The credit calls (spec section 7, Credits). */
import type { Pricing } from '../../schema/rules/credits';
import { api, buildUrl } from '../api/client';

export interface CreditLot {
  creditId: string;
  creditDataId: string;
  companyId: string;
  company: string;
  noOfCredits: number;
  quantity: number;
  added: string;
  expiryDate: string;
  lastAddedOrDeducted: string | null;
  /** The lot's version: an update sends back the one it read, and is refused when the lot moved since. */
  updatedAt?: string;
}

export interface CreditLogEntry {
  id: string;
  timestamp: string;
  action: number;
  actionLabel: string;
  credits: number;
  balanceAfter: number;
  by: string | null;
  companyId: string;
  company: string;
  projectId: string | null;
  /**
   * The project the movement was about: its title (null once deleted), and whether the reader may open it;
   * `hidden` (no id, no title) when the reader may not open it: a Member's colleague's project not shared with them.
   */
  project: { id: string | null; title: string | null; deleted: boolean; open: boolean; hidden: boolean } | null;
  note: string | null;
}

export interface Page<T> {
  data: T[];
  pagination: { currentPage: number; pageSize: number; pagesCount: number; dataCount: number };
}

export interface Balance {
  companyId: string;
  company: string;
  balance: number;
  trialEndsAt: string | null;
  lots: CreditLot[];
}

export type LogFilters = {
  page?: number;
  /** 25 unless told (the server takes up to 100). */
  pageSize?: number;
  companyId?: string;
  action?: number;
  from?: string;
  to?: string;
  search?: string;
};

export const creditsApi = {
  pricing: () => api<Pricing & { paymentMode: 'stripe' | 'test' | 'unavailable' }>('credit/pricing'),
  balance: (companyId?: string) => api<Balance>('credit/balance', { query: { companyId } }),
  lots: (query: { page?: number; companyId?: string; search?: string }) =>
    api<Page<CreditLot>>('credit', { query: { ...query, sortBy: 'la' } }),
  log: (query: LogFilters) =>
    api<Page<CreditLogEntry>>('credit/logs', { query: { ...query, sortBy: 'ca', sortDir: 'desc' } }),
  logCsvUrl: (query: LogFilters) => buildUrl('credit/logs', { ...query, sortBy: 'ca', sortDir: 'desc', format: 'csv' }),
  add: (body: { companyId: string; noOfCredits: number | string; expiryDate?: string }) =>
    api<{ msg: string }>('credit', { method: 'POST', body }),
  update: (
    lot: string,
    body: {
      companyId: string;
      creditDataId: string;
      noOfCredits: number | string;
      expiryDate?: string;
      updatedAt?: string;
    },
  ) => api<{ msg: string }>(`credit/${encodeURIComponent(lot)}`, { method: 'PUT', body }),
  remove: (companyId: string, lot: string) =>
    api<{ msg: string }>(`credit/${encodeURIComponent(companyId)}/${encodeURIComponent(lot)}`, { method: 'DELETE' }),
  salesOrder: (body: { companyId: string; userId: string; noOfCredits: number; discountAmount: number }) =>
    api<{ msg: string; orderId: string; orderNumber: string }>('credit/sales-order', { method: 'POST', body }),
  /** An admin marks an order form paid: its credits are added once (a second call is refused, 409). */
  markOrderPaid: (orderId: string) =>
    api<{ msg: string; orderNumber: string; creditDataId: string }>(
      `credit/sales-order/${encodeURIComponent(orderId)}/paid`,
      { method: 'POST' },
    ),
  orderPdfUrl: (orderId: string) => buildUrl(`credit/sales-order/${encodeURIComponent(orderId)}/pdf`, {}),
  /** `clientId`: the purchase modal's key, the same on each try of one checkout; a repeat answers the first's url. */
  instantPurchase: (body: {
    companyId: string;
    userId: string;
    noOfCredits: number;
    discountAmount: number;
    clientId?: string;
  }) => api<{ url?: string }>('credit/instant-purchase/stripe', { method: 'POST', body }),
  testCheckout: (session: string) =>
    api<{ orderNumber: string; quantity: number; total: number; currency: string; status: number }>(
      `credit/test-checkout/${encodeURIComponent(session)}`,
    ),
  payTestCheckout: (session: string) =>
    api<{ credited: boolean }>(`credit/test-checkout/${encodeURIComponent(session)}/pay`, { method: 'POST' }),
};

/** Starts the browser's download of a file the session may read, without leaving the page. */
export function downloadFile(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
