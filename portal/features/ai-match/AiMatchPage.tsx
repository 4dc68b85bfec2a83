/**
 * /ai-match (admins): paste a job description, upload it as a PDF or Word file, or take a
 * project's own (MatchStartForm; ?project= preselects one), check the requirements read from it,
 * watch the match run (polled every two seconds), then read the ranked, explained shortlist and
 * add candidates to a project's suggested tab, one by one or the selected ones at once
 * (AddToProjectDialog). The shortlist (MatchResults) opens each profile in the search's panel and
 * says whose verdict each is. A change of filter clears the selection; an empty list says why
 * (a filter, a run cancelled or failed early, or no match); a run cancelled here shows what it
 * judged at once, and goes on reading it until the calls in flight have written their verdicts (`settled`). "Run again"
 * matches a finished run again with the same reviewed requirements (only the candidates not judged are asked). A progress check that fails says so until a later one succeeds; a run
 * that no longer exists stops the checks and says so (usePoll), and so does a run opened through ?run= that does
 * not exist (deleted, or an id that never named one: the status call's 404), above the start form and the
 * past runs it points to. Past runs (PastRuns) reopen through ?run=, as the
 * matchFinished notification's link does; another run shown, reopened or started here, shows every
 * recommendation (the filter back to All) with nothing selected. A failed run says why in the
 * catalogue's words (its `error` is a key: backend/features/aiMatch/notice.ts), never an error's
 * own text, and a run the model judged no one
 * of adds the first failure's detail (`errorDetail`). Without a language model configured (the runs
 * list's `judge`, asked by the page itself too), the start form says so before a run starts, even
 * when the past runs could not be loaded. A refusal of a field is said at it, in the server's words: the job description
 * (or the file, or the project, whose text was read) at the start form, a list of requirements longer than its cap
 * (schema/rules/aiMatch.ts REQUIREMENT_CAPS) under the chips; other failures above the form.
 */
import { Alert, Box, Button, LinearProgress, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { hasText, t } from '../../../i18n';
import { errorMessage, fieldMessages } from '../../../ui/api/errors';
import { aiMatchApi, type MatchResult, type MatchRun, type Recommendation } from '../../api/aiMatch';
import { PageHeader } from '../../components/PageHeader';
import { isNotFound, usePoll } from '../../components/usePoll';
import { ProfilePanel } from '../search/ProfilePanel';
import { AddToProjectDialog } from './AddToProjectDialog';
import { MatchResults } from './MatchResults';
import { MatchStartForm } from './MatchStartForm';
import { PastRuns } from './PastRuns';
import { MatchedSummary } from './MatchedSummary';
import { RequirementChips } from './RequirementChips';

const P = 'portal.aiMatchPage';
const RECS = ['strong_yes', 'yes', 'maybe', 'no'] as const;
const RUNNING = ['queued', 'retrieving', 'judging'];
const POLL_MS = 2000;
/** A run still moving: running, or cancelled with calls in flight whose verdicts are still being written. */
const unsettled = (run: MatchRun | null) =>
  !!run && (RUNNING.includes(run.status) || (run.status === 'cancelled' && run.settled === false));

/** What an empty list says: a filter that holds none, a run cancelled or failed early, or no match at all. */
const emptyText = (run: MatchRun, filter: Recommendation | '') =>
  filter
    ? t(`${P}.emptyFilter`)
    : run.status === 'cancelled'
      ? t(`${P}.emptyCancelled`)
      : run.status === 'failed'
        ? t(`${P}.emptyFailed`)
        : t(`${P}.empty`);

/** Why a run failed: its error's key in words, else (a run failed before keys were stored) the generic reason. */
/** Fields the page shows a refusal at: the start form's sources, and each list of the requirements. */
const atField = (field: string) =>
  ['jobDescription', 'file', 'projectId'].includes(field) || field.startsWith('requirements');

const failedText = (error: string | null) =>
  t(`${P}.failedBecause`, { reason: t(error && hasText(error) ? error : 'aiMatch.runErrors.failed') });

export function AiMatchPage() {
  // The run's id lives in the address (?run=), so a reload or a shared link reopens the same match.
  const [params, setParams] = useSearchParams();
  const runParam = params.get('run');
  const [run, setRun] = useState<MatchRun | null>(null);
  const [results, setResults] = useState<MatchResult[] | null>(null);
  const [filter, setFilter] = useState<Recommendation | ''>('');
  const [profile, setProfile] = useState<string | undefined>();
  const [selected, setSelected] = useState<string[]>([]);
  const [adding, setAdding] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [judge, setJudge] = useState<'model' | 'product' | null>(null);
  // A refusal of the start form's or the requirements' own fields, shown at the field, by the server's field name.
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // The address's run that answered 404 when opened (deleted, or an id that never named a run).
  const [goneParam, setGoneParam] = useState<string | null>(null);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      await work();
    } catch (err) {
      // A refusal of a field on screen is said at that field; anything else above the form.
      const fields = fieldMessages(err);
      if (Object.keys(fields).some(atField)) setFieldErrors(fields);
      else setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  // Who judges a run started now, asked apart from the past runs (which also tell it): the start form's notice
  // that no language model is configured shows even when that list could not be loaded.
  useEffect(() => {
    const controller = new AbortController();
    aiMatchApi
      .runs(1, 1, undefined, controller.signal)
      .then((answer) => setJudge(answer.judge))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  const loadResults = useCallback(
    async (id: string, rec: Recommendation | '') => setResults((await aiMatchApi.results(id, rec || undefined)).data),
    [],
  );

  useEffect(() => {
    if (!runParam || run?.id === runParam) return;
    setRun(null);
    setResults(null);
    setGoneParam(null);
    void act(async () => {
      try {
        const opened = await aiMatchApi.status(runParam);
        setRun(opened);
        if (!RUNNING.includes(opened.status) && opened.status !== 'review') await loadResults(opened.id, '');
      } catch (err) {
        // A run that no longer exists says so as a run gone while polled does, with the way on: no generic error.
        if (!isNotFound(err)) throw err;
        setRun(null);
        setResults(null);
        setGoneParam(runParam);
      }
    });
    // Only a change of address reopens a run; the run shown changes it through `begin` below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runParam]);

  // Another run shown (started here or opened from the address) starts with nothing ticked and on every
  // recommendation: the last run's selection and filter do not carry over, so "Add selected" adds this run's.
  const shownId = run?.id;
  useEffect(() => {
    setSelected([]);
    setFilter('');
  }, [shownId]);

  /** Cancels the run and shows what it judged so far; polling goes on until the calls in flight are settled. */
  const cancel = (current: MatchRun) =>
    act(async () => {
      const cancelled = await aiMatchApi.cancel(current.id);
      // The cancel's answer does not name the project the run came from: the summary keeps it.
      setRun({ ...cancelled, projectTitle: cancelled.projectTitle ?? current.projectTitle });
      await loadResults(cancelled.id, filter);
    });

  const begin = (started: MatchRun) => {
    setRun(started);
    setParams({ run: started.id });
  };

  // The run's progress every two seconds while it runs. A failed check says so until the next one succeeds; a run
  // that no longer exists (404) stops the checks and says so (usePoll).
  const progress = usePoll(
    unsettled(run) ? run!.id : null,
    async () => {
      if (!run) return null;
      const next = await aiMatchApi.status(run.id);
      setRun(next);
      // A cancelled run is read until the calls in flight have written their verdicts, then its results again.
      if (unsettled(next)) return POLL_MS;
      loadResults(next.id, filter).catch((err: unknown) => setError(errorMessage(err)));
      return null;
    },
    { firstMs: POLL_MS },
  );

  const done = run && !RUNNING.includes(run.status) && run.status !== 'review';
  const openedGone = !!runParam && goneParam === runParam && !run;

  return (
    <Box>
      <PageHeader title={t('portal.screens.aiMatch.title')} subtitle={t(`${P}.subtitle`)} />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {openedGone && (
        <Alert severity="error" data-testid="ai-match-gone" sx={{ mb: 2 }}>
          {t(`${P}.runGone`)}
        </Alert>
      )}
      <MatchStartForm
        busy={busy}
        initialProject={params.get('project')}
        noModel={judge === 'product'}
        errors={fieldErrors}
        onStart={(input, years) =>
          void act(async () => {
            setResults(null);
            begin(await aiMatchApi.start(input, years));
          })
        }
      />
      {runParam && !run && !error && !openedGone && <LinearProgress sx={{ mt: 3 }} aria-label={t(`${P}.loading`)} />}

      {run?.status === 'review' && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="h6">{t(`${P}.requirements`)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`${P}.requirementsHelp`)}
          </Typography>
          <RequirementChips
            requirements={run.requirements}
            errors={fieldErrors}
            onChange={(requirements) => {
              setRun({ ...run, requirements });
              setFieldErrors({});
            }}
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
          {progress.gone ? (
            <Alert severity="error" data-testid="ai-match-gone">
              {t(`${P}.runGone`)}
            </Alert>
          ) : (
            progress.error !== undefined && (
              <Alert severity="warning" data-testid="ai-match-retrying">
                {t(`${P}.progressRetrying`)}
              </Alert>
            )
          )}
          {RUNNING.includes(run.status) && !progress.gone && (
            <Stack direction="row" spacing={2} alignItems="center">
              <LinearProgress
                aria-label={t(`${P}.progress`)}
                sx={{ flex: 1 }}
                variant={run.progress.toJudge ? 'determinate' : 'indeterminate'}
                value={
                  run.progress.toJudge
                    ? (100 * (run.progress.judged + run.progress.notJudged)) / run.progress.toJudge
                    : undefined
                }
              />
              <Button onClick={() => void cancel(run)}>{t(`${P}.cancel`)}</Button>
            </Stack>
          )}
          {run.status === 'failed' && (
            <Alert severity="error">
              {failedText(run.error)}
              {run.errorDetail && (
                <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                  {t(`${P}.failedDetail`, { detail: run.errorDetail })}
                </Box>
              )}
            </Alert>
          )}
          {/* A failed run that judged no one names no judge of verdicts it does not have. */}
          {(run.status !== 'failed' || run.progress.judged > 0) && (
            <Typography variant="body2" color="text.secondary">
              {run.judge === 'model' ? t(`${P}.judgeModel`, { model: run.model ?? '' }) : t(`${P}.judgeProduct`)}
            </Typography>
          )}
          {/* How many verdicts an earlier run's were copied (nothing they rest on changed) and how many were asked. */}
          {/* Judged afresh: verdicts given in this run, so the count never says more than were judged. */}
          {run.progress.judged > 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="ai-match-reuse">
              {t(`${P}.reuseCounts`, {
                reused: run.progress.reused,
                fresh: run.progress.judged - run.progress.reused,
              })}
            </Typography>
          )}
          {/* The same reviewed requirements again: verdicts given are reused, the candidates not judged asked again. */}
          {['failed', 'cancelled', 'done'].includes(run.status) &&
            !unsettled(run) &&
            (run.status !== 'done' || run.progress.notJudged > 0) && (
              <Box sx={{ mt: 1 }}>
                <Button
                  variant="outlined"
                  disabled={busy}
                  sx={{ minHeight: 44 }}
                  onClick={() => void act(async () => begin(await aiMatchApi.rerun(run.id)))}
                >
                  {t(`${P}.runAgain`)}
                </Button>
                <Typography variant="body2" color="text.secondary">
                  {t(`${P}.runAgainHelp`)}
                </Typography>
              </Box>
            )}
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
                // What was selected may not be listed under the new filter: start afresh.
                setSelected([]);
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
              onClick={() => setAdding(selected)}
            >
              {t(`${P}.addSelected`)}
            </Button>
          </Stack>
          {results.length === 0 ? (
            <Alert severity="info" data-testid="ai-match-empty">
              {emptyText(run, filter)}
            </Alert>
          ) : (
            <MatchResults
              results={results}
              selected={selected}
              onSelect={setSelected}
              onAdd={setAdding}
              onOpenProfile={setProfile}
            />
          )}
        </Box>
      )}

      <Box component="section" sx={{ mt: 5 }} aria-labelledby="ai-past-runs">
        <Typography variant="h6" component="h2" id="ai-past-runs" sx={{ mb: 1 }}>
          {t(`${P}.pastRuns`)}
        </Typography>
        <PastRuns refreshKey={`${run?.id ?? ''}:${run?.status ?? ''}`} onJudge={setJudge} />
      </Box>

      <AddToProjectDialog
        ids={adding}
        runProjectId={run?.projectId ?? null}
        onClose={() => setAdding(null)}
        onAdded={() => {
          setAdding(null);
          setSelected([]);
        }}
      />
      <ProfilePanel
        id={profile}
        currency={run?.requirements.salary?.currency ?? 'SGD'}
        onClose={() => setProfile(undefined)}
      />
    </Box>
  );
}
