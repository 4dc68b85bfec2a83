/** /dashboard/ta-assigned-activity: which admin was made talent advocate or owning admin of which project, by whom and when. */
import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import { Box } from '@mui/material';
import { useState } from 'react';
import { t } from '../../../i18n';
import { dashboardsApi, type AssignmentRow } from '../../api/dashboards';
import { PageHeader } from '../../components/PageHeader';
import { allPages, downloadCsv, toCsv } from './csv';
import { DashboardFilters, DashboardState } from './DashboardFilters';
import { PagedTable, type Column } from './PagedTable';
import { useDashboard } from './useDashboard';
import { formatDateTime } from '../../../schema/rules/dates';

const T = (k: string) => t(`portal.dashboard.assigned.${k}`);
export const when = (iso: string) => formatDateTime(iso, { timeZone: 'UTC' }) ?? '';

const COLUMNS: Column<AssignmentRow>[] = [
  { header: T('at'), cell: (r) => when(r.at), nowrap: true },
  { header: T('project'), cell: (r) => r.project.title },
  { header: T('company'), cell: (r) => r.company?.companyName ?? '—' },
  { header: T('role'), cell: (r) => T(`roles.${r.role}`) },
  { header: T('assigned'), cell: (r) => r.assigned?.name ?? T('nobody') },
  { header: T('previous'), cell: (r) => r.previous?.name ?? '—' },
  { header: T('by'), cell: (r) => r.assignedBy ?? T('system') },
];

export default function AssignmentLogDashboard() {
  const d = useDashboard(dashboardsApi.assignments, true);
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await allPages((page, perPage) => dashboardsApi.assignments({ ...d.query, page, perPage }));
      downloadCsv(
        'assignment-log.csv',
        toCsv(
          COLUMNS.map((c) => c.header),
          rows.map((r) => [
            r.at,
            r.project.title,
            r.company?.companyName,
            T(`roles.${r.role}`),
            r.assigned?.name,
            r.previous?.name,
            r.assignedBy,
          ]),
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
        icon={<AssignmentIndOutlined />}
        emptyTitle={T('emptyTitle')}
        emptyText={T('emptyText')}
      >
        {d.result && (
          <PagedTable
            testId="assignment-log"
            columns={COLUMNS}
            rows={d.result.data}
            rowKey={(r) => r.id}
            pagination={d.result.pagination}
            set={d.set}
          />
        )}
      </DashboardState>
    </Box>
  );
}
