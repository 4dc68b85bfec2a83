/**
 * What the credits page says of the order a card checkout sent the buyer back with
 * (?payment=success&order=<number>), from the order's state on the server (GET credit/order/:number),
 * never from the address alone: checking (no word from the provider yet), waiting for the bank
 * (a delayed payment under way), paid, or failed. It asks again every few seconds until the order is
 * paid or cancelled, less often while a bank confirms (that can take days; the buyer is also emailed),
 * and tells the page when the order turns paid so the balance is read again.
 */
import { Alert } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { t } from '../../../i18n';
import { orderStateApi, type OrderState } from '../../api/credits';

/** Soon after the checkout the provider's notice is a moment away; after QUICK_LOOKS, or while a bank confirms, less often. */
const QUICK_MS = 2000;
const SLOW_MS = 15000;
const QUICK_LOOKS = 15;

export function PaymentStatus({ orderNumber, onPaid }: { orderNumber: string; onPaid(): void }) {
  const [order, setOrder] = useState<OrderState>();
  const [missing, setMissing] = useState(false);
  const paidSeen = useRef(false);
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let looks = 0;
    const look = async () => {
      looks += 1;
      let next: OrderState | undefined;
      try {
        next = await orderStateApi.get(orderNumber);
      } catch {
        if (!stopped) setMissing(true);
        return;
      }
      if (stopped) return;
      setOrder(next);
      if (next.state === 'paid' && !paidSeen.current) {
        paidSeen.current = true;
        onPaidRef.current();
      }
      if (next.state === 'pending' || next.state === 'awaiting')
        timer = setTimeout(() => void look(), next.state === 'pending' && looks < QUICK_LOOKS ? QUICK_MS : SLOW_MS);
    };
    void look();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderNumber]);

  const values = { orderNumber, credits: order?.quantity ?? '' };
  if (missing)
    return (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="payment-status">
        {t('credits.page.paymentUnknown', values)}
      </Alert>
    );
  if (!order)
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="payment-status">
        {t('credits.page.paymentChecking', values)}
      </Alert>
    );
  const shown = {
    pending: { severity: 'info', key: 'paymentChecking' },
    awaiting: { severity: 'info', key: 'paymentAwaiting' },
    paid: { severity: 'success', key: 'paymentPaid' },
    cancelled: { severity: 'error', key: 'paymentFailed' },
  } as const;
  const { severity, key } = shown[order.state];
  return (
    <Alert severity={severity} sx={{ mb: 2 }} data-testid="payment-status" data-state={order.state}>
      {t(`credits.page.${key}`, values)}
    </Alert>
  );
}
