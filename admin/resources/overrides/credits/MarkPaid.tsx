/**
 * "Mark paid" for a pending order form (paid by bank transfer), in the sales orders list's row and on
 * the order's page (where a phone reaches it): a confirmation names the order, the company, the
 * credits and the amount, then POST credit/sales-order/:id/paid adds the credits once, a toast says
 * so and the list reads the order's status again. A card order is paid by its checkout, never here.
 * The server decides: a second click, or an order another admin marked meanwhile, is refused (409)
 * in the dialog and nothing is credited twice.
 */
import PaidIcon from '@mui/icons-material/PriceCheck';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useGetManyAggregate, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { t } from '../../../../i18n';
import { formatMoney } from '../../../../schema/rules/credits';
import { creditsApi } from '../../../../ui/credits/creditsApi';
import { refusal } from '../../../../ui/credits/dialogParts';
import { Contained } from '../../RecordActions';
import { useCanMoveCredits } from './CreditActions';

/** salesOrder's channel and status values (schema/entities/salesOrder.ts). */
const ORDER_FORM = 1;
const PENDING = 0;

interface Order {
  id: string;
  orderNumber: string;
  company: string;
  quantity: number;
  amount: string;
}

function MarkPaidDialog({ order, onClose, onDone }: { order: Order; onClose(): void; onDone(): void }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();

  async function confirm() {
    setBusy(true);
    setMessage(undefined);
    try {
      const answer = await creditsApi.markOrderPaid(order.id);
      notify(answer.msg, { type: 'success' });
      onDone();
      onClose();
    } catch (err) {
      // Already paid or cancelled meanwhile: said here, and the row shows its status as it is now.
      setMessage(refusal(err).message ?? t('messages.somethingWentWrong'));
      onDone();
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="mark-paid-title">
      <DialogTitle id="mark-paid-title">{t('credits.page.markPaidTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography data-testid="mark-paid-confirm">
            {t('credits.page.markPaidConfirm', {
              orderNumber: order.orderNumber,
              company: order.company,
              credits: order.quantity,
              amount: order.amount,
            })}
          </Typography>
          {message && (
            <Alert severity="error" role="alert">
              {message}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('admin.common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={busy || !!message}>
          {t('credits.page.markPaid')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The row's (icon) or the page's (button) Mark paid, shown for a pending order form to an admin who may move credits. */
export function MarkPaidAction({ onPage }: { onPage?: boolean }) {
  const record = useRecordContext();
  // The configured money locale (CREDIT_LOCALE), asked when the dialog opens; the dialog shows once it is known.
  const [locale, setLocale] = useState<string>();
  const [loading, setLoading] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  const companyId = record?.companyId as string | undefined;
  const { data } = useGetManyAggregate('companies', { ids: companyId ? [companyId] : [] }, { enabled: !!companyId });
  const canMove = useCanMoveCredits();
  if (!canMove || !record || Number(record.channel) !== ORDER_FORM || Number(record.status) !== PENDING) return null;
  const company = (data?.[0]?.companyName as string | undefined) ?? '';
  const open = () => {
    setLoading(true);
    creditsApi.pricing().then(
      (p) => (setLocale(p.locale), setLoading(false)),
      () => (notify(t('messages.somethingWentWrong'), { type: 'error' }), setLoading(false)),
    );
  };
  const order = (moneyLocale: string): Order => ({
    id: String(record.id),
    orderNumber: String(record.orderNumber),
    company,
    quantity: Number(record.quantity),
    // The order's own price and currency, written as every screen writes money.
    amount: formatMoney(Number(record.total), String(record.currency), moneyLocale),
  });
  const label = `${t('credits.page.markPaid')}: ${String(record.orderNumber)}`;
  return (
    <Contained>
      {onPage ? (
        <Button size="small" startIcon={<PaidIcon />} onClick={open} disabled={loading}>
          {t('credits.page.markPaid')}
        </Button>
      ) : (
        <Tooltip title={t('credits.page.markPaid')}>
          <IconButton size="small" aria-label={label} onClick={open} disabled={loading}>
            <PaidIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {locale && <MarkPaidDialog order={order(locale)} onClose={() => setLocale(undefined)} onDone={refresh} />}
    </Contained>
  );
}
