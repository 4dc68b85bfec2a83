/** /dashboard/ta-dashboard-weekly: moves into each stage per week, as a stacked bar chart and the table under it. */
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { Skeleton } from '@mui/material';
import { lazy } from 'react';
import { OnDemand } from '../../components/OnDemand';
import { t } from '../../../i18n';
import { formatDate } from '../../../schema/rules/dates';
import { dashboardsApi, type WeekRow } from '../../api/dashboards';
import { DashboardScreen } from './DashboardScreen';
import type { Column } from './PagedTable';
import { useDashboard } from './useDashboard';

const StageChart = lazy(() => import('./StageChart'));

export default function WeeklyDashboard() {
  const d = useDashboard(dashboardsApi.weekly);
  const rows = d.result?.data ?? [];
  const stages = d.result?.stages ?? [];
  const columns: Column<WeekRow>[] = [
    { header: t('portal.dashboard.week'), cell: (r) => formatDate(r.week), csv: (r) => r.week, nowrap: true },
    ...stages.map((s) => ({
      header: t(`portal.dashboard.stages.${s}`),
      cell: (r: WeekRow) => r.stages[s],
      align: 'right' as const,
    })),
    {
      header: t('portal.dashboard.total'),
      cell: (r) => <strong>{r.total}</strong>,
      csv: (r) => r.total,
      align: 'right',
    },
  ];
  return (
    <DashboardScreen
      section="weekly"
      icon={<InsightsOutlined />}
      dashboard={d}
      load={dashboardsApi.weekly}
      columns={columns}
      rowKey={(r) => r.week}
      testId="weekly-table"
      csvName="stage-overview-per-week.csv"
      empty={Boolean(d.result) && rows.every((r) => r.total === 0)}
      chart={
        <OnDemand fallback={<Skeleton variant="rectangular" height={360} />}>
          <StageChart rows={rows} stages={stages} />
        </OnDemand>
      }
    />
  );
}
