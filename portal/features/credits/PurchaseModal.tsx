/**
 * The purchase modal: quantity from 1, the tier discount and the total from the one
 * pricing function the server also uses; above the top tier the button asks for enterprise pricing
 * by email. Pay sends the browser to the card checkout the server answers; where the server has no
 * card payment the button says so and cannot be pressed. The modal is a form: Enter in the box pays.
 * An empty box or 0 says "Enter at least 1 credit" under the box and shows no total until a number is typed.
 * Pay sends a key for the quantity (`clientId`, the same on each try): a double press or a resend after a lost answer
 * gets the checkout the first try started, not a second order.
 */
import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { formatMoney, quoteCredits, type Pricing } from '../../../schema/rules/credits';
import { formatPercent, t } from '../../../i18n';
import { ApiError } from '../../../ui/api/client';
import { creditsApi } from '../../api/credits';
import { newClientId } from '../../../ui/chat/chatApi';

interface Props {
  open: boolean;
  onClose(): void;
  pricing: Pricing;
  /** `unavailable`: no card payment on this server (production without Stripe keys). */
  paymentMode?: 'stripe' | 'test' | 'unavailable';
  companyId: string;
  userId: string;
}

export function PurchaseModal({ open, onClose, pricing, paymentMode, companyId, userId }: Props) {
  // What the box holds, digits only: it may be empty (or 0) while a number is typed over it, and then says so.
  const [typed, setTyped] = useState('1');
  const quantity = Math.max(1, Number(typed) || 1);
  const setQuantity = (next: (q: number) => number) => setTyped(String(next(quantity)));
  const entered = Number(typed) >= 1;
  const shown = entered ? quoteCredits(pricing, quantity) : undefined;
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // One checkout's key per quantity asked for: a repeat of the same purchase sends the same key.
  const keys = useRef(new Map<number, string>());
  const quote = quoteCredits(pricing, quantity);
  const money = (n: number) => formatMoney(n, pricing.currency, pricing.locale);

  async function pay() {
    if (quote.kind !== 'price' || !entered || busy || paymentMode === 'unavailable') return;
    setBusy(true);
    setError(undefined);
    if (!keys.current.has(quote.quantity)) keys.current.set(quote.quantity, newClientId());
    try {
      const res = await creditsApi.instantPurchase({
        clientId: keys.current.get(quote.quantity),
        companyId,
        userId,
        noOfCredits: quote.quantity,
        discountAmount: quote.discount,
      });
      if (!res.url) throw new Error('no url');
      window.location.assign(res.url);
    } catch (err) {
      setError(
        err instanceof ApiError && err.message !== err.code
          ? err.message
          : t('credits.purchase.instantPurchaseErrorMessage'),
      );
      setBusy(false);
    }
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void pay();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="purchase-title"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id="purchase-title">{t('credits.purchase.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <IconButton
              aria-label={t('credits.purchase.decrease')}
              onClick={() => setQuantity((q) => Math.max(1, q - 1))}
              disabled={quantity <= 1}
            >
              <Remove />
            </IconButton>
            <TextField
              label={t('credits.purchase.quantity')}
              value={typed}
              onChange={(e) =>
                setTyped(
                  e.target.value
                    .replace(/\D/g, '')
                    .replace(/^0+(?=\d)/, '')
                    .slice(0, 6),
                )
              }
              error={!entered}
              helperText={entered ? undefined : t('credits.purchase.atLeastOne')}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'purchase-quantity' } }}
              size="small"
            />
            <IconButton aria-label={t('credits.purchase.increase')} onClick={() => setQuantity((q) => q + 1)}>
              <Add />
            </IconButton>
          </Stack>
          {!shown ? null : shown.kind === 'price' ? (
            <Stack spacing={0.5}>
              <Typography>{t('credits.purchase.discount', { percent: formatPercent(shown.discount) })}</Typography>
              <Typography variant="h6" data-testid="purchase-total">
                {t('credits.purchase.total', { total: money(shown.total) })}
              </Typography>
            </Stack>
          ) : (
            <Alert severity="info">
              {t('credits.errors.enterprise', { max: pricing.tiers[pricing.tiers.length - 1]?.max ?? 0 })}
            </Alert>
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.common.cancel')}</Button>
        {quote.kind === 'price' && paymentMode === 'unavailable' ? (
          <Button variant="contained" disabled>
            {t('credits.errors.cardUnavailable')}
          </Button>
        ) : quote.kind === 'price' ? (
          <Button variant="contained" type="submit" disabled={busy || !entered}>
            {t('credits.purchase.pay', { total: money(quote.total) })}
          </Button>
        ) : (
          <Button
            variant="contained"
            href={`mailto:${pricing.supportEmail}?subject=${encodeURIComponent(`Enterprise pricing for ${quantity} credits`)}`}
          >
            {t('credits.purchase.enterprise')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
