/**
 * "Your data" on the candidate's profile page: asking to be erased. The request is confirmed with
 * a code emailed to the candidate, then cools off for the period the schema sets; until it is
 * carried out the candidate sees its date and may cancel it. An admin's hold is shown without its
 * reason, which may concern others (a legal hold). A first read that fails says why with Try again (RetryAlert).
 */
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { startTransition, useEffect, useState, type FormEvent } from 'react';
import { formatDate } from '../../../schema/rules/dates';
import { ERASURE_COOLING_OFF_DAYS } from '../../../schema/rules/dataRights';
import { api } from '../../../ui/api/client';
import { actionErrorMessage, errorMessage } from '../../../ui/api/errors';
import { CodeInput } from '../../../ui/components/CodeInput';
import { t } from '../../../i18n';
import { useNotify } from '../../app/notify';
import { RetryAlert } from '../../components/RetryAlert';

interface Erasure {
  id: string;
  status: 'awaitingCode' | 'coolingOff' | 'held';
  dueAt: string | null;
}
interface Answer {
  erasure: Erasure | null;
}

const problemOf = (err: unknown) => actionErrorMessage(err);
const post = (path: string, body: Record<string, unknown> = {}) => api<Answer>(path, { method: 'POST', body });

export function DataRights({ email }: { email: string }) {
  const notify = useNotify();
  const [erasure, setErasure] = useState<Erasure | null>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    // The answer is drawn as a transition, in slices the browser can breathe between, not in one long task.
    api<Answer>('data-rights/me')
      .then((a) => live && startTransition(() => setErasure(a.erasure)))
      .catch((err: unknown) => live && setLoadError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [attempt]);

  const run = async (call: () => Promise<Answer>, done?: string) => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await call();
      setErasure(answer.erasure);
      setCode('');
      if (done) notify(done, 'success');
    } catch (err) {
      setError(problemOf(err));
    } finally {
      setBusy(false);
    }
  };
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) return setError(t('code.errors.invalid'));
    void run(() => post('data-rights/erasure/confirm', { code }));
  };
  const cancel = () => run(() => post('data-rights/erasure/cancel'), t('portal.dataRights.cancelled'));
  const ask = () => run(() => post('data-rights/erasure'));

  return (
    <Card component="section" aria-labelledby="data-rights-title" variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="data-rights-title" variant="h6" component="h2">
            {t('portal.dataRights.title')}
          </Typography>
          {!erasure && (
            <>
              <Typography color="text.secondary">
                {t('portal.dataRights.erasureIntro', { days: ERASURE_COOLING_OFF_DAYS })}
              </Typography>
              {loadError && erasure === undefined && (
                <RetryAlert
                  data-testid="data-rights-load-error"
                  onRetry={() => {
                    setLoadError(undefined);
                    setAttempt((n) => n + 1);
                  }}
                >
                  {loadError}
                </RetryAlert>
              )}
              {error && <Alert severity="error">{error}</Alert>}
              <Box>
                <Button variant="outlined" color="error" onClick={ask} disabled={busy || erasure === undefined}>
                  {t('portal.dataRights.requestErasure')}
                </Button>
              </Box>
            </>
          )}
          {erasure?.status === 'awaitingCode' && (
            <Box component="form" onSubmit={confirm} noValidate>
              <Stack spacing={2}>
                <Typography>{t('portal.dataRights.codeSent', { email })}</Typography>
                <CodeInput value={code} onChange={setCode} error={error} disabled={busy} autoFocus />
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <Button type="submit" variant="contained" color="error" disabled={busy}>
                    {t('portal.dataRights.confirm')}
                  </Button>
                  <Button onClick={ask} disabled={busy} color="inherit">
                    {t('portal.dataRights.resend')}
                  </Button>
                  <Button onClick={cancel} disabled={busy} color="inherit">
                    {t('portal.dataRights.cancel')}
                  </Button>
                </Stack>
              </Stack>
            </Box>
          )}
          {(erasure?.status === 'coolingOff' || erasure?.status === 'held') && (
            <>
              <Alert severity={erasure.status === 'held' ? 'info' : 'warning'}>
                {erasure.status === 'held'
                  ? t('portal.dataRights.held')
                  : t('portal.dataRights.coolingOff', { date: formatDate(erasure.dueAt ?? '') ?? '' })}
              </Alert>
              {error && <Alert severity="error">{error}</Alert>}
              <Box>
                <Button variant="contained" onClick={cancel} disabled={busy}>
                  {t('portal.dataRights.cancel')}
                </Button>
              </Box>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
