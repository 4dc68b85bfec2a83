/**
 * /integrations: a company's applicant-tracking-system connections (spec sections 2, 7, 9), for
 * its Owners and Admins. The 19 kinds in the server's order (alphabetical, Other last), each with
 * its state, last synced time and candidates synced; Connect opens the dialog its kind needs
 * (ConnectDialog), a connected one offers Sync now, its run log (RunLogDialog) and Remove after a
 * confirmation. Lever's sign-in comes back here with `?lever=connected|failed`.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { t } from '../../../i18n';
import { errorMessage } from '../../../ui/api/errors';
import { ConfirmDialog } from '../../../ui/components/ConfirmDialog';
import { integrationsApi, type AtsKindRow, type Integration, type IntegrationList } from '../../api/integrations';
import { useNotify } from '../../app/notify';
import { PageHeader } from '../../components/PageHeader';
import { ConnectDialog } from './ConnectDialog';
import { RunLogDialog } from './RunLogDialog';
import { formatDateTime } from '../../../schema/rules/dates';

const P = 'portal.integrationsPage';
const CHIP = { connected: 'success', recorded: 'default', authError: 'error' } as const;

function StateChip({ integration }: { integration: Integration | null }) {
  if (!integration) return <Chip size="small" variant="outlined" label={t(`${P}.states.none`)} />;
  return <Chip size="small" color={CHIP[integration.status]} label={t(`${P}.states.${integration.status}`)} />;
}

export function IntegrationsPage() {
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const [list, setList] = useState<IntegrationList>();
  const [error, setError] = useState<string>();
  const [connecting, setConnecting] = useState<AtsKindRow>();
  const [removing, setRemoving] = useState<Integration>();
  const [logOf, setLogOf] = useState<Integration>();
  const [busy, setBusy] = useState(false);
  const lever = params.get('lever');

  const load = useCallback(() => {
    setError(undefined);
    integrationsApi
      .list()
      .then(setList)
      .catch((err: unknown) => setError(errorMessage(err)));
  }, []);
  useEffect(load, [load]);

  const syncNow = async (integration: Integration) => {
    try {
      await integrationsApi.sync(integration.id);
      notify(t(`${P}.syncStarted`), 'success');
    } catch (err) {
      notify(errorMessage(err), 'error');
    }
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await integrationsApi.remove(removing.id);
      notify(t(`${P}.removed`, { ats: removing.label }), 'success');
      setRemoving(undefined);
      load();
    } catch (err) {
      notify(errorMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <PageHeader title={t('portal.screens.integrations.title')} subtitle={t(`${P}.subtitle`)} />
      {(lever === 'connected' || lever === 'failed') && (
        <Alert
          severity={lever === 'connected' ? 'success' : 'error'}
          sx={{ mb: 2 }}
          onClose={() => setParams({}, { replace: true })}
        >
          {t(lever === 'connected' ? `${P}.leverConnected` : `${P}.leverFailed`)}
        </Alert>
      )}
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={load}>
              {t(`${P}.retry`)}
            </Button>
          }
        >
          {t(`${P}.loadError`)} {error}
        </Alert>
      )}
      {!list && !error && <CircularProgress aria-label={t('portal.screens.integrations.title')} />}
      {list && (
        <Card variant="outlined">
          <TableContainer>
            <Table aria-label={t('portal.screens.integrations.title')}>
              <TableHead>
                <TableRow>
                  {(['ats', 'status', 'lastSynced', 'candidatesSynced', 'actions'] as const).map((c) => (
                    <TableCell key={c} align={c === 'actions' ? 'right' : 'left'}>
                      {t(`${P}.columns.${c}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {list.kinds.map((kind) => {
                  const it = kind.integration;
                  return (
                    <TableRow key={kind.key} data-ats={kind.key}>
                      <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                        {kind.label}
                      </TableCell>
                      <TableCell>
                        <StateChip integration={it} />
                      </TableCell>
                      <TableCell>
                        {it?.live ? (it.lastSyncedAt ? formatDateTime(it.lastSyncedAt) : t(`${P}.never`)) : '—'}
                      </TableCell>
                      <TableCell>{it?.live ? it.candidatesSynced : '—'}</TableCell>
                      <TableCell align="right">
                        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                          {(!it || (it.status === 'authError' && kind.connect === 'signIn')) && (
                            <Button
                              size="small"
                              variant="outlined"
                              onClick={() => setConnecting(kind)}
                              aria-label={`${t(`${P}.connect`)} ${kind.label}`}
                            >
                              {t(`${P}.connect`)}
                            </Button>
                          )}
                          {it?.live && (
                            <>
                              <Button
                                size="small"
                                onClick={() => syncNow(it)}
                                aria-label={`${t(`${P}.syncNow`)} ${kind.label}`}
                              >
                                {t(`${P}.syncNow`)}
                              </Button>
                              <Button
                                size="small"
                                onClick={() => setLogOf(it)}
                                aria-label={`${t(`${P}.runLog`)} ${kind.label}`}
                              >
                                {t(`${P}.runLog`)}
                              </Button>
                            </>
                          )}
                          {it && (
                            <Button
                              size="small"
                              color="error"
                              onClick={() => setRemoving(it)}
                              aria-label={`${t(`${P}.remove`)} ${kind.label}`}
                            >
                              {t(`${P}.remove`)}
                            </Button>
                          )}
                        </Stack>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </Card>
      )}
      <ConnectDialog
        kind={connecting}
        leverSignIn={list?.leverSignIn ?? false}
        onClose={() => setConnecting(undefined)}
        onDone={load}
      />
      <RunLogDialog integration={logOf} onClose={() => setLogOf(undefined)} />
      <ConfirmDialog
        open={!!removing}
        title={t(`${P}.removeTitle`, { ats: removing?.label ?? '' })}
        message={t(`${P}.removeMessage`, { ats: removing?.label ?? '' })}
        confirmLabel={t(`${P}.remove`)}
        destructive
        busy={busy}
        onConfirm={remove}
        onClose={() => setRemoving(undefined)}
      />
    </Box>
  );
}
