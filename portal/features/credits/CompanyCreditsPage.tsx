/**
 * /credits/company (RaaS companies): the balance, the lots with their expiry, the company's own
 * credit log, newest first, a page at a time ('x–y of N'; 25 a page unless 50 or 100 are chosen;
 * page and size kept in the URL as p and pp, like the dashboards' tables) and Buy credits. The card
 * checkout returns here (?payment=success|cancelled&order=<number>): after a success the order's
 * state is read from the server (PaymentStatus: checking, waiting for the bank, paid or failed),
 * never taken from the address; in test mode (no Stripe keys)
 * `?test_checkout=<session>` shows the clearly marked local checkout. The card payments a bank confirms later
 * are listed by order number, under way, received or failed (CardPayments), whatever address the buyer came by.
 * An empty table says what will appear in it and offers the header's Buy credits, or says who can add credits
 * where nobody can buy here (EmptyCredits). A page that could not be read says so with Try again (RetryAlert), which
 * reads it again.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  TablePagination,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import type { Pricing } from '../../../schema/rules/credits';
import { t } from '../../../i18n';
import { pagerLabels } from '../../components/pagerLabels';
import { useAuth } from '../../app/auth/authContext';
import { PageHeader } from '../../components/PageHeader';
import { RetryAlert } from '../../components/RetryAlert';
import { creditsApi, type Balance, type CreditLogEntry, type Page } from '../../api/credits';
import { useAddressParams, withQuery } from '../../components/useAddressState';
import { LogTable, LotsTable } from './CreditTables';
import { CardPayments } from './CardPayments';
import { EmptyCredits, mayBuyHere } from './EmptyCredits';
import { PurchaseModal } from './PurchaseModal';
import { PaymentStatus } from './PaymentStatus';
import { TestCheckout } from './TestCheckout';
import { formatDate } from '../../components/format';

/** The credit log's page sizes: the spec's 25 first, up to the server's 100. */
const LOG_PAGE_SIZES = [25, 50, 100];

export function CompanyCreditsPage() {
  const { user, viewer } = useAuth();
  const [params, editParams] = useAddressParams();
  const [balance, setBalance] = useState<Balance>();
  const [log, setLog] = useState<Page<CreditLogEntry>>();
  const [pricing, setPricing] = useState<Pricing & { paymentMode?: 'stripe' | 'test' | 'unavailable' }>();
  const [error, setError] = useState(false);
  const [buying, setBuying] = useState(false);
  const payment = params.get('payment');
  const testSession = params.get('test_checkout');
  const orderNumber = params.get('order');
  const logPage = Math.max(1, Math.floor(Number(params.get('p'))) || 1);
  const logSize = LOG_PAGE_SIZES.includes(Number(params.get('pp'))) ? Number(params.get('pp')) : LOG_PAGE_SIZES[0];

  const load = useCallback(async () => {
    try {
      const [b, l, p] = await Promise.all([
        creditsApi.balance(),
        creditsApi.log({ page: logPage, pageSize: logSize }),
        creditsApi.pricing(),
      ]);
      setBalance(b);
      setLog(l);
      setPricing(p);
      setError(false);
    } catch {
      setError(true);
    }
  }, [logPage, logSize]);

  useEffect(() => {
    void load();
  }, [load]);

  const emptyOf = (text: string) =>
    pricing && (
      <EmptyCredits
        text={text}
        mayBuy={mayBuyHere(viewer?.role, pricing.paymentMode)}
        onBuy={() => setBuying(true)}
        supportEmail={pricing.supportEmail}
      />
    );

  if (testSession) {
    return (
      <TestCheckout
        session={testSession}
        onDone={(paid) => {
          // Back as from Stripe, with the order's number, whose state the page then reads.
          void creditsApi.testCheckout(testSession).then(
            (o) =>
              editParams(() => new URLSearchParams({ payment: paid ? 'success' : 'cancelled', order: o.orderNumber })),
            () => editParams(() => new URLSearchParams({ payment: paid ? 'success' : 'cancelled' })),
          );
          void load();
        }}
      />
    );
  }

  return (
    <Box>
      <PageHeader
        title={t('credits.page.title')}
        actions={
          <Button variant="contained" onClick={() => setBuying(true)} disabled={!pricing || !balance}>
            {t('credits.page.buy')}
          </Button>
        }
      />
      {payment === 'success' && orderNumber && <PaymentStatus orderNumber={orderNumber} onPaid={() => void load()} />}
      {payment === 'cancelled' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('credits.page.paymentCancelled')}
        </Alert>
      )}
      {error && (
        <RetryAlert
          data-testid="credits-load-error"
          onRetry={() => {
            setError(false);
            void load();
          }}
          retryLabel={t('credits.page.retry')}
        >
          {t('credits.page.loadError')}
        </RetryAlert>
      )}
      {!balance && !error && <CircularProgress aria-label={t('credits.page.title')} />}
      {balance && (
        <Stack spacing={3}>
          <CardPayments hidden={payment === 'success' ? orderNumber : null} onPaid={() => void load()} />
          <Card variant="outlined">
            <CardContent>
              <Typography color="text.secondary">{t('credits.page.balance')}</Typography>
              <Typography variant="h3" component="p" data-testid="credit-balance">
                {balance.balance}
              </Typography>
              {balance.trialEndsAt &&
                new Date(balance.trialEndsAt) >= new Date(new Date().toISOString().slice(0, 10)) && (
                  <Typography color="text.secondary">
                    {t('credits.page.trialUntil', { date: formatDate(balance.trialEndsAt) ?? '' })}
                  </Typography>
                )}
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('credits.page.lots')}
              </Typography>
              <LotsTable lots={balance.lots} empty={emptyOf('credits.page.emptyOwn')} />
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('credits.page.log')}
              </Typography>
              <LogTable entries={log?.data ?? []} empty={emptyOf('credits.page.emptyLogOwn')} />
              {Boolean(log?.pagination.dataCount) && log && (
                <TablePagination
                  component="div"
                  count={log.pagination.dataCount}
                  page={log.pagination.currentPage - 1}
                  rowsPerPage={log.pagination.pageSize}
                  rowsPerPageOptions={LOG_PAGE_SIZES}
                  onPageChange={(_e, page) => editParams(withQuery({ p: page + 1 }))}
                  onRowsPerPageChange={(e) => editParams(withQuery({ pp: e.target.value }))}
                  {...pagerLabels()}
                  data-testid="credit-log-pages"
                />
              )}
            </CardContent>
          </Card>
        </Stack>
      )}
      {pricing && balance && user && buying && (
        <PurchaseModal
          open
          onClose={() => setBuying(false)}
          pricing={pricing}
          paymentMode={pricing.paymentMode}
          companyId={balance.companyId}
          userId={user._id}
        />
      )}
    </Box>
  );
}
