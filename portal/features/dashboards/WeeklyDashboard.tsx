/** /dashboard/ta-dashboard-weekly: moves into each stage per week, as a stacked bar chart and the table under it. */
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { Box, Paper, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { lazy, Suspense } from 'react';
import { t } from '../../../i18n';
import { dashboardsApi } from '../../api/dashboards';
import { PageHeader } from '../../components/PageHeader';
import { downloadCsv, toCsv } from './csv';
import { DashboardFilters, DashboardState } from './DashboardFilters';
import { useDashboard } from './useDashboard';

const StageChart = lazy(() => import('./StageChart'));

export default function WeeklyDashboard() {
  const d = useDashboard(dashboardsApi.weekly);
  const rows = d.result?.data ?? [];
  const stages = d.result?.stages ?? [];
  const empty = Boolean(d.result) && rows.every((r) => r.total === 0);
  const label = (s: string) => t(`portal.dashboard.stages.${s}`);
  const exportCsv = () =>
    downloadCsv(
      'stage-overview-per-week.csv',
      toCsv(
        [t('portal.dashboard.week'), ...stages.map(label), t('portal.dashboard.total')],
        rows.map((r) => [r.week, ...stages.map((s) => r.stages[s]), r.total]),
      ),
    );
  return (
    <Box>
      <PageHeader title={t('portal.dashboard.weekly.title')} subtitle={t('portal.dashboard.weekly.subtitle')} />
      <DashboardFilters
        params={d.params}
        set={d.set}
        clear={d.clear}
        filtered={d.filtered}
        onExport={d.result && !empty ? exportCsv : undefined}
      />
      <DashboardState
        loading={d.loading}
        failure={d.failure}
        retry={d.retry}
        empty={empty}
        icon={<InsightsOutlined />}
        emptyTitle={t('portal.dashboard.weekly.emptyTitle')}
        emptyText={t('portal.dashboard.weekly.emptyText')}
      >
        {d.result && (
          <>
            <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
              <Suspense fallback={<Skeleton variant="rectangular" height={340} />}>
                <StageChart rows={rows} stages={stages} />
              </Suspense>
            </Paper>
            <Paper variant="outlined">
              <TableContainer tabIndex={0}>
                <Table size="small" data-testid="weekly-table">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('portal.dashboard.week')}</TableCell>
                      {stages.map((s) => (
                        <TableCell key={s} align="right">
                          {label(s)}
                        </TableCell>
                      ))}
                      <TableCell align="right">{t('portal.dashboard.total')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((r) => (
                      <TableRow key={r.week} hover>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.week}</TableCell>
                        {stages.map((s) => (
                          <TableCell key={s} align="right">
                            {r.stages[s]}
                          </TableCell>
                        ))}
                        <TableCell align="right">
                          <strong>{r.total}</strong>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Paper>
          </>
        )}
      </DashboardState>
    </Box>
  );
}
