/**
 * /projects/dashboard: a company's recruiter dashboard over a period (dates and project in the URL):
 * the funnel now, candidates moved into each stage and the conversion to the next, the median days
 * in each stage, interview requests sent and answered, credits spent. Admins pick the company. Without dates in the
 * URL the From and To fields show the period the server read (its answer's `range`: the last 12 weeks). A period the
 * server refuses (a start after the end, longer than two years) is said at From, and not asked for (useDashboard). The
 * period's days are the reader's: the browser's zone goes with the dates (`timeZone`), and the subtitle names it.
 */
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import {
  Box,
  Card,
  CardContent,
  Grid,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback } from 'react';
import { t } from '../../../i18n';
import { readerZone, zoneLabel } from '../../../schema/rules/timeZones';
import { useAuth } from '../../app/auth/authContext';
import { recruiterApi, type DashboardQuery, type RecruiterDashboard as Answer } from '../../api/dashboards';
import { DayField } from '../../components/DayField';
import { PageHeader } from '../../components/PageHeader';
import { DashboardState } from './DashboardFilters';
import { CompanyChoice } from './CompanyChoice';
import { useDashboard } from './useDashboard';

const T = (k: string, v?: Record<string, string | number>) => t(`portal.dashboard.recruiter.${k}`, v);
const stage = (s: string) => t(`portal.dashboard.stages.${s}`);

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" data-testid={testId}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

function StageTable({ data }: { data: Answer }) {
  const rate = (from: string) => data.conversion.find((c) => c.from === from);
  return (
    <Paper variant="outlined">
      <TableContainer tabIndex={0}>
        <Table size="small" data-testid="recruiter-stages">
          <TableHead>
            <TableRow>
              <TableCell>{T('stage')}</TableCell>
              <TableCell align="right">{T('funnel')}</TableCell>
              <TableCell align="right">{T('moved')}</TableCell>
              <TableCell align="right">{T('conversion')}</TableCell>
              <TableCell align="right">{T('medianDays')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.stages.map((s) => {
              const c = rate(s);
              return (
                <TableRow key={s} hover>
                  <TableCell>{stage(s)}</TableCell>
                  <TableCell align="right">{data.funnel[s]}</TableCell>
                  <TableCell align="right">{data.movedInto[s]}</TableCell>
                  <TableCell align="right">
                    {c && c.rate !== null ? `${Math.round(c.rate * 100)}% → ${stage(c.to)}` : T('none')}
                  </TableCell>
                  <TableCell align="right">
                    {data.medianDays[s] === null
                      ? T('none')
                      : `${data.medianDaysEstimated ? '≈ ' : ''}${T('days', { n: data.medianDays[s] })}`}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

export default function RecruiterDashboard() {
  const { viewer } = useAuth();
  const isAdmin = viewer?.role === 'admin';
  const load = useCallback(
    (q: DashboardQuery) => (isAdmin && !q.companyId ? Promise.resolve(null) : recruiterApi.get(q)),
    [isAdmin],
  );
  // The period's days are the reader's (`timeZone`, sent as the credit log's is), as the subtitle names them.
  const d = useDashboard<Answer | null>(load, false, true);
  const data = d.result;
  // The period the figures cover: the address's dates, or the server's default it answers (`range`, the last 12 weeks).
  const date = (key: 'from' | 'to', label: string) => (
    <DayField
      label={label}
      value={d.params.get(key) ?? data?.range[key] ?? ''}
      error={!!d.fieldErrors[key]}
      helperText={d.fieldErrors[key]}
      onChange={(day) => d.set({ [key]: day || undefined })}
      sx={{ width: { xs: '100%', md: 180 } }}
    />
  );
  return (
    <Box>
      <PageHeader title={T('title')} subtitle={T('subtitle', { zone: zoneLabel(data?.timeZone ?? readerZone()) })} />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        useFlexGap
        spacing={1.5}
        sx={{ mb: 2, flexWrap: 'wrap', alignItems: { xs: 'stretch', md: 'flex-start' } }}
        data-testid="dashboard-filters"
      >
        {isAdmin && (
          <CompanyChoice
            value={d.params.get('companyId')}
            onChange={(id) => d.set({ companyId: id, projectId: undefined })}
          />
        )}
        {date('from', t('portal.dashboard.filters.from'))}
        {date('to', t('portal.dashboard.filters.to'))}
        <TextField
          select
          size="small"
          label={t('portal.dashboard.filters.project')}
          value={d.params.get('projectId') ?? ''}
          onChange={(e) => d.set({ projectId: e.target.value })}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="">{T('allProjects')}</MenuItem>
          {(data?.projects ?? []).map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.title}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {isAdmin && !d.params.get('companyId') && <Typography color="text.secondary">{T('chooseCompany')}</Typography>}
      <DashboardState
        loading={d.loading}
        failure={d.failure}
        retry={d.retry}
        empty={Boolean(data) && data?.projects.length === 0}
        icon={<InsightsOutlined />}
        emptyTitle={T('noProjects')}
        emptyText={T('noProjectsText')}
      >
        {data && (
          <Stack spacing={2}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 4 }}>
                <Figure label={T('requestsSent')} value={data.interviewRequests.sent} testId="requests-sent" />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <Figure
                  label={T('requestsAnswered')}
                  value={data.interviewRequests.answered}
                  testId="requests-answered"
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <Figure label={T('creditsSpent')} value={data.creditsSpent} testId="credits-spent" />
              </Grid>
            </Grid>
            <StageTable data={data} />
            <Typography variant="body2" color="text.secondary">
              {T('conversionText')}. {T('medianText')}.
            </Typography>
          </Stack>
        )}
      </DashboardState>
    </Box>
  );
}
