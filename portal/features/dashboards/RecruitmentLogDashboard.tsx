/**
 * /dashboard/ta-recruitment-activity: every move, rejection, reveal, note, interview and qualify
 * request with who, project, candidate and when, filtered by kind. Candidate names come as the
 * server's visibility rule gives them; a hidden candidate's name is marked so it is not shared.
 */
import TimelineOutlined from '@mui/icons-material/TimelineOutlined';
import { Box, Chip, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { t } from '../../../i18n';
import { dashboardsApi, type EventKind, type EventRow } from '../../api/dashboards';
import { PageHeader } from '../../components/PageHeader';
import { when } from './AssignmentLogDashboard';
import { allPages, downloadCsv, toCsv } from './csv';
import { DashboardFilters, DashboardState } from './DashboardFilters';
import { PagedTable, type Column } from './PagedTable';
import { useDashboard } from './useDashboard';

const T = (k: string) => t(`portal.dashboard.recruitment.${k}`);
const KINDS: EventKind[] = ['move', 'rejection', 'reveal', 'note', 'interview', 'qualify'];
const stage = (s: string | null) => (s ? t(`portal.dashboard.stages.${s}`) : '');
const detail = (r: EventRow) => (r.toStage ? `${stage(r.fromStage)} → ${stage(r.toStage)}` : '');
const candidateName = (r: EventRow) => r.candidate.name ?? T('hiddenCandidate');

const COLUMNS: Column<EventRow>[] = [
  { header: T('at'), cell: (r) => when(r.at), nowrap: true },
  { header: T('kind'), cell: (r) => <Chip size="small" label={T(`kinds.${r.kind}`)} /> },
  { header: T('detail'), cell: detail },
  {
    header: T('candidate'),
    cell: (r) => (r.candidate.adminAnonymous ? `${candidateName(r)} (${T('hidden')})` : candidateName(r)),
  },
  { header: T('project'), cell: (r) => r.project?.title ?? '—' },
  { header: t('portal.dashboard.overview.company'), cell: (r) => r.company?.companyName ?? '—' },
  { header: T('actor'), cell: (r) => r.actor.name ?? '—' },
];

export default function RecruitmentLogDashboard() {
  const d = useDashboard(dashboardsApi.events, true);
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await allPages((page, perPage) => dashboardsApi.events({ ...d.query, page, perPage }));
      downloadCsv(
        'recruitment-activity.csv',
        toCsv(
          COLUMNS.map((c) => c.header),
          rows.map((r) => [
            r.at,
            T(`kinds.${r.kind}`),
            detail(r),
            candidateName(r),
            r.project?.title,
            r.company?.companyName,
            r.actor.name,
          ]),
        ),
      );
    } finally {
      setExporting(false);
    }
  };
  const empty = d.result?.pagination.dataCount === 0 && !d.params.get('kind');
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
      >
        <TextField
          select
          size="small"
          label={T('kind')}
          value={d.params.get('kind') ?? ''}
          onChange={(e) => d.set({ kind: e.target.value })}
          sx={{ minWidth: 170 }}
        >
          <MenuItem value="">{t('portal.dashboard.filters.all')}</MenuItem>
          {KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {T(`kinds.${k}`)}
            </MenuItem>
          ))}
        </TextField>
      </DashboardFilters>
      <DashboardState
        loading={d.loading}
        failure={d.failure}
        retry={d.retry}
        empty={empty}
        icon={<TimelineOutlined />}
        emptyTitle={T('emptyTitle')}
        emptyText={T('emptyText')}
      >
        {d.result && (
          <PagedTable
            testId="recruitment-log"
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
