/**
 * "Download what we hold about you" on the candidate's profile page: the candidate asks for everything held
 * about them; a job prepares the ZIP while the page shows its progress; once ready the page
 * downloads it and says until when the emailed link works. A copy past its date (expired by the
 * retention job, or not yet) says when it expired and offers no download; it can be asked for again.
 * A download refused (the copy expired meanwhile) reloads the state. A first read that fails says why with Try again
 * (RetryAlert), which reads the state again.
 */
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { formatDate } from '../../../schema/rules/dates';
import { api, send } from '../../../ui/api/client';
import { saveResponse } from '../../../ui/api/saveBlob';
import { actionErrorMessage, errorMessage } from '../../../ui/api/errors';
import { t } from '../../../i18n';
import { RetryAlert } from '../../components/RetryAlert';

interface Export {
  id: string;
  status: 'queued' | 'preparing' | 'ready' | 'failed' | 'expired';
  progress: number;
  expiresAt: string | null;
}
interface Answer {
  linkHours: number;
  export: Export | null;
}

const problemOf = (err: unknown) => actionErrorMessage(err);
const pending = (e: Export | null | undefined) => e?.status === 'queued' || e?.status === 'preparing';
/** Past its date: expired by the retention job, or ready but its link no longer works. */
const lapsed = (e: Export | null | undefined) =>
  e?.status === 'expired' || (e?.status === 'ready' && !!e.expiresAt && Date.parse(e.expiresAt) <= Date.now());

async function downloadZip() {
  await saveResponse(await send('data-rights/export/file'), 'my-data.zip');
}

export function DataExport() {
  const [answer, setAnswer] = useState<Answer>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState<string>();
  const load = useCallback(
    () =>
      // The answer is drawn as a transition, in slices the browser can breathe between, not in one long task.
      api<Answer>('data-rights/export')
        .then((a) =>
          startTransition(() => {
            setAnswer(a);
            setLoadError(undefined);
          }),
        )
        .catch((err: unknown) => setLoadError(errorMessage(err))),
    [],
  );
  useEffect(() => void load(), [load]);
  // While the job works, its progress is read again every second.
  useEffect(() => {
    if (!pending(answer?.export)) return;
    const timer = setInterval(() => void load(), 1000);
    return () => clearInterval(timer);
  }, [answer?.export, load]);

  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await call();
    } catch (err) {
      setError(problemOf(err));
    } finally {
      setBusy(false);
    }
  };
  const ask = () => run(async () => setAnswer(await api<Answer>('data-rights/export', { method: 'POST', body: {} })));
  const current = answer?.export;
  const ready = current?.status === 'ready' && !lapsed(current);
  const download = () =>
    run(() =>
      downloadZip().catch((err: unknown) => {
        void load();
        throw err;
      }),
    );

  return (
    <Card component="section" aria-labelledby="data-export-title" variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="data-export-title" variant="h6" component="h2">
            {t('portal.dataExport.title')}
          </Typography>
          <Typography color="text.secondary">
            {t('portal.dataExport.intro', { hours: answer?.linkHours ?? 72 })}
          </Typography>
          {pending(current) && (
            <Box>
              <Typography id="data-export-progress" sx={{ mb: 1 }}>
                {t('portal.dataExport.preparing', { progress: current!.progress })}
              </Typography>
              <LinearProgress variant="determinate" value={current!.progress} aria-labelledby="data-export-progress" />
            </Box>
          )}
          {ready && (
            <Alert severity="success">
              {t('portal.dataExport.ready', { date: formatDate(current.expiresAt ?? '') ?? '' })}
            </Alert>
          )}
          {lapsed(current) && (
            <Alert severity="info">
              {t('portal.dataExport.expired', { date: formatDate(current!.expiresAt ?? '') ?? '' })}
            </Alert>
          )}
          {current?.status === 'failed' && <Alert severity="error">{t('portal.dataExport.failed')}</Alert>}
          {loadError && (
            <RetryAlert
              data-testid="data-export-load-error"
              onRetry={() => {
                setLoadError(undefined);
                void load();
              }}
            >
              {loadError}
            </RetryAlert>
          )}
          {error && <Alert severity="error">{error}</Alert>}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {ready && (
              <Button variant="contained" onClick={download} disabled={busy}>
                {t('portal.dataExport.download')}
              </Button>
            )}
            {!pending(current) && (
              <Button variant="outlined" onClick={ask} disabled={busy || !answer}>
                {t(current ? 'portal.dataExport.again' : 'portal.dataExport.request')}
              </Button>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
