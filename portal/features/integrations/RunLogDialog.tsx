/** The newest sync runs of one integration: counts per run and, per record, what happened. */
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Fragment, useEffect, useState } from 'react';
import { t } from '../../../i18n';
import { errorMessage } from '../../../ui/api/errors';
import { integrationsApi, type Integration, type SyncRun } from '../../api/integrations';
import { formatDateTime } from '../../../schema/rules/dates';

const P = 'portal.integrationsPage';
const COUNTS = ['created', 'updated', 'skipped', 'failed'] as const;

export function RunLogDialog({ integration, onClose }: { integration?: Integration; onClose(): void }) {
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
    <Dialog open={!!integration} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="runlog-title">
      <DialogTitle id="runlog-title">{t(`${P}.runLogTitle`, { ats: integration?.label ?? '' })}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{error}</Alert>}
        {!runs && !error && <CircularProgress aria-label={t(`${P}.runLog`)} />}
        {runs && !runs.length && <Typography color="text.secondary">{t(`${P}.noRuns`)}</Typography>}
        {runs && runs.length > 0 && (
          <Table size="small" aria-label={t(`${P}.runLog`)}>
            <TableHead>
              <TableRow>
                {(['started', 'trigger', 'status', ...COUNTS] as const).map((c) => (
                  <TableCell key={c}>{t(`${P}.runColumns.${c}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {runs.map((run) => (
                <Fragment key={run.id}>
                  <TableRow>
                    <TableCell>{formatDateTime(run.startedAt)}</TableCell>
                    <TableCell>{t(`${P}.triggers.${run.trigger}`)}</TableCell>
                    <TableCell>{t(`${P}.runStates.${run.status}`)}</TableCell>
                    {COUNTS.map((c) => (
                      <TableCell key={c}>{run[c]}</TableCell>
                    ))}
                  </TableRow>
                  {(run.error || run.entries.some((e) => e.outcome !== 'created' && e.outcome !== 'updated')) && (
                    <TableRow>
                      <TableCell colSpan={7} sx={{ py: 0 }}>
                        {run.error && <Alert severity="error">{run.error}</Alert>}
                        <List dense>
                          {run.entries
                            .filter((e) => e.outcome === 'failed' || e.outcome === 'skipped')
                            .map((e, i) => (
                              <ListItem key={i}>
                                <ListItemText
                                  primary={`${e.candidate ?? t(`${P}.anonymous`)} · ${e.project}`}
                                  secondary={`${t(`${P}.runColumns.${e.outcome as 'failed' | 'skipped'}`)}: ${e.reason ?? ''}`}
                                />
                              </ListItem>
                            ))}
                        </List>
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(`${P}.close`)}</Button>
      </DialogActions>
    </Dialog>
  );
}
