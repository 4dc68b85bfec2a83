/**
 * The newest sync runs of one integration, as a list that fits a phone: per run when and how it
 * started, how it ended and its counts, then every record not sent with its reason.
 */
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { t } from '../../../i18n';
import { errorMessage } from '../../../ui/api/errors';
import { integrationsApi, type Integration, type SyncRun } from '../../api/integrations';
import { formatDateTime } from '../../../schema/rules/dates';

const P = 'portal.integrationsPage';
const COUNTS = ['created', 'updated', 'skipped', 'failed'] as const;

function Run({ run }: { run: SyncRun }) {
  const notSent = run.entries.filter((e) => e.outcome === 'failed' || e.outcome === 'skipped');
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {formatDateTime(run.startedAt)} · {t(`${P}.triggers.${run.trigger}`)} · {t(`${P}.runStates.${run.status}`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {COUNTS.map((c) => `${t(`${P}.runColumns.${c}`)} ${run[c]}`).join(' · ')}
      </Typography>
      {run.error && (
        <Alert severity="error" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {run.error}
        </Alert>
      )}
      {notSent.length > 0 && (
        <List dense disablePadding>
          {notSent.map((e, i) => (
            <ListItem key={i} disableGutters>
              <ListItemText
                sx={{ overflowWrap: 'anywhere' }}
                primary={`${e.candidate ?? t(`${P}.anonymous`)} · ${e.project}`}
                secondary={`${t(`${P}.runColumns.${e.outcome as 'failed' | 'skipped'}`)}: ${e.reason ?? ''}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

export function RunLogDialog({ integration, onClose }: { integration?: Integration; onClose(): void }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [runs, setRuns] = useState<SyncRun[]>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    setRuns(undefined);
    setError(undefined);
    if (!integration) return;
    integrationsApi
      .runs(integration.id)
      .then((r) => setRuns(r.data))
      .catch((err: unknown) => setError(errorMessage(err)));
  }, [integration]);

  return (
    <Dialog
      open={!!integration}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
      aria-labelledby="runlog-title"
    >
      <DialogTitle id="runlog-title">{t(`${P}.runLogTitle`, { ats: integration?.label ?? '' })}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{error}</Alert>}
        {!runs && !error && <CircularProgress aria-label={t(`${P}.runLog`)} />}
        {runs && !runs.length && <Typography color="text.secondary">{t(`${P}.noRuns`)}</Typography>}
        {runs && runs.length > 0 && (
          <Box component="ul" aria-label={t(`${P}.runLog`)} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {runs.map((run) => (
              <Run key={run.id} run={run} />
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(`${P}.close`)}</Button>
      </DialogActions>
    </Dialog>
  );
}
