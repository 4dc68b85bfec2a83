/**
 * The console's saved-search alerts page (/admin/alerts): per company, how many people have alerts
 * on (and how many of them by email), how many candidates were new to them and how many digests
 * went out in the last 7 days, and the platform's switch that turns a company's alerts off.
 */
import {
  Alert,
  Card,
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
import { Title, useNotify } from 'react-admin';
import { t } from '../../i18n';
import { apiCall } from '../providers/http';

interface CompanyVolume {
  id: string;
  companyName: string;
  subscriptions: number;
  emailing: number;
  news7: number;
  digests7: number;
  alertsOn: boolean;
}

export function AlertVolume() {
  const notify = useNotify();
  const [rows, setRows] = useState<CompanyVolume[]>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    apiCall<{ data: CompanyVolume[] }>('/alerts/companies')
      .then((r) => setRows(r.data))
      .catch(() => setFailed(true));
  }, []);

  const toggle = useCallback(
    async (row: CompanyVolume, alertsOn: boolean) => {
      try {
        const saved = await apiCall<CompanyVolume>(`/alerts/companies/${encodeURIComponent(row.id)}`, {
          method: 'PUT',
          body: { alertsOn },
        });
        setRows((list) => list?.map((r) => (r.id === saved.id ? saved : r)));
        notify(t(alertsOn ? 'alerts.console.turnedOn' : 'alerts.console.turnedOff', { company: row.companyName }), {
          type: 'success',
        });
      } catch (err) {
        notify(err instanceof Error ? err.message : t('errors.generic'), { type: 'error' });
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
      {failed && <Alert severity="error">{t('errors.generic')}</Alert>}
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
            {(rows ?? []).map((row) => (
              <TableRow key={row.id} data-testid="alert-company">
                <TableCell>{row.companyName}</TableCell>
                <TableCell align="right">{`${row.subscriptions} (${row.emailing})`}</TableCell>
                <TableCell align="right">{row.news7}</TableCell>
                <TableCell align="right">{row.digests7}</TableCell>
                <TableCell>
                  <Switch
                    checked={row.alertsOn}
                    onChange={(e) => void toggle(row, e.target.checked)}
                    slotProps={{ input: { 'aria-label': `${t('alerts.console.alertsOn')}: ${row.companyName}` } }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}
