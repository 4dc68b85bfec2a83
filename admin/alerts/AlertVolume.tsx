/**
 * The console's saved-search alerts page (/admin/alerts): per company, how many people have alerts
 * on (and how many of them by email), how many candidates were new to them and how many digests
 * went out in the last 7 days (counts grouped by thousands, as the console's others), and the platform's switch
 * that turns a company's alerts off.
 * Like the console's other lists it says when it is loading, when it failed (with a way to try again) and when no
 * company has alerts yet, the usual first day; a switch is off while its change is being saved.
 */
import InboxIcon from '@mui/icons-material/InboxOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CircularProgress,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { HttpError, Title, useNotify } from 'react-admin';
import { formatCount, t } from '../../i18n';
import { apiCall, failureMessage } from '../providers/http';

interface CompanyVolume {
  id: string;
  companyName: string;
  subscriptions: number;
  emailing: number;
  news7: number;
  digests7: number;
  alertsOn: boolean;
}

/** A refused or failed save in words: the server's reason, or the generic one when no answer came. */
const saveError = (err: unknown) =>
  (err instanceof HttpError && failureMessage(err)) || t('messages.internalServerError');

function EmptyState() {
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <InboxIcon sx={{ fontSize: 72, color: 'text.disabled' }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {t('alerts.console.emptyTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('alerts.console.emptyHint')}
      </Typography>
    </Box>
  );
}

export function AlertVolume() {
  const notify = useNotify();
  const [rows, setRows] = useState<CompanyVolume[]>();
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());

  const load = useCallback(() => {
    setFailed(false);
    apiCall<{ data: CompanyVolume[] }>('/alerts/companies')
      .then((r) => setRows(r.data))
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);

  const setRow = (id: string, row: (r: CompanyVolume) => CompanyVolume) =>
    setRows((list) => list?.map((r) => (r.id === id ? row(r) : r)));
  const mark = (id: string, on: boolean) =>
    setSaving((ids) => {
      const next = new Set(ids);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const toggle = useCallback(
    async (row: CompanyVolume, alertsOn: boolean) => {
      // The switch shows the change while it is saved, and goes back to what was saved when the save fails.
      mark(row.id, true);
      setRow(row.id, (r) => ({ ...r, alertsOn }));
      try {
        const saved = await apiCall<CompanyVolume>(`/alerts/companies/${encodeURIComponent(row.id)}`, {
          method: 'PUT',
          body: { alertsOn },
        });
        setRow(saved.id, () => saved);
        notify(t(alertsOn ? 'alerts.console.turnedOn' : 'alerts.console.turnedOff', { company: row.companyName }), {
          type: 'success',
        });
      } catch (err) {
        setRow(row.id, (r) => ({ ...r, alertsOn: row.alertsOn }));
        notify(saveError(err), { type: 'error' });
      } finally {
        mark(row.id, false);
      }
    },
    [notify],
  );

  const title = t('alerts.console.title');
  return (
    <Card sx={{ mt: 2, p: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {failed && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={load}>
              {t('alerts.console.retry')}
            </Button>
          }
        >
          {t('alerts.console.loadError')}
        </Alert>
      )}
      {!rows && !failed && (
        <CircularProgress aria-label={t('alerts.console.loading')} sx={{ display: 'block', mx: 'auto', my: 4 }} />
      )}
      {rows?.length === 0 && <EmptyState />}
      {rows && rows.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{t('alerts.console.company')}</TableCell>
                <TableCell align="right">{t('alerts.console.subscriptions')}</TableCell>
                <TableCell align="right">{t('alerts.console.news7')}</TableCell>
                <TableCell align="right">{t('alerts.console.emails7')}</TableCell>
                <TableCell>{t('alerts.console.alertsOn')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} data-testid="alert-company">
                  <TableCell>{row.companyName}</TableCell>
                  <TableCell align="right">{`${formatCount(row.subscriptions)} (${formatCount(row.emailing)})`}</TableCell>
                  <TableCell align="right">{formatCount(row.news7)}</TableCell>
                  <TableCell align="right">{formatCount(row.digests7)}</TableCell>
                  <TableCell>
                    <Switch
                      checked={row.alertsOn}
                      disabled={saving.has(row.id)}
                      onChange={(e) => void toggle(row, e.target.checked)}
                      slotProps={{ input: { 'aria-label': `${t('alerts.console.alertsOn')}: ${row.companyName}` } }}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}
