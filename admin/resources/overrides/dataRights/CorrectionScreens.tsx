/**
 * The correction queue: candidates' requests to correct a field only admins write, newest first.
 * Apply writes the value (the candidate's proposal unless the admin changes it) through the
 * profile's own rules, which may refuse it; decline asks for the reason the candidate reads. The
 * same actions are on a request's own page, where a phone's one-line list opens.
 */
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import { entityByResource } from '../../../../schema';
import { CORRECTION_STATUS } from '../../../../schema/rules/dataExport';
import { t } from '../../../../i18n';
import { EntityList } from '../../EntityList';
import { EntityShow } from '../../EntityScreens';
import { Contained, TextDialog, useRecordAction } from '../../RecordActions';

const def = entityByResource('data-corrections')!;

type Mode = 'apply' | 'decline';

function RowActions() {
  const record = useRecordContext();
  const { busy, error, setError, post } = useRecordAction();
  const [mode, setMode] = useState<Mode>();
  const [text, setText] = useState('');
  if (!record || record.status !== CORRECTION_STATUS.open) return null;
  const id = encodeURIComponent(String(record.id));
  const open = (next: Mode) => {
    setMode(next);
    setError(undefined);
    setText(next === 'apply' ? String(record.proposedValue ?? '') : '');
  };
  const submit = () =>
    post(`/data-rights/corrections/${id}/${mode}`, mode === 'apply' ? { value: text } : { reason: text }, {
      done: t(mode === 'apply' ? 'correctionQueue.applied' : 'correctionQueue.declined'),
      inDialog: true,
      onDone: () => setMode(undefined),
    });
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
      <TextDialog
        open={!!mode}
        busy={busy}
        title={t(mode === 'apply' ? 'correctionQueue.applyTitle' : 'correctionQueue.declineTitle')}
        label={t(mode === 'apply' ? 'correctionQueue.valueLabel' : 'correctionQueue.reasonLabel')}
        value={text}
        onChange={setText}
        error={error}
        back={t('correctionQueue.back')}
        submit={t(mode === 'apply' ? 'correctionQueue.apply' : 'correctionQueue.decline')}
        onClose={() => setMode(undefined)}
        onSubmit={submit}
      />
    </Contained>
  );
}

export function CorrectionQueue() {
  return <EntityList entity={def} rowActions={{ label: t('correctionQueue.actions'), render: () => <RowActions /> }} />;
}

export function CorrectionShow() {
  return <EntityShow entity={def} actions={<RowActions />} />;
}
