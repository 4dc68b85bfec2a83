/**
 * The company's card payments its bank confirms later (Stripe's delayed payments, GET credit/card-payments),
 * on the credits page whatever address the buyer came by (the emails of buyerNotice.ts link here): each by its
 * order number, "Payment under way" while the bank confirms, then "Payment received" or "Payment failed" for
 * 30 days after. Nothing is drawn when there are none. While one is under way the list is read again now and
 * then (a bank takes hours or days), and the page is told when one turns paid, so the balance is read again.
 * A list that could not be read is asked for again with backoff, quietly (nothing is drawn until it is read).
 * `hidden`: the order the page's PaymentStatus already shows (the return from its checkout).
 */
import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { t } from '../../../i18n';
import { cardPaymentsApi, type CardPayment } from '../../api/credits';
import { usePoll } from '../../components/usePoll';

const AGAIN_MS = 30000;

const SHOWN = {
  pending: { severity: 'info', key: 'cardPaymentAwaiting' },
  awaiting: { severity: 'info', key: 'cardPaymentAwaiting' },
  paid: { severity: 'success', key: 'cardPaymentPaid' },
  cancelled: { severity: 'error', key: 'cardPaymentFailed' },
} as const;

export function CardPayments({ hidden, onPaid }: { hidden?: string | null; onPaid(): void }) {
  const [payments, setPayments] = useState<CardPayment[]>([]);
  const awaited = useRef(new Set<string>());
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;

  // A failed read is tried again with backoff (usePoll), as a list that never arrives would hide a payment for good.
  usePoll('card-payments', async () => {
    const list = (await cardPaymentsApi.list()).data;
    setPayments(list);
    if (list.some((p) => p.state === 'paid' && awaited.current.has(p.orderNumber))) onPaidRef.current();
    awaited.current = new Set(list.filter((p) => p.state === 'awaiting').map((p) => p.orderNumber));
    return awaited.current.size ? AGAIN_MS : null;
  });

  const shown = payments.filter((p) => p.orderNumber !== hidden);
  if (!shown.length) return null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('credits.page.cardPayments')}
        </Typography>
        <Stack spacing={1}>
          {shown.map((p) => (
            <Alert
              key={p.orderNumber}
              severity={SHOWN[p.state].severity}
              data-testid="card-payment"
              data-state={p.state}
            >
              {t(`credits.page.${SHOWN[p.state].key}`, { orderNumber: p.orderNumber, credits: p.quantity })}
            </Alert>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
