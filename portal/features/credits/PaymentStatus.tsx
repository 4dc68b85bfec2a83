/**
 * What the credits page says of the order a card checkout sent the buyer back with
 * (?payment=success&order=<number>), from the order's state on the server (GET credit/order/:number),
 * never from the address alone: checking (no word from the provider yet), waiting for the bank
 * (a delayed payment under way), paid, or failed. It asks again every few seconds until the order is
 * paid or cancelled, less often while a bank confirms (that can take days; the buyer is also emailed),
 * and tells the page when the order turns paid so the balance is read again. Only a 404 means the order is
 * not there ("could not be found", and no more asking); any other failed check (a 503, a dropped connection)
 * says quietly that it is retrying and is asked again with backoff (usePoll), so a paid order still shows as
 * paid and the balance is still read again.
 */
import { Alert } from '@mui/material';
import { useRef, useState } from 'react';
import { t } from '../../../i18n';
import { orderStateApi, type OrderState } from '../../api/credits';
import { usePoll } from '../../components/usePoll';

/** Soon after the checkout the provider's notice is a moment away; after QUICK_LOOKS, or while a bank confirms, less often. */
const QUICK_MS = 2000;
const SLOW_MS = 15000;
const QUICK_LOOKS = 15;

export function PaymentStatus({ orderNumber, onPaid }: { orderNumber: string; onPaid(): void }) {
  const [order, setOrder] = useState<OrderState>();
  const paidSeen = useRef(false);
  const looks = useRef(0);
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;

  const { error, gone } = usePoll(orderNumber, async () => {
    looks.current += 1;
    const next = await orderStateApi.get(orderNumber);
    setOrder(next);
    if (next.state === 'paid' && !paidSeen.current) {
      paidSeen.current = true;
      onPaidRef.current();
    }
    if (next.state !== 'pending' && next.state !== 'awaiting') return null;
    return next.state === 'pending' && looks.current < QUICK_LOOKS ? QUICK_MS : SLOW_MS;
  });

  const values = { orderNumber, credits: order?.quantity ?? '' };
  if (gone)
    return (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="payment-status" data-state="missing">
        {t('credits.page.paymentUnknown', values)}
      </Alert>
    );
  // A failed check is asked again: the page says so quietly until a check succeeds.
  if (error)
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="payment-status" data-state="retrying">
        {t('credits.page.paymentRetrying', values)}
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
