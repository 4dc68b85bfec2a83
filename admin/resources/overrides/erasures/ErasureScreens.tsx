/**
 * The erasure queue: every candidate's erasure request, newest first, with what an admin may do to
 * each. Hold asks for the reason, which is recorded with the hold; release puts the request back
 * in its cooling-off period (due at once when it has passed); carry out erases the person now,
 * asking again when the candidate's cooling-off period has not ended. The server decides. The
 * same actions are on a request's own page, where a phone's one-line list opens.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { entityByResource } from '../../../../schema';
import { ERASURE_STATUS } from '../../../../schema/rules/dataRights';
import { t } from '../../../../i18n';
import { apiCall } from '../../../providers/http';
import { EntityList } from '../../EntityList';
import { EntityShow } from '../../EntityScreens';

const def = entityByResource('erasure-requests')!;

/** Clicks inside stay here, so the row does not open the record underneath. */
function Contained({ children }: { children: ReactNode }) {
  const stop = (e: MouseEvent) => e.stopPropagation();
  return (
    <span onClick={stop} onKeyDown={(e) => e.stopPropagation()} role="presentation">
      {children}
    </span>
  );
}

const messageOf = (err: unknown) => {
  const body = (err as { body?: { errors?: Record<string, string> } }).body;
  const field = body?.errors && Object.entries(body.errors).find(([k]) => k !== 'root')?.[1];
  return typeof field === 'string' ? field : (err as Error).message;
};

function RowActions() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [holding, setHolding] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const id = encodeURIComponent(String(record.id));
  const status = record.status as number;
  const call = async (path: string, body: Record<string, unknown>, done: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await apiCall(`/data-rights/erasures/${id}/${path}`, { method: 'POST', body });
      notify(done, { type: 'success' });
      setHolding(false);
      setReason('');
      refresh();
    } catch (err) {
      if (holding) setError(messageOf(err));
      else notify(messageOf(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const carryOut = () => {
    const early = !!record.dueAt && new Date(record.dueAt as string) > new Date();
    if (!window.confirm(t(early ? 'erasureQueue.confirmEarly' : 'erasureQueue.confirm'))) return;
    void call('carry-out', { early }, t('erasureQueue.erased'));
  };
  return (
    <Contained>
      <Stack direction="row" spacing={0.5}>
        {(status === ERASURE_STATUS.coolingOff || status === ERASURE_STATUS.awaitingCode) && (
          <Button size="small" onClick={() => setHolding(true)} disabled={busy}>
            {t('erasureQueue.hold')}
          </Button>
        )}
        {status === ERASURE_STATUS.held && (
          <Button size="small" onClick={() => call('release', {}, t('erasureQueue.released'))} disabled={busy}>
            {t('erasureQueue.release')}
          </Button>
        )}
        {status === ERASURE_STATUS.coolingOff && (
          <Button size="small" color="error" onClick={carryOut} disabled={busy}>
            {t('erasureQueue.carryOut')}
          </Button>
        )}
      </Stack>
      <Dialog open={holding} onClose={() => !busy && setHolding(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('erasureQueue.holdTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('entities.erasureRequest.fields.heldReason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={!!error}
            helperText={error}
            multiline
            minRows={2}
            autoFocus
            fullWidth
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setHolding(false)} disabled={busy} color="inherit">
            {t('erasureQueue.back')}
          </Button>
          <Button
            variant="contained"
            onClick={() => call('hold', { reason }, t('erasureQueue.heldDone'))}
            disabled={busy}
          >
            {t('erasureQueue.hold')}
          </Button>
        </DialogActions>
      </Dialog>
    </Contained>
  );
}

export function ErasureQueue() {
  return <EntityList entity={def} rowActions={{ label: t('erasureQueue.actions'), render: () => <RowActions /> }} />;
}

export function ErasureShow() {
  return <EntityShow entity={def} actions={<RowActions />} />;
}
