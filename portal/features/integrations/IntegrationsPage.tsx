/**
 * /integrations: a company's applicant-tracking-system connections (spec sections 2, 7, 9), for
 * its Owners and Admins. First the four kinds that connect for real (Workable, Ashby, Greenhouse,
 * Lever), each a card marked "Live sync" with its state, last sync's outcome and Sync now
 * (LiveKindCard); then, under "Record which ATS you use", the kinds that are only recorded as the
 * company's ATS ("Other" with the name of the system). Connect or record opens the dialog its
 * kind needs (ConnectDialog), Replace credentials (or Connect again, after the vendor refused them) the same
 * dialog replacing them in place, Run log the runs (RunLogDialog), Remove asks first. Cards and rows
 * wrap on a phone: nothing scrolls sideways. Lever's sign-in comes back with `?lever=connected|failed|noMember`.
 */
import { Alert, Box, Button, Card, CircularProgress, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { t } from '../../../i18n';
import { errorMessage } from '../../../ui/api/errors';
import { ConfirmDialog } from '../../../ui/components/ConfirmDialog';
import { integrationsApi, type AtsKindRow, type Integration, type IntegrationList } from '../../api/integrations';
import { useNotify } from '../../app/notify';
import { PageHeader } from '../../components/PageHeader';
import { ConnectDialog } from './ConnectDialog';
import { LiveKindCard, StateChip } from './LiveKindCard';
import { RunLogDialog } from './RunLogDialog';
import { connects } from './vendors';

const P = 'portal.integrationsPage';
/** What Lever's sign-in came back with (`?lever=`): connected, failed, or no Lever user with the person's email. */
const LEVER_OUTCOMES: Record<string, string> = {
  connected: `${P}.leverConnected`,
  failed: `${P}.leverFailed`,
  noMember: `${P}.leverNoMember`,
};

/** A kind recorded without a live connection: its name (or the name given to "Other"), its state, one action. */
function RecordedRow({
  kind,
  onRecord,
  onRemove,
}: {
  kind: AtsKindRow;
  onRecord(): void;
  onRemove(integration: Integration): void;
}) {
  const it = kind.integration;
  const label = kind.label;
  return (
    <Stack
      component="li"
      direction="row"
      data-ats={kind.key}
      sx={{
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
        px: 2,
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Typography sx={{ fontWeight: 600, mr: 'auto', overflowWrap: 'anywhere' }}>
        {it && it.label !== label ? `${label}: ${it.label}` : label}
      </Typography>
      {it && <StateChip integration={it} />}
      {it ? (
        <Button size="small" color="error" onClick={() => onRemove(it)} aria-label={`${t(`${P}.remove`)} ${label}`}>
          {t(`${P}.remove`)}
        </Button>
      ) : (
        <Button size="small" variant="outlined" onClick={onRecord} aria-label={`${t(`${P}.record`)}: ${label}`}>
          {t(`${P}.record`)}
        </Button>
      )}
    </Stack>
  );
}

export function IntegrationsPage() {
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const [list, setList] = useState<IntegrationList>();
  const [error, setError] = useState<string>();
  const [connecting, setConnecting] = useState<AtsKindRow>();
  const [replacing, setReplacing] = useState<Integration>();
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

  const live = list?.kinds.filter(connects) ?? [];
  const recorded = list?.kinds.filter((k) => !connects(k)) ?? [];
  return (
    <Box>
      <PageHeader title={t('portal.screens.integrations.title')} subtitle={t(`${P}.subtitle`)} />
      {lever && Object.hasOwn(LEVER_OUTCOMES, lever) && (
        <Alert
          severity={lever === 'connected' ? 'success' : 'error'}
          sx={{ mb: 2 }}
          onClose={() => setParams({}, { replace: true })}
        >
          {t(LEVER_OUTCOMES[lever])}
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
        <>
          <Box component="section" aria-labelledby="live-title" sx={{ mb: 4 }}>
            <Typography id="live-title" variant="h2" component="h2">
              {t(`${P}.liveTitle`)}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
              {t(`${P}.liveText`)}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
              }}
            >
              {live.map((kind) => (
                <LiveKindCard
                  key={kind.key}
                  kind={kind}
                  onConnect={() => setConnecting(kind)}
                  onReplace={(it) => {
                    setReplacing(it);
                    setConnecting(kind);
                  }}
                  onRemove={setRemoving}
                  onRunLog={setLogOf}
                  onChanged={load}
                />
              ))}
            </Box>
          </Box>
          <Box component="section" aria-labelledby="record-title">
            <Typography id="record-title" variant="h2" component="h2">
              {t(`${P}.recordSection`)}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
              {t(`${P}.recordText`)}
            </Typography>
            <Card variant="outlined">
              <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} aria-labelledby="record-title">
                {recorded.map((kind) => (
                  <RecordedRow key={kind.key} kind={kind} onRecord={() => setConnecting(kind)} onRemove={setRemoving} />
                ))}
              </Box>
            </Card>
          </Box>
        </>
      )}
      <ConnectDialog
        kind={connecting}
        replacing={replacing}
        leverSignIn={list?.leverSignIn ?? false}
        onClose={() => {
          setConnecting(undefined);
          setReplacing(undefined);
        }}
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
