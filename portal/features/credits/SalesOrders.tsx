/**
 * The latest sales orders (order forms and card checkouts) under the admin's active credits: an
 * order form just generated shows here at once with its number, company, total and PDF, so the
 * admin sees what the dialog made without opening the console. While the list is read it says so; a list that
 * could not be read says so with Retry, never as "No sales orders yet".
 */
import { LinearProgress, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../schema/rules/credits';
import { t } from '../../../i18n';
import { apiList } from '../../../ui/api/client';
import { creditsApi } from '../../api/credits';
import { RetryAlert } from '../../components/RetryAlert';

interface SalesOrder {
  id: string;
  orderNumber: string;
  companyId: string;
  status: number;
  quantity: number;
  total: string;
  currency: string;
  createdAt: string;
}

const STATUS = ['pending', 'paid', 'cancelled'] as const;
const SHOWN = 10;

export function SalesOrdersTable({ reloadKey, locale }: { reloadKey: number; locale: string }) {
  const [orders, setOrders] = useState<SalesOrder[]>();
  const [companies, setCompanies] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    (async () => {
      const { data } = await apiList<SalesOrder>('sales-orders', {
        sort: ['createdAt', 'DESC'],
        range: [0, SHOWN - 1],
        filter: {},
      });
      const ids = [...new Set(data.map((o) => o.companyId))];
      const names = ids.length
        ? (
            await apiList<{ id: string; companyName: string }>('companies', {
              sort: ['id', 'ASC'],
              range: [0, ids.length - 1],
              filter: { id: ids },
            })
          ).data
        : [];
      if (!live) return;
      setCompanies(Object.fromEntries(names.map((c) => [c.id, c.companyName])));
      setOrders(data);
      setFailed(false);
    })().catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [reloadKey, attempt]);

  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        {t('credits.page.salesOrders')}
      </Typography>
      {failed ? (
        <RetryAlert
          data-testid="sales-orders-error"
          onRetry={() => {
            setFailed(false);
            setOrders(undefined);
            setAttempt((n) => n + 1);
          }}
          retryLabel={t('credits.page.retry')}
        >
          {t('credits.page.ordersLoadError')}
        </RetryAlert>
      ) : !orders ? (
        <LinearProgress aria-label={t('credits.page.ordersLoading')} />
      ) : orders.length === 0 ? (
        <Typography color="text.secondary">{t('credits.page.emptyOrders')}</Typography>
      ) : (
        <Table size="small" aria-label={t('credits.page.salesOrders')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('credits.page.orderNumber')}</TableCell>
              <TableCell>{t('credits.page.company')}</TableCell>
              <TableCell align="right">{t('credits.page.quantity')}</TableCell>
              <TableCell align="right">{t('credits.page.total')}</TableCell>
              <TableCell>{t('credits.page.status')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {orders.map((o) => (
              <TableRow key={o.id} data-testid="sales-order">
                <TableCell>{o.orderNumber}</TableCell>
                <TableCell>{companies[o.companyId] ?? ''}</TableCell>
                <TableCell align="right">{o.quantity}</TableCell>
                <TableCell align="right">{formatMoney(Number(o.total), o.currency, locale)}</TableCell>
                <TableCell>{t(`entities.salesOrder.enums.status.${STATUS[o.status] ?? 'pending'}`)}</TableCell>
                <TableCell align="right">
                  <Link href={creditsApi.orderPdfUrl(o.id)} download>
                    {t('credits.page.orderPdf')}
                  </Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
