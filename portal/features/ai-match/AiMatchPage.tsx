/**
 * /ai-match (admins): paste a job description, upload it as a PDF or Word file, or take a
 * project's own (MatchStartForm; ?project= preselects one), check the requirements read from it,
 * watch the match run (polled every two seconds), then read the ranked, explained shortlist and
 * add candidates to a project's suggested tab, one by one or the selected ones at once. Past runs
 * (PastRuns) reopen through ?run=, as the matchFinished notification's link does.
 */
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Collapse,
  LinearProgress,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Fragment, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { t } from '../../../i18n';
import { errorMessage } from '../../../ui/api/errors';
import { ConfirmDialog } from '../../../ui/components/ConfirmDialog';
import { aiMatchApi, type MatchResult, type MatchRun, type Recommendation } from '../../api/aiMatch';
import { useNotify } from '../../app/notify';
import { PageHeader } from '../../components/PageHeader';
import { MatchStartForm } from './MatchStartForm';
import { PastRuns } from './PastRuns';
import { MatchedSummary } from './MatchedSummary';
import { RequirementChips } from './RequirementChips';

const P = 'portal.aiMatchPage';
const RECS = ['strong_yes', 'yes', 'maybe', 'no'] as const;
const RUNNING = ['queued', 'retrieving', 'judging'];

export function AiMatchPage() {
  const notify = useNotify();
  // The run's id lives in the address (?run=), so a reload or a shared link reopens the same match.
  const [params, setParams] = useSearchParams();
  const runParam = params.get('run');
  const [run, setRun] = useState<MatchRun | null>(null);
  const [results, setResults] = useState<MatchResult[] | null>(null);
  const [filter, setFilter] = useState<Recommendation | ''>('');
  const [open, setOpen] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [adding, setAdding] = useState<{
    ids: string[];
    projects: { id: string; title: string }[];
    projectId: string;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const loadResults = useCallback(
    async (id: string, rec: Recommendation | '') => setResults((await aiMatchApi.results(id, rec || undefined)).data),
    [],
  );

  useEffect(() => {
    if (!runParam || run?.id === runParam) return;
    setRun(null);
    setResults(null);
    setSelected([]);
    void act(async () => {
      const opened = await aiMatchApi.status(runParam);
      setRun(opened);
      if (!RUNNING.includes(opened.status) && opened.status !== 'review') await loadResults(opened.id, '');
    });
    // Only a change of address reopens a run; the run shown changes it through `begin` below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runParam]);

  const begin = (started: MatchRun) => {
    setRun(started);
    setParams({ run: started.id });
  };

  useEffect(() => {
    if (!run || !RUNNING.includes(run.status)) return;
    const timer = setInterval(async () => {
      try {
        const next = await aiMatchApi.status(run.id);
        setRun(next);
        if (!RUNNING.includes(next.status)) await loadResults(next.id, filter);
      } catch (err) {
        setError(errorMessage(err));
      }
    }, 2000);
    return () => clearInterval(timer);
  }, [run, filter, loadResults]);

  const openAdd = (ids: string[]) =>
    act(async () => {
      const projects = (await aiMatchApi.projects(ids[0])).data;
      // The run's own project first, when it was started from one.
      const own = projects.find((p) => p.id === run?.projectId);
      setAdding({ ids, projects, projectId: own?.id ?? projects[0]?.id ?? '' });
    });

  const label = (r: MatchResult) => r.name ?? t(`${P}.anonymous`, { rank: r.rank });
  const done = run && !RUNNING.includes(run.status) && run.status !== 'review';

  return (
    <Box>
      <PageHeader title={t('portal.screens.aiMatch.title')} subtitle={t(`${P}.subtitle`)} />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <MatchStartForm
        busy={busy}
        initialProject={params.get('project')}
        onStart={(input, years) =>
          void act(async () => {
            setResults(null);
            begin(await aiMatchApi.start(input, years));
          })
        }
      />
      {runParam && !run && !error && <LinearProgress sx={{ mt: 3 }} aria-label={t(`${P}.loading`)} />}

      {run?.status === 'review' && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="h6">{t(`${P}.requirements`)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`${P}.requirementsHelp`)}
          </Typography>
          <RequirementChips
            requirements={run.requirements}
            onChange={(requirements) => setRun({ ...run, requirements })}
          />
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => void act(async () => setRun(await aiMatchApi.judge(run.id, run.requirements)))}
          >
            {t(`${P}.start`)}
          </Button>
        </Box>
      )}

      {run && run.status !== 'review' && <MatchedSummary run={run} />}

      {run && run.status !== 'review' && (
        <Box sx={{ mt: 3 }} aria-live="polite">
          <Typography data-testid="ai-match-state">
            {t(`${P}.states.${run.status}`, {
              judged: run.progress.judged + run.progress.notJudged,
              total: run.progress.toJudge,
            })}
          </Typography>
          {RUNNING.includes(run.status) && (
            <Stack direction="row" spacing={2} alignItems="center">
              <LinearProgress
                sx={{ flex: 1 }}
                variant={run.progress.toJudge ? 'determinate' : 'indeterminate'}
                value={
                  run.progress.toJudge
                    ? (100 * (run.progress.judged + run.progress.notJudged)) / run.progress.toJudge
                    : undefined
                }
              />
              <Button onClick={() => void act(async () => setRun(await aiMatchApi.cancel(run.id)))}>
                {t(`${P}.cancel`)}
              </Button>
            </Stack>
          )}
          {run.status === 'failed' && <Alert severity="error">{run.error}</Alert>}
          <Typography variant="body2" color="text.secondary">
            {run.judge === 'model' ? t(`${P}.judgeModel`, { model: run.model ?? '' }) : t(`${P}.judgeProduct`)}
          </Typography>
        </Box>
      )}

      {done && !results && !error && (
        <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} aria-label={t(`${P}.loading`)} />
      )}
      {done && results && (
        <Box sx={{ mt: 2 }}>
          {/* On a phone the button wraps under the filter rather than widening the page. */}
          <Stack direction="row" flexWrap="wrap" useFlexGap spacing={2} alignItems="center" sx={{ mb: 1 }}>
            <TextField
              select
              size="small"
              label={t(`${P}.columns.recommendation`)}
              value={filter}
              // The empty value is "All": shown as chosen, under a raised label.
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              sx={{ width: 200, flexShrink: 0 }}
              onChange={(e) => {
                const rec = e.target.value as Recommendation | '';
                setFilter(rec);
                void act(() => loadResults(run.id, rec));
              }}
            >
              <MenuItem value="">{t(`${P}.recommendations.all`)}</MenuItem>
              {RECS.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`${P}.recommendations.${r}`)}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              sx={{ flexShrink: 0 }}
              disabled={!selected.length || busy}
              onClick={() => void openAdd(selected)}
            >
              {t(`${P}.addSelected`)}
            </Button>
          </Stack>
          {results.length === 0 ? (
            <Alert severity="info">{t(`${P}.empty`)}</Alert>
          ) : (
            // A narrow screen scrolls the table, not the page.
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t(`${P}.shortlist`)}>
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox" />
                    <TableCell>{t(`${P}.columns.candidate`)}</TableCell>
                    <TableCell>{t(`${P}.columns.score`)}</TableCell>
                    <TableCell>{t(`${P}.columns.recommendation`)}</TableCell>
                    <TableCell>{t(`${P}.columns.strengths`)}</TableCell>
                    <TableCell>{t(`${P}.columns.actions`)}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {results.map((r) => (
                    <Fragment key={r.candidateId}>
                      <TableRow data-testid="ai-match-result">
                        <TableCell padding="checkbox">
                          <Checkbox
                            inputProps={{ 'aria-label': label(r) }}
                            checked={selected.includes(r.candidateId)}
                            onChange={(e) =>
                              setSelected(
                                e.target.checked
                                  ? [...selected, r.candidateId]
                                  : selected.filter((c) => c !== r.candidateId),
                              )
                            }
                          />
                        </TableCell>
                        <TableCell>{label(r)}</TableCell>
                        <TableCell>{r.score ?? '–'}</TableCell>
                        <TableCell>
                          {r.recommendation
                            ? t(`${P}.recommendations.${r.recommendation}`)
                            : t(`${P}.notJudged`, {
                                reason: r.notJudged ? t(`${P}.notJudgedReasons.${r.notJudged}`) : '–',
                              })}
                        </TableCell>
                        <TableCell>{(r.strengths ?? []).join(' · ')}</TableCell>
                        <TableCell>
                          <Button
                            size="small"
                            onClick={() => setOpen(open === r.candidateId ? null : r.candidateId)}
                            aria-expanded={open === r.candidateId}
                          >
                            {t(`${P}.reasoning`)}
                          </Button>
                          <Button size="small" onClick={() => void openAdd([r.candidateId])}>
                            {t(`${P}.add`)}
                          </Button>
                        </TableCell>
                      </TableRow>
                      <TableRow>
                        <TableCell
                          colSpan={6}
                          sx={{ py: 0, borderBottom: open === r.candidateId ? undefined : 'none' }}
                        >
                          <Collapse in={open === r.candidateId} unmountOnExit data-testid="ai-match-detail">
                            <Typography sx={{ my: 1 }}>{r.reasoning}</Typography>
                            <Typography variant="subtitle2" component="h3">
                              {t(`${P}.evidence`)}
                            </Typography>
                            <ul>
                              {r.parts.map((p) => (
                                <li key={p.key}>
                                  <strong>{t(`${P}.parts.${p.key}`)}</strong>
                                  {` (${t(`${P}.points`, { points: Math.round(p.points * 10) / 10, max: p.max })}): ${p.evidence}`}
                                </li>
                              ))}
                            </ul>
                          </Collapse>
                        </TableCell>
                      </TableRow>
                    </Fragment>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Box>
      )}

      <Box component="section" sx={{ mt: 5 }} aria-labelledby="ai-past-runs">
        <Typography variant="h6" component="h2" id="ai-past-runs" sx={{ mb: 1 }}>
          {t(`${P}.pastRuns`)}
        </Typography>
        <PastRuns refreshKey={`${run?.id ?? ''}:${run?.status ?? ''}`} />
      </Box>

      <ConfirmDialog
        open={Boolean(adding)}
        title={t(`${P}.add`)}
        message={t(`${P}.confirmAdd`, { count: adding?.ids.length ?? 0 })}
        confirmLabel={t(`${P}.add`)}
        busy={busy}
        onClose={() => setAdding(null)}
        onConfirm={() =>
          void act(async () => {
            await aiMatchApi.curate(adding!.projectId, adding!.ids);
            setAdding(null);
            setSelected([]);
            notify(t(`${P}.added`));
          })
        }
      >
        <TextField
          select
          fullWidth
          label={t(`${P}.project`)}
          value={adding?.projectId ?? ''}
          onChange={(e) => adding && setAdding({ ...adding, projectId: e.target.value })}
          sx={{ mt: 2 }}
        >
          {adding?.projects.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.title}
            </MenuItem>
          ))}
        </TextField>
      </ConfirmDialog>
    </Box>
  );
}
