/**
 * /dashboard/ta-recruitment-activity: every move, rejection, reveal, note, interview and qualify
 * request with who, project, candidate and when, filtered by kind. Candidate names come as the
 * server's visibility rule gives them; a hidden candidate's name is marked so it is not shared.
 */
import TimelineOutlined from '@mui/icons-material/TimelineOutlined';
import { Chip, MenuItem, TextField } from '@mui/material';
import { t } from '../../../i18n';
import { dashboardsApi, type EventKind, type EventRow } from '../../api/dashboards';
import { whenColumn } from './AssignmentLogDashboard';
import { DashboardScreen } from './DashboardScreen';
import type { Column } from './PagedTable';
import { useDashboard } from './useDashboard';

const T = (k: string) => t(`portal.dashboard.recruitment.${k}`);
const KINDS: EventKind[] = ['move', 'rejection', 'reveal', 'note', 'interview', 'qualify'];
const stage = (s: string | null) => (s ? t(`portal.dashboard.stages.${s}`) : '');
const detail = (r: EventRow) => (r.toStage ? `${stage(r.fromStage)} → ${stage(r.toStage)}` : '');
const candidateName = (r: EventRow) => r.candidate.name ?? T('hiddenCandidate');
/** The name, marked when the candidate hid it from companies: on screen and in the CSV alike, so it is not shared. */
const candidateCell = (r: EventRow) =>
  r.candidate.adminAnonymous ? `${candidateName(r)} (${T('hidden')})` : candidateName(r);

const COLUMNS: Column<EventRow>[] = [
  whenColumn(T('at')),
  {
    header: T('kind'),
    cell: (r) => <Chip size="small" label={T(`kinds.${r.kind}`)} />,
    csv: (r) => T(`kinds.${r.kind}`),
  },
  { header: T('detail'), cell: detail },
  { header: T('candidate'), cell: candidateCell, csv: candidateCell },
  { header: T('project'), cell: (r) => r.project?.title ?? '—', csv: (r) => r.project?.title },
  {
    header: t('portal.dashboard.overview.company'),
    cell: (r) => r.company?.companyName ?? '—',
    csv: (r) => r.company?.companyName,
  },
  { header: T('actor'), cell: (r) => r.actor.name ?? '—', csv: (r) => r.actor.name },
];

export default function RecruitmentLogDashboard() {
  const d = useDashboard(dashboardsApi.events, true, true);
  return (
    <DashboardScreen
      section="recruitment"
      icon={<TimelineOutlined />}
      dashboard={d}
      load={dashboardsApi.events}
      columns={COLUMNS}
      rowKey={(r) => r.id}
      testId="recruitment-log"
      csvName="recruitment-activity.csv"
      // Filtered by kind, an empty page is a table saying so, not the "nothing logged yet" state.
      empty={d.result?.pagination.dataCount === 0 && !d.params.get('kind')}
      filters={
        <TextField
          select
          size="small"
          label={T('kind')}
          value={d.params.get('kind') ?? ''}
          onChange={(e) => d.set({ kind: e.target.value })}
          sx={{ width: { xs: '100%', md: 170 } }}
        >
          <MenuItem value="">{t('portal.dashboard.filters.all')}</MenuItem>
          {KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {T(`kinds.${k}`)}
            </MenuItem>
          ))}
        </TextField>
      }
    />
  );
}
