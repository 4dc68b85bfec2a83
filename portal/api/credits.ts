/** The credit calls (spec section 7, Credits), shared with the console, and the portal's order state. */
import { api } from '../../ui/api/client';
import type { LogFilters as SharedLogFilters } from '../../ui/credits/creditsApi';

export * from '../../ui/credits/creditsApi';

/**
 * The credit log's filters as the portal sends them: `timeZone` (the reader's IANA zone) names the zone whose days
 * `from`/`to` are, sent with either (GET credit/logs reads them as UTC days without it).
 */
export type LogFilters = SharedLogFilters & { timeZone?: string };

/** An order as the credits page shows it after a checkout: GET credit/order/:number. */
export interface OrderState {
  orderNumber: string;
  /** pending: no word from the provider yet; awaiting: completed, the bank still confirms the payment. */
  state: 'pending' | 'awaiting' | 'paid' | 'cancelled';
  quantity: number;
  total: number;
  currency: string;
  paidAt: string | null;
}

export const orderStateApi = {
  get: (orderNumber: string) => api<OrderState>(`credit/order/${encodeURIComponent(orderNumber)}`),
};

/** A card payment the bank confirms later, as the credits page lists it: GET credit/card-payments. */
export interface CardPayment extends OrderState {
  awaitingSince: string;
  settledAt: string | null;
}

export const cardPaymentsApi = {
  list: () => api<{ data: CardPayment[] }>('credit/card-payments'),
};
