/** /dashboard/ta-assigned-activity: which admin was made talent advocate or owning admin of which project, by whom and when. */
import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import { t } from '../../../i18n';
import { formatDateTime } from '../../../schema/rules/dates';
import { readerZone } from '../../../schema/rules/timeZones';
import { dashboardsApi, type AssignmentRow } from '../../api/dashboards';
import { DashboardScreen } from './DashboardScreen';
import type { Column } from './PagedTable';
import { useDashboard } from './useDashboard';

const T = (k: string) => t(`portal.dashboard.assigned.${k}`);
/** An instant in the reader's zone, the zone whose days the filters name (the hook sends it as `timeZone`). */
export const when = (iso: string) => formatDateTime(iso, { timeZone: readerZone() }) ?? '';
/** The log's time column: the reader's time on screen, the ISO instant in UTC in the CSV, each said. */
export const whenColumn = <R extends { at: string }>(header: string): Column<R> => ({
  header,
  cell: (r) => when(r.at),
  csv: (r) => r.at,
  csvHeader: t('portal.dashboard.atUtc'),
  nowrap: true,
});
const COLUMNS: Column<AssignmentRow>[] = [
  whenColumn(T('at')),
  { header: T('project'), cell: (r) => r.project.title },
  { header: T('company'), cell: (r) => r.company?.companyName ?? '—', csv: (r) => r.company?.companyName },
  { header: T('role'), cell: (r) => T(`roles.${r.role}`) },
  { header: T('assigned'), cell: (r) => r.assigned?.name ?? T('nobody'), csv: (r) => r.assigned?.name },
  { header: T('previous'), cell: (r) => r.previous?.name ?? '—', csv: (r) => r.previous?.name },
  { header: T('by'), cell: (r) => r.assignedBy ?? T('system'), csv: (r) => r.assignedBy },
];

export default function AssignmentLogDashboard() {
  const d = useDashboard(dashboardsApi.assignments, true, true);
  return (
    <DashboardScreen
      section="assigned"
      icon={<AssignmentIndOutlined />}
      dashboard={d}
      load={dashboardsApi.assignments}
      columns={COLUMNS}
      rowKey={(r) => r.id}
      testId="assignment-log"
      csvName="assignment-log.csv"
    />
  );
}
