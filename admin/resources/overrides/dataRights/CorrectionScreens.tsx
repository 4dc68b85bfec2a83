/**
 * The correction queue: candidates' requests to correct a field only admins write, newest first.
 * Apply writes the value (the candidate's proposal unless the admin changes it) through the
 * profile's own rules, which may refuse it; decline asks for the reason the candidate reads. The
 * same actions are on a request's own page, where a phone's one-line list opens.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { entityByResource } from '../../../../schema';
import { CORRECTION_STATUS } from '../../../../schema/rules/dataExport';
import { t } from '../../../../i18n';
import { apiCall } from '../../../providers/http';
import { EntityList } from '../../EntityList';
import { EntityShow } from '../../EntityScreens';

const def = entityByResource('data-corrections')!;

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

type Mode = 'apply' | 'decline';

function RowActions() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [mode, setMode] = useState<Mode>();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== CORRECTION_STATUS.open) return null;
  const id = encodeURIComponent(String(record.id));
  const open = (next: Mode) => {
    setMode(next);
    setError(undefined);
    setText(next === 'apply' ? String(record.proposedValue ?? '') : '');
  };
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const body = mode === 'apply' ? { value: text } : { reason: text };
      await apiCall(`/data-rights/corrections/${id}/${mode}`, { method: 'POST', body });
      notify(t(mode === 'apply' ? 'correctionQueue.applied' : 'correctionQueue.declined'), { type: 'success' });
      setMode(undefined);
      refresh();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Contained>
      <Stack direction="row" spacing={0.5}>
        <Button size="small" onClick={() => open('apply')} disabled={busy}>
          {t('correctionQueue.apply')}
        </Button>
        <Button size="small" color="warning" onClick={() => open('decline')} disabled={busy}>
          {t('correctionQueue.decline')}
        </Button>
      </Stack>
      <Dialog open={!!mode} onClose={() => !busy && setMode(undefined)} maxWidth="xs" fullWidth>
        <DialogTitle>{t(mode === 'apply' ? 'correctionQueue.applyTitle' : 'correctionQueue.declineTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            label={t(mode === 'apply' ? 'correctionQueue.valueLabel' : 'correctionQueue.reasonLabel')}
            value={text}
            onChange={(e) => setText(e.target.value)}
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
          <Button onClick={() => setMode(undefined)} disabled={busy} color="inherit">
            {t('correctionQueue.back')}
          </Button>
          <Button variant="contained" onClick={submit} disabled={busy}>
            {t(mode === 'apply' ? 'correctionQueue.apply' : 'correctionQueue.decline')}
          </Button>
        </DialogActions>
      </Dialog>
    </Contained>
  );
}

export function CorrectionQueue() {
  return <EntityList entity={def} rowActions={{ label: t('correctionQueue.actions'), render: () => <RowActions /> }} />;
}

export function CorrectionShow() {
  return <EntityShow entity={def} actions={<RowActions />} />;
}
