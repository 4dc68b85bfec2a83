/**
 * /talent/import: an admin picks a CSV or JSON Lines file and starts its import; the import runs
 * in the background while this screen polls its progress (a bar by bytes read, the counts as they
 * happen) and ends with the totals, the rows imported that look like a profile already held (each
 * linked to its twin and to the pair in the duplicate queue) and the report to download. The sample file (the
 * repository's seeds/import/sample-candidates.csv, bundled as text) downloads from the screen.
 * The run's id is kept in the address (`?run=<id>`), so leaving the screen, coming back through the
 * browser's history or reloading shows the same run again and resumes polling it; below the form,
 * "Recent imports" (RecentImports.tsx) lists the last imports, each opening here.
 */
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Link,
  List,
  ListItem,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { HttpError, LinkBase, Title, useBasename, useNavigate } from 'react-admin';
import { formatCount, t } from '../../../../i18n';
import { saveBlob } from '../../../../ui/api/saveBlob';
import { useDocumentTitle } from '../../../layout/useDocumentTitle';
import { connectionLostText, isNoAnswer } from '../../../providers/http';
import { importReportUrl, importStatus, startImport, type CandidateImport, type ImportedTwinRow } from './talentApi';
import { RecentImports } from './RecentImports';
import { talentPaths } from './talentPaths';
import sampleCsv from '../../../../seeds/import/sample-candidates.csv?raw';

const POLL_MS = 500;
const ACCEPT = '.csv,.jsonl,.ndjson,text/csv,application/x-ndjson';

/**
 * The words of a refusal: the file field's own message when the API named it, or the API's whole
 * sentence when the refusal is the file's own (a limit, a column named twice: its code is the field's).
 */
function messageOf(err: unknown): string {
  if (err instanceof HttpError) {
    const body = err.body as { code?: string; errors?: Record<string, unknown> } | undefined;
    const fields = body?.errors;
    if (typeof fields?.file === 'string') return body?.code?.endsWith('.validation') ? fields.file : err.message;
    return err.message;
  }
  return isNoAnswer(err) ? connectionLostText() : t('errors.internalServerError');
}

/** Saves the sample file: made in the page, so it needs no request and is always the one this build knows. */
function downloadSample(): void {
  saveBlob(new Blob([sampleCsv], { type: 'text/csv;charset=utf-8' }), 'sample-candidates.csv');
}

const numbers = (run: CandidateImport) => ({
  rows: run.rows,
  created: formatCount(run.created),
  updated: formatCount(run.updated),
  rejected: formatCount(run.rejected),
});

/** Polls the import until it is done or failed, handing each answer to `onChange`. */
function usePolling(run: CandidateImport | undefined, onChange: (next: CandidateImport) => void): void {
  const id = run?.id;
  const active = run?.status === 'queued' || run?.status === 'running';
  useEffect(() => {
    if (!id || !active) return undefined;
    let stopped = false;
    const timer = setInterval(() => {
      importStatus(id)
        .then((next) => {
          if (!stopped) onChange(next);
        })
        .catch(() => {
          // A missed poll is retried on the next tick.
        });
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [id, active, onChange]);
}

function Progress({ run }: { run: CandidateImport }) {
  const percent = run.totalBytes ? Math.min(100, Math.round((run.bytesRead / run.totalBytes) * 100)) : 0;
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1">
        {run.status === 'queued' ? t('imports.queued') : t('imports.running', { fileName: run.fileName })}
      </Typography>
      <LinearProgress
        aria-label={t('imports.title')}
        variant={run.status === 'queued' ? 'indeterminate' : 'determinate'}
        value={percent}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" color="text.secondary" role="status">
        {t('imports.progress', numbers(run))}
      </Typography>
    </Stack>
  );
}

/** A twin as the API names it: `otherName` is the gate's label (the name an admin may read), null when unknown. */
type NamedTwin = ImportedTwinRow['twins'][number] & { otherName?: string | null };

/** The rows imported with likely twins: each twin named and linked, with the reasons and a way to the pair's review. */
function LikelyDuplicates({ run }: { run: CandidateImport }) {
  const basename = useBasename();
  return (
    <Alert severity="info" role="region" aria-label={t('imports.duplicatesTitle')}>
      <AlertTitle>{t('imports.duplicatesTitle')}</AlertTitle>
      <Typography variant="body2">{t('imports.likelyDuplicates', { count: run.likelyDuplicates })}</Typography>
      <List dense disablePadding>
        {run.duplicates.map((n) => (
          <ListItem key={n.row} disableGutters sx={{ display: 'block' }}>
            <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
              {t('imports.duplicateRow', { row: n.row, email: n.email })}
            </Typography>
            {(n.twins as NamedTwin[]).map((tw) => (
              <Typography key={tw.pairId} variant="body2" component="div">
                {t('imports.duplicateOf')}{' '}
                <Link component={LinkBase} to={`${basename}${talentPaths.show(tw.otherId)}`}>
                  {tw.otherName ?? tw.otherId}
                </Link>
                {tw.otherRow !== null && ` (${t('imports.duplicateOnRow', { row: tw.otherRow })})`}:{' '}
                {tw.reasons.map((r) => t(`duplicates.reasons.${r}`)).join(', ')}, {tw.confidence}%{' '}
                <Link component={LinkBase} to={`${basename}/duplicates/${encodeURIComponent(tw.pairId)}`}>
                  {t('imports.review')}
                </Link>
              </Typography>
            ))}
          </ListItem>
        ))}
      </List>
      {run.likelyDuplicates > run.duplicates.length && (
        <Typography variant="body2">
          {t('imports.duplicatesMore', {
            shown: formatCount(run.duplicates.length),
            count: formatCount(run.likelyDuplicates),
          })}
        </Typography>
      )}
    </Alert>
  );
}

function Outcome({ run, onAnother }: { run: CandidateImport; onAnother(): void }) {
  const navigate = useNavigate();
  const basename = useBasename();
  return (
    <Stack spacing={2}>
      {run.status === 'done' ? (
        <Alert severity={run.rejected ? 'warning' : 'success'}>
          <AlertTitle>{t('imports.done')}</AlertTitle>
          {t('imports.summary', numbers(run))} {run.rejected ? '' : t('imports.noRejections')}
        </Alert>
      ) : (
        <Alert severity="error">{t('imports.failed', { error: run.error ?? t('errors.internalServerError') })}</Alert>
      )}
      {run.status === 'done' && run.likelyDuplicates > 0 && <LikelyDuplicates run={run} />}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {run.reportAvailable && (run.rejected > 0 || run.likelyDuplicates > 0) && (
          <Button variant="contained" startIcon={<DownloadOutlined />} href={importReportUrl(run.id)} download>
            {t(run.likelyDuplicates > 0 ? 'imports.downloadFullReport' : 'imports.downloadReport')}
          </Button>
        )}
        <Button variant="outlined" onClick={onAnother}>
          {t('imports.another')}
        </Button>
        <Button onClick={() => navigate(`${basename}${talentPaths.list}`)}>{t('imports.backToTalent')}</Button>
      </Stack>
    </Stack>
  );
}

/** Loads the run named in the address when the screen does not hold it yet (a reload, a way back, a recent import opened). */
function useResumedRun(
  runId: string | undefined,
  run: CandidateImport | undefined,
  setRun: (next: CandidateImport | undefined) => void,
  setProblem: (problem: string | undefined) => void,
): void {
  const held = run?.id;
  useEffect(() => {
    if (!runId) {
      if (held) setRun(undefined);
      return undefined;
    }
    if (held === runId) return undefined;
    let stopped = false;
    importStatus(runId)
      .then((next) => !stopped && setRun(next))
      .catch((err: unknown) => !stopped && setProblem(messageOf(err)));
    return () => {
      stopped = true;
    };
  }, [runId, held, setRun, setProblem]);
}

export function TalentImport() {
  useDocumentTitle(t('imports.title'));
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [run, setRun] = useState<CandidateImport>();
  const [params, setParams] = useSearchParams();
  const runId = params.get('run') ?? undefined;
  usePolling(run, setRun);
  useResumedRun(runId, run, setRun, setProblem);

  const start = async () => {
    if (!file) return;
    setUploading(true);
    setProblem(undefined);
    try {
      const started = await startImport(file);
      setRun(started);
      setParams({ run: started.id });
    } catch (err) {
      setProblem(messageOf(err));
    } finally {
      setUploading(false);
    }
  };
  const another = () => {
    setRun(undefined);
    setParams({});
    setFile(undefined);
    if (input.current) input.current.value = '';
  };

  return (
    <Box sx={{ maxWidth: 760, mt: 2 }}>
      <Title title={t('imports.title')} />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h6" component="h1">
              {t('imports.title')}
            </Typography>
            <Typography variant="body2">{t('imports.intro')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('imports.formatHelp')}
            </Typography>
            <Box>
              <Button size="small" startIcon={<DownloadOutlined />} onClick={downloadSample}>
                {t('imports.downloadSample')}
              </Button>
            </Box>
            {!run && (!runId || problem) && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Button
                  variant="outlined"
                  startIcon={<UploadFileOutlined />}
                  onClick={() => input.current?.click()}
                  disabled={uploading}
                >
                  {t('imports.chooseFile')}
                </Button>
                <Typography variant="body2">{file?.name}</Typography>
                <input
                  ref={input}
                  type="file"
                  hidden
                  accept={ACCEPT}
                  aria-label={t('imports.chooseFile')}
                  onChange={(e) => {
                    setFile(e.target.files?.[0]);
                    setProblem(undefined);
                  }}
                />
                <Box sx={{ flex: 1 }} />
                <Button variant="contained" onClick={start} disabled={!file || uploading}>
                  {uploading ? t('imports.starting') : t('imports.start')}
                </Button>
              </Stack>
            )}
            {problem && <Alert severity="error">{problem}</Alert>}
            {run && (run.status === 'queued' || run.status === 'running') && <Progress run={run} />}
            {run && (run.status === 'done' || run.status === 'failed') && <Outcome run={run} onAnother={another} />}
          </Stack>
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <RecentImports
            refresh={`${run?.id ?? ''}:${run?.status ?? ''}`}
            openPath={(id) => `?run=${encodeURIComponent(id)}`}
          />
        </CardContent>
      </Card>
    </Box>
  );
}
