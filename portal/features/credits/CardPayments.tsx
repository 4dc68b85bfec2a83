/**
 * The company's card payments its bank confirms later (Stripe's delayed payments, GET credit/card-payments),
 * on the credits page whatever address the buyer came by (the emails of buyerNotice.ts link here): each by its
 * order number, "Payment under way" while the bank confirms, then "Payment received" or "Payment failed" for
 * 30 days after. Nothing is drawn when there are none. While one is under way the list is read again now and
 * then (a bank takes hours or days), and the page is told when one turns paid, so the balance is read again.
 * `hidden`: the order the page's PaymentStatus already shows (the return from its checkout).
 */
import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { t } from '../../../i18n';
import { cardPaymentsApi, type CardPayment } from '../../api/credits';

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

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      let list: CardPayment[];
      try {
        list = (await cardPaymentsApi.list()).data;
      } catch {
        return;
      }
      if (stopped) return;
      setPayments(list);
      if (list.some((p) => p.state === 'paid' && awaited.current.has(p.orderNumber))) onPaidRef.current();
      awaited.current = new Set(list.filter((p) => p.state === 'awaiting').map((p) => p.orderNumber));
      if (awaited.current.size) timer = setTimeout(() => void look(), AGAIN_MS);
    };
    void look();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

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
