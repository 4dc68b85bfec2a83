/**
 * One ATS that connects for real, as a card that fits a phone: its name marked "Live sync", its
 * state, and once connected the account, when it last synced, how many candidates it holds from us
 * and the last sync's outcome (sent, skipped, failed, each failed record with its reason, or why
 * the run stopped). "Sync now" queues a sync and the card follows it until it has finished.
 * Its "Linked projects" (LinkedProjects) link the company's projects to the ATS's open jobs. An
 * integration whose credentials the vendor refused says so and offers "Connect again" (Lever signs
 * in again; the others' credentials are replaced in place, links kept); a connected one offers
 * "Replace credentials" for a key rotated in the vendor's screens. The last sync is read again
 * whenever the integration is (credentials replaced: same id, new state), and followed while a sync
 * is queued or running, whoever queued it; one the card did not start reads the integration again
 * once it has finished.
 */
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../../i18n';
import { formatDateTime } from '../../../schema/rules/dates';
import { actionErrorMessage } from '../../../ui/api/errors';
import { integrationsApi, type AtsKindRow, type Integration, type LastSync } from '../../api/integrations';
import { useNotify } from '../../app/notify';
import { LinkedProjects } from './LinkedProjects';

const P = 'portal.integrationsPage';
const CHIP = { connected: 'success', recorded: 'default', authError: 'error' } as const;
/** How often a sync under way is read again, and for how long at most. */
const POLL_MS = 2000;
const POLL_FOR_MS = 3 * 60_000;

export function StateChip({ integration }: { integration: Integration | null }) {
  if (!integration) return <Chip size="small" variant="outlined" label={t(`${P}.states.none`)} />;
  return <Chip size="small" color={CHIP[integration.status]} label={t(`${P}.states.${integration.status}`)} />;
}

/** The last sync's outcome of a connected integration, followed while a sync is queued or runs. */
function useLastSync(integration: Integration | null, onFinished: () => void) {
  const [last, setLast] = useState<LastSync>();
  const [waiting, setWaiting] = useState(false);
  const since = useRef<{ runId: number | undefined; until: number }>(undefined);
  const seen = useRef<LastSync>(undefined);
  const id = integration?.live ? integration.id : undefined;

  const read = useCallback(async () => {
    if (id === undefined) return;
    const now = await integrationsApi.lastSync(id);
    const before = seen.current;
    seen.current = now;
    setLast(now);
    const asked = since.current;
    if (!asked) {
      // A sync queued elsewhere (credentials replaced, the schedule) has finished: the integration is read again.
      if (before && before.sync !== 'idle' && now.sync === 'idle' && now.lastRun?.id !== before.lastRun?.id)
        onFinished();
      return;
    }
    const finished = now.sync === 'idle' && now.lastRun && now.lastRun.id !== asked.runId;
    if (finished || Date.now() > asked.until) {
      since.current = undefined;
      setWaiting(false);
      if (finished) onFinished();
    }
  }, [id, onFinished]);

  // The integration read again (connected again, credentials replaced) is its last sync read again.
  useEffect(() => {
    read().catch(() => undefined);
  }, [read, integration]);

  useEffect(() => {
    if (!waiting && (last?.sync ?? 'idle') === 'idle') return;
    const timer = setInterval(() => read().catch(() => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, last?.sync, read]);

  const started = () => {
    since.current = { runId: last?.lastRun?.id, until: Date.now() + POLL_FOR_MS };
    setWaiting(true);
  };
  return { last, waiting, started };
}

function Outcome({ last, waiting }: { last: LastSync | undefined; waiting: boolean }) {
  if (!last) return null;
  const run = last.lastRun;
  return (
    <Box data-testid="sync-outcome" sx={{ mt: 1.5 }}>
      {(waiting || last.sync !== 'idle') && (
        <Box role="status" sx={{ mb: 1 }}>
          <Typography variant="body2">{t(last.sync === 'running' ? `${P}.syncRunning` : `${P}.syncQueued`)}</Typography>
          <LinearProgress sx={{ mt: 0.5 }} aria-label={t(`${P}.syncRunning`)} />
        </Box>
      )}
      {!run && <Typography variant="body2">{t(`${P}.lastSyncNone`)}</Typography>}
      {run && (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t(`${P}.lastSync`, { date: formatDateTime(run.finishedAt ?? run.startedAt) ?? '' })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`${P}.lastSyncCounts`, { pushed: run.pushed, skipped: run.skipped, failed: run.failed })}
          </Typography>
          {run.error && (
            <Alert severity="error" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
              {t(`${P}.lastSyncStopped`, { error: run.error })}
            </Alert>
          )}
          {run.failures.length > 0 && (
            <Box sx={{ mt: 1 }}>
              <Typography variant="subtitle2" component="h4">
                {t(`${P}.notSent`)}
              </Typography>
              <List dense disablePadding>
                {run.failures.map((f, i) => (
                  <ListItem key={i} disableGutters>
                    <ListItemText
                      sx={{ overflowWrap: 'anywhere' }}
                      primary={`${f.candidate ?? t(`${P}.anonymous`)} · ${f.project}`}
                      secondary={f.reason ?? ''}
                    />
                  </ListItem>
                ))}
              </List>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}

export function LiveKindCard({
  kind,
  onConnect,
  onReplace,
  onRemove,
  onRunLog,
  onChanged,
}: {
  kind: AtsKindRow;
  onConnect(): void;
  onReplace(integration: Integration): void;
  onRemove(integration: Integration): void;
  onRunLog(integration: Integration): void;
  onChanged(): void;
}) {
  const notify = useNotify();
  const it = kind.integration;
  const { last, waiting, started } = useLastSync(it, onChanged);

  const syncNow = async () => {
    if (!it) return;
    try {
      await integrationsApi.sync(it.id);
      notify(t(`${P}.syncStarted`), 'success');
      started();
    } catch (err) {
      notify(actionErrorMessage(err), 'error');
    }
  };

  const label = kind.label;
  return (
    <Card variant="outlined" component="section" aria-label={label} data-ats={kind.key} sx={{ height: '100%' }}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h3" component="h3" sx={{ mr: 'auto' }}>
            {label}
          </Typography>
          <Chip size="small" color="info" variant="outlined" icon={<SyncOutlined />} label={t(`${P}.liveChip`)} />
          <StateChip integration={it} />
        </Stack>
        {it?.live && (
          <Box sx={{ mt: 1 }}>
            {it.account && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {t(`${P}.account`)}: {it.account}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {t(`${P}.lastSynced`)}: {it.lastSyncedAt ? formatDateTime(it.lastSyncedAt) : t(`${P}.never`)}
              {' · '}
              {t(`${P}.candidatesSynced`)}: {it.candidatesSynced}
            </Typography>
            {it.status === 'authError' && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {t(`${P}.replace.authError`, { ats: label })}
              </Alert>
            )}
            <Outcome last={last} waiting={waiting} />
            <LinkedProjects integration={it} refresh={last?.lastRun?.id} />
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {(!it || (it.status === 'authError' && kind.connect === 'signIn')) && (
          <Button size="small" variant="contained" onClick={onConnect} aria-label={`${t(`${P}.connect`)} ${label}`}>
            {t(`${P}.connect`)}
          </Button>
        )}
        {it?.live && kind.connect !== 'signIn' && (
          <Button
            size="small"
            variant={it.status === 'authError' ? 'contained' : 'text'}
            onClick={() => onReplace(it)}
            aria-label={`${t(it.status === 'authError' ? `${P}.replace.again` : `${P}.replace.action`)} ${label}`}
          >
            {t(it.status === 'authError' ? `${P}.replace.again` : `${P}.replace.action`)}
          </Button>
        )}
        {it?.live && (
          <>
            <Button
              size="small"
              variant="outlined"
              onClick={syncNow}
              disabled={waiting || (last !== undefined && last.sync !== 'idle')}
              aria-label={`${t(`${P}.syncNow`)} ${label}`}
            >
              {t(`${P}.syncNow`)}
            </Button>
            <Button size="small" onClick={() => onRunLog(it)} aria-label={`${t(`${P}.runLog`)} ${label}`}>
              {t(`${P}.runLog`)}
            </Button>
          </>
        )}
        {it && (
          <Button size="small" color="error" onClick={() => onRemove(it)} aria-label={`${t(`${P}.remove`)} ${label}`}>
            {t(`${P}.remove`)}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
