/**
 * /dashboard/interview-request (admins): every interview request and job description across
 * companies with the answer and reasons; filters (company, project — by clicking a row's name —,
 * text, state, kind, channel, date range) kept in the URL, sortable columns and pages, and when each booked interview
 * starts, and under a WhatsApp request's channel how its message went (pending, delivered, or failed with the reason). Times are shown in the reader's zone, named with its offset at each time (schema/rules/zonedTime.ts), and the picked days are that zone's days: the range goes to the API with the
 * zone (`timeZone`), so a request listed under a day was sent on that day as the page writes it.
 */
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useAddressParams, withQuery } from '../../components/useAddressState';
import { t } from '../../../i18n';
import { pagerLabels } from '../../components/pagerLabels';
import { errorMessage } from '../../../ui/api/errors';
import { interviewsApi, type AdminListQuery, type AdminRequestRow, type Page } from '../../api/interviews';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { zonedDateTime } from '../../../schema/rules/zonedTime';
import { readerZone } from '../../../schema/rules/timeZones';
import { DayField } from '../../../ui/components/DayField';

const STATES = ['sent', 'approved', 'rejected', 'expired'] as const;
const KINDS = ['interview', 'whitelist'] as const;
const CHANNELS = ['email', 'whatsapp'] as const;
const STATE_COLOR = { sent: 'default', approved: 'success', rejected: 'error', expired: 'warning' } as const;
const FILTER_KEYS = ['companyId', 'projectId', 'state', 'kind', 'channel', 'from', 'to', 'q'] as const;

/** The reader's zone: the times are written in it, named with its offset then, and the picked days are its days. */
const when = (iso: string | null) => zonedDateTime(iso) ?? '—';

export function InterviewRequestListPage() {
  const [params, editParams] = useAddressParams();
  const [result, setResult] = useState<Page<AdminRequestRow> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const query = useMemo<AdminListQuery>(() => {
    const q: Record<string, string | number> = {};
    for (const key of FILTER_KEYS) if (params.get(key)) q[key] = params.get(key) as string;
    if (q.from || q.to) q.timeZone = readerZone();
    q.page = Math.max(1, Number(params.get('p')) || 1);
    q.perPage = [10, 25, 50].includes(Number(params.get('pp'))) ? Number(params.get('pp')) : 25;
    q.sortBy = params.get('sortBy') || 'createdAt';
    q.sortDir = params.get('sortDir') === 'asc' ? 'asc' : 'desc';
    return q as AdminListQuery;
  }, [params]);

  useEffect(() => {
    let live = true;
    setFailure(null);
    interviewsApi
      .adminList(query)
      .then((res) => live && setResult(res))
      .catch((err) => live && setFailure(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [query]);

  // The search box follows the address: "Clear filters", the back button or a link empty or change it, so leaving the
  // box never applies a text no longer in force.
  const applied = params.get('q') ?? '';
  const [search, setSearch] = useState(applied);
  // Set while drawing, as the address changes, so no frame shows the old text (React's "state from props" pattern).
  const [followed, setFollowed] = useState(applied);
  if (followed !== applied) {
    setFollowed(applied);
    setSearch(applied);
  }

  const set = (changes: Record<string, string | number | undefined>) => {
    editParams(withQuery(changes), { replace: true });
  };
  const sortBy = (column: NonNullable<AdminListQuery['sortBy']>) =>
    set({ sortBy: column, sortDir: query.sortBy === column && query.sortDir === 'desc' ? 'asc' : 'desc' });
  const filtered = FILTER_KEYS.some((k) => params.get(k));
  const select = (
    key: 'state' | 'kind' | 'channel',
    values: readonly string[],
    label: (v: string) => string,
    title: string,
  ) => (
    <TextField
      select
      size="small"
      label={title}
      value={params.get(key) ?? ''}
      onChange={(e) => set({ [key]: e.target.value })}
      sx={{ minWidth: 140 }}
    >
      <MenuItem value="">{t('portal.interviews.list.all')}</MenuItem>
      {values.map((v) => (
        <MenuItem key={v} value={v}>
          {label(v)}
        </MenuItem>
      ))}
    </TextField>
  );
  const sortable = (column: NonNullable<AdminListQuery['sortBy']>, label: string) => (
    <TableSortLabel
      active={query.sortBy === column}
      direction={query.sortBy === column ? query.sortDir : 'desc'}
      onClick={() => sortBy(column)}
    >
      {label}
    </TableSortLabel>
  );

  return (
    <Box>
      <PageHeader title={t('portal.interviews.list.title')} subtitle={t('portal.interviews.list.subtitle')} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1.5 }}>
        <TextField
          size="small"
          label={t('portal.interviews.list.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && set({ q: search.trim() })}
          onBlur={() => search.trim() !== applied && set({ q: search.trim() })}
          sx={{ minWidth: 260 }}
        />
        {select(
          'state',
          STATES,
          (v) => t(`entities.interviewRequest.enums.state.${v}`),
          t('portal.interviews.list.state'),
        )}
        {select('kind', KINDS, (v) => t(`portal.interviews.status.${v}`), t('portal.interviews.list.kind'))}
        {select(
          'channel',
          CHANNELS,
          (v) => t(`entities.interviewRequest.enums.channel.${v}`),
          t('portal.interviews.list.channel'),
        )}
        <DayField
          label={t('portal.interviews.list.from')}
          value={params.get('from') ?? ''}
          onChange={(day) => set({ from: day })}
        />
        <DayField
          label={t('portal.interviews.list.to')}
          value={params.get('to') ?? ''}
          onChange={(day) => set({ to: day })}
        />
        {(params.get('companyId') || params.get('projectId')) && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {params.get('companyId') && (
              <Chip
                label={`${t('portal.interviews.list.company')}: ${params.get('companyId')}`}
                onDelete={() => set({ companyId: undefined })}
              />
            )}
            {params.get('projectId') && (
              <Chip
                label={`${t('portal.interviews.list.project')}: ${params.get('projectId')}`}
                onDelete={() => set({ projectId: undefined })}
              />
            )}
          </Stack>
        )}
        {filtered && (
          <Button onClick={() => editParams(() => new URLSearchParams(), { replace: true })}>
            {t('portal.interviews.list.clear')}
          </Button>
        )}
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      {result && result.pagination.dataCount === 0 && !filtered && (
        <EmptyState
          icon={<ForumOutlined />}
          title={t('portal.interviews.list.emptyTitle')}
          description={t('portal.interviews.list.emptyText')}
        />
      )}
      {result && (result.pagination.dataCount > 0 || filtered) && (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" data-testid="interview-request-list">
              <TableHead>
                <TableRow>
                  <TableCell>{sortable('createdAt', t('portal.interviews.list.sentAt'))}</TableCell>
                  <TableCell>{sortable('company', t('portal.interviews.list.company'))}</TableCell>
                  <TableCell>{sortable('project', t('portal.interviews.list.project'))}</TableCell>
                  <TableCell>{t('portal.interviews.list.candidate')}</TableCell>
                  <TableCell>{t('portal.interviews.list.kind')}</TableCell>
                  <TableCell>{t('portal.interviews.list.channel')}</TableCell>
                  <TableCell>{sortable('state', t('portal.interviews.list.state'))}</TableCell>
                  <TableCell>{sortable('answeredAt', t('portal.interviews.list.answeredAt'))}</TableCell>
                  <TableCell>{sortable('interviewAt', t('portal.interviews.list.interviewAt'))}</TableCell>
                  <TableCell>{t('portal.interviews.list.answer')}</TableCell>
                  <TableCell>{t('portal.interviews.list.sentBy')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={11}>
                      <Typography color="text.secondary">{t('portal.interviews.list.noMatch')}</Typography>
                    </TableCell>
                  </TableRow>
                )}
                {result.data.map((r) => (
                  <TableRow key={r.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(r.createdAt)}</TableCell>
                    <TableCell>
                      {r.company ? (
                        <Link component="button" onClick={() => set({ companyId: r.company?.id })}>
                          {r.company.companyName}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                    <TableCell>
                      <Link component="button" onClick={() => set({ projectId: r.project.id })}>
                        {r.project.title}
                      </Link>
                    </TableCell>
                    <TableCell>{r.candidate.label}</TableCell>
                    <TableCell>{t(`portal.interviews.status.${r.kind}`)}</TableCell>
                    <TableCell sx={{ minWidth: 160, maxWidth: 260 }} data-testid="request-channel">
                      {r.channel ? t(`entities.interviewRequest.enums.channel.${r.channel}`) : '—'}
                      {r.delivery && (
                        <Typography
                          variant="body2"
                          color={r.delivery.state === 'failed' ? 'error' : 'text.secondary'}
                          data-testid="request-whatsapp"
                        >
                          {/* A failure's reason says so itself ("Not sent: …", "Not delivered: …"). */}
                          {r.delivery.reason ?? t(`portal.interviews.list.whatsapp.${r.delivery.state}`)}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={STATE_COLOR[r.state]}
                        label={t(`entities.interviewRequest.enums.state.${r.state}`)}
                      />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(r.answeredAt)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="request-interview-at">
                      {when(r.interviewAt)}
                    </TableCell>
                    <TableCell sx={{ maxWidth: 320 }}>
                      {r.rejectReasons.map((reason) => t(`portal.interviews.reasons.${reason}`)).join('; ')}
                      {r.rejectText && (
                        <Typography variant="body2" color="text.secondary">
                          “{r.rejectText}”
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{r.sentByName ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={result.pagination.dataCount}
            page={result.pagination.currentPage - 1}
            rowsPerPage={result.pagination.pageSize}
            rowsPerPageOptions={[10, 25, 50]}
            {...pagerLabels()}
            onPageChange={(_e, page) => set({ p: page + 1 })}
            onRowsPerPageChange={(e) => set({ pp: e.target.value, p: undefined })}
          />
        </Paper>
      )}
    </Box>
  );
}
