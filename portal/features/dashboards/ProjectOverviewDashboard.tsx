/** /dashboard/project-overview: per week and company, projects created, active, paused and inactive, and candidates moved into each stage. */
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import { Box } from '@mui/material';
import { useState } from 'react';
import { t } from '../../../i18n';
import { dashboardsApi, type OverviewRow, type StageKey } from '../../api/dashboards';
import { PageHeader } from '../../components/PageHeader';
import { allPages, downloadCsv, toCsv } from './csv';
import { DashboardFilters, DashboardState } from './DashboardFilters';
import { PagedTable, type Column } from './PagedTable';
import { useDashboard } from './useDashboard';

const T = (k: string) => t(`portal.dashboard.overview.${k}`);
const COUNTS = ['created', 'active', 'paused', 'inactive'] as const;

export default function ProjectOverviewDashboard() {
  const d = useDashboard(dashboardsApi.overview, true);
  const [exporting, setExporting] = useState(false);
  const stages: StageKey[] = d.result?.stages ?? [];
  const companyName = (r: OverviewRow) => r.company?.companyName ?? T('internal');
  const columns: Column<OverviewRow>[] = [
    { header: t('portal.dashboard.week'), cell: (r) => r.week, nowrap: true },
    { header: T('company'), cell: companyName },
    ...COUNTS.map((k) => ({ header: T(k), cell: (r: OverviewRow) => r[k], align: 'right' as const })),
    ...stages.map((s) => ({
      header: t(`portal.dashboard.stages.${s}`),
      cell: (r: OverviewRow) => r.stages[s],
      align: 'right' as const,
    })),
  ];
  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await allPages((page, perPage) => dashboardsApi.overview({ ...d.query, page, perPage }));
      downloadCsv(
        'project-overview-per-week.csv',
        toCsv(
          columns.map((c) => c.header),
          rows.map((r) => [r.week, companyName(r), ...COUNTS.map((k) => r[k]), ...stages.map((s) => r.stages[s])]),
        ),
      );
    } finally {
      setExporting(false);
    }
  };
  const empty = d.result?.pagination.dataCount === 0;
  return (
    <Box>
      <PageHeader title={T('title')} subtitle={T('subtitle')} />
      <DashboardFilters
        params={d.params}
        set={d.set}
        clear={d.clear}
        filtered={d.filtered}
        onExport={d.result && !empty ? exportCsv : undefined}
        exporting={exporting}
      />
      <DashboardState
        loading={d.loading}
        failure={d.failure}
        retry={d.retry}
        empty={empty}
        icon={<WorkOutlineOutlined />}
        emptyTitle={T('emptyTitle')}
        emptyText={T('emptyText')}
      >
        {d.result && (
          <PagedTable
            testId="project-overview-table"
            columns={columns}
            rows={d.result.data}
            rowKey={(r) => `${r.week}|${r.company?.id ?? ''}`}
            pagination={d.result.pagination}
            set={d.set}
          />
        )}
      </DashboardState>
    </Box>
  );
}
