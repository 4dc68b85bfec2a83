/**
 * The erasure queue: every candidate's erasure request, newest first, with what an admin may do to
 * each. Hold asks for the reason, which is recorded with the hold; release puts the request back
 * in its cooling-off period (due at once when it has passed); carry out erases the person now, after a
 * confirmation naming the candidate (saying so when their cooling-off period has not ended). The server decides. The
 * same actions are on a request's own page, where a phone's one-line list opens.
 */
import { Button, DialogContentText, Stack } from '@mui/material';
import { useState } from 'react';
import { Confirm, useGetRecordRepresentation, useRecordContext, useReference } from 'react-admin';
import { entityByResource } from '../../../../schema';
import { ERASURE_STATUS } from '../../../../schema/rules/dataRights';
import { t } from '../../../../i18n';
import { EntityList } from '../../EntityList';
import { EntityShow } from '../../EntityScreens';
import { Contained, TextDialog, useRecordAction } from '../../RecordActions';

const def = entityByResource('erasure-requests')!;

function RowActions() {
  const record = useRecordContext();
  const { busy, error, post } = useRecordAction();
  const [holding, setHolding] = useState(false);
  const [reason, setReason] = useState('');
  const [erasing, setErasing] = useState(false);
  const represent = useGetRecordRepresentation('candidates');
  // The candidate named in the confirmation: the record the list's Candidate column already reads.
  const candidateId = record?.candidateId as string | undefined;
  const { referenceRecord: candidate, isPending } = useReference({
    reference: 'candidates',
    id: candidateId ?? '',
    options: { enabled: erasing && !!candidateId },
  });
  if (!record) return null;
  const id = encodeURIComponent(String(record.id));
  const status = record.status as number;
  // A refused hold shows in its dialog; a refused release or carry-out, as a notification.
  const call = (path: string, body: Record<string, unknown>, done: string) =>
    post(`/data-rights/erasures/${id}/${path}`, body, {
      done,
      inDialog: holding,
      onDone: () => {
        setHolding(false);
        setReason('');
      },
    });
  const early = !!record.dueAt && new Date(record.dueAt as string) > new Date();
  const name = candidate ? String(represent(candidate)) : candidateId;
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
          <Button size="small" color="error" onClick={() => setErasing(true)} disabled={busy}>
            {t('erasureQueue.carryOut')}
          </Button>
        )}
      </Stack>
      <Confirm
        isOpen={erasing}
        loading={busy || (!!candidateId && isPending)}
        title={t('erasureQueue.confirmTitle', { name: name ?? '' })}
        content={
          <DialogContentText>{t(early ? 'erasureQueue.confirmEarly' : 'erasureQueue.confirm')}</DialogContentText>
        }
        confirm={t('erasureQueue.carryOut')}
        cancel={t('erasureQueue.back')}
        // Erased or refused (told in a notification), the confirmation closes.
        onConfirm={() => void call('carry-out', { early }, t('erasureQueue.erased')).then(() => setErasing(false))}
        onClose={() => setErasing(false)}
      />
      <TextDialog
        open={holding}
        busy={busy}
        title={t('erasureQueue.holdTitle')}
        label={t('entities.erasureRequest.fields.heldReason')}
        value={reason}
        onChange={setReason}
        error={error}
        back={t('erasureQueue.back')}
        submit={t('erasureQueue.hold')}
        onClose={() => setHolding(false)}
        onSubmit={() => call('hold', { reason }, t('erasureQueue.heldDone'))}
      />
    </Contained>
  );
}

export function ErasureQueue() {
  return <EntityList entity={def} rowActions={{ label: t('erasureQueue.actions'), render: () => <RowActions /> }} />;
}

export function ErasureShow() {
  return <EntityShow entity={def} actions={<RowActions />} />;
}
