/** /dashboard/project-overview: per week and company, projects created, active, paused and inactive, and candidates moved into each stage. */
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import { t } from '../../../i18n';
import { formatDate } from '../../../schema/rules/dates';
import { dashboardsApi, type OverviewRow, type StageKey } from '../../api/dashboards';
import { DashboardScreen } from './DashboardScreen';
import type { Column } from './PagedTable';
import { useDashboard } from './useDashboard';

const T = (k: string) => t(`portal.dashboard.overview.${k}`);
const COUNTS = ['created', 'active', 'paused', 'inactive'] as const;

export default function ProjectOverviewDashboard() {
  const d = useDashboard(dashboardsApi.overview, true);
  const stages: StageKey[] = d.result?.stages ?? [];
  const columns: Column<OverviewRow>[] = [
    { header: t('portal.dashboard.week'), cell: (r) => formatDate(r.week), csv: (r) => r.week, nowrap: true },
    { header: T('company'), cell: (r) => r.company?.companyName ?? T('internal') },
    ...COUNTS.map((k) => ({ header: T(k), cell: (r: OverviewRow) => r[k], align: 'right' as const })),
    ...stages.map((s) => ({
      header: t(`portal.dashboard.stages.${s}`),
      cell: (r: OverviewRow) => r.stages[s],
      align: 'right' as const,
    })),
  ];
  return (
    <DashboardScreen
      section="overview"
      icon={<WorkOutlineOutlined />}
      dashboard={d}
      load={dashboardsApi.overview}
      columns={columns}
      rowKey={(r) => `${r.week}|${r.company?.id ?? ''}`}
      testId="project-overview-table"
      csvName="project-overview-per-week.csv"
    />
  );
}
