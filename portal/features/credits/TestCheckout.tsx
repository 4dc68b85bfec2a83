/** The local test-mode checkout (no Stripe keys): clearly marked; Pay completes the order through the server's signed webhook path. */
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../schema/rules/credits';
import { t } from '../../../i18n';
import { creditsApi } from '../../api/credits';

export function TestCheckout({ session, onDone }: { session: string; onDone(paid: boolean): void }) {
  const [order, setOrder] = useState<{ orderNumber: string; quantity: number; total: number; currency: string }>();
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [locale, setLocale] = useState<string>();
  useEffect(() => {
    creditsApi.testCheckout(session).then(setOrder, () => setError(true));
    // Money in the configured locale (CREDIT_LOCALE), as everywhere else.
    creditsApi.pricing().then(
      (p) => setLocale(p.locale),
      () => setLocale('en-SG'),
    );
  }, [session]);

  async function pay() {
    setBusy(true);
    try {
      await creditsApi.payTestCheckout(session);
      onDone(true);
    } catch {
      setError(true);
      setBusy(false);
    }
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 520, mx: 'auto' }}>
      <Alert severity="warning" data-testid="test-mode-banner">
        {t('credits.testCheckout.banner')}
      </Alert>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {t('credits.testCheckout.title')}
          </Typography>
          {error && <Alert severity="error">{t('credits.purchase.instantPurchaseErrorMessage')}</Alert>}
          {order && locale && (
            <Stack spacing={1}>
              <Typography>{order.orderNumber}</Typography>
              <Typography>
                {order.quantity} × credits · {formatMoney(order.total, order.currency, locale)}
              </Typography>
              <Stack direction="row" spacing={1}>
                <Button variant="contained" onClick={pay} disabled={busy}>
                  {t('credits.testCheckout.pay')}
                </Button>
                <Button onClick={() => onDone(false)}>{t('credits.testCheckout.cancel')}</Button>
              </Stack>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
