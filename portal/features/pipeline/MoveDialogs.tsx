/** The dialogs a move can open (spec section 2, project detail): reject reason, schedule, reveal (single, skip, bulk), upgrade and guarantee. */
import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { t } from '../../../i18n';
import { ConfirmDialog } from '../../../ui/components/ConfirmDialog';
import { useAuth } from '../../app/auth/authContext';
import { PATHS } from '../../app/paths';
import type { RejectData, ScheduleData } from '../../api/pipeline';
import { recallSchedule } from './scheduleMemory';
import { ScheduleDialog } from './ScheduleDialog';
import { stageLabel } from './stageKeys';
import { nameOf, type Prompt } from './useMoveFlow';

/** Reject reasons, sent as their key (labels in portal.pipeline.reject.reasons). */
const REASONS = ['skills', 'experience', 'salary', 'location', 'candidate', 'other'] as const;

function RejectDialog({
  count,
  name,
  busy,
  onConfirm,
  onClose,
}: {
  count: number;
  name: string;
  busy: boolean;
  onConfirm(d: RejectData): void;
  onClose(): void;
}) {
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const submit = () => {
    setTried(true);
    if (reason) onConfirm({ reason, ...(comment.trim() ? { comment: comment.trim() } : {}) });
  };
  return (
    <ConfirmDialog
      open
      wide
      title={count > 1 ? t('portal.pipeline.reject.titleMany', { n: count }) : t('portal.pipeline.reject.title')}
      message={count > 1 ? '' : name}
      confirmLabel={t('portal.pipeline.reject.confirm')}
      destructive
      busy={busy}
      onConfirm={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        <TextField
          select
          label={t('portal.pipeline.reject.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={tried && !reason}
          helperText={tried && !reason ? t('portal.pipeline.schedule.required') : undefined}
          required
          slotProps={{ htmlInput: { 'data-testid': 'reject-reason' } }}
        >
          {REASONS.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`portal.pipeline.reject.reasons.${r}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('portal.pipeline.reject.comment')}
          value={comment}
          onChange={(e) => setComment(e.target.value.slice(0, 1000))}
          multiline
          minRows={2}
        />
      </Stack>
    </ConfirmDialog>
  );
}

interface Props {
  prompt: Prompt | undefined;
  busy: boolean;
  error?: string;
  isRaas: boolean;
  resolve(answer?: { reject?: RejectData; schedule?: ScheduleData; withoutGuarantee?: boolean }): void;
  cancel(): void;
}

export function MoveDialogs({ prompt, busy, error, isRaas, resolve, cancel }: Props) {
  const { user } = useAuth();
  if (!prompt) return null;
  const { request } = prompt;
  const count = request.docs.length;
  const name = count === 1 ? nameOf(request.docs[0]) : '';
  const stage = stageLabel(request.to);
  const failure = error ? (
    <Alert severity="error" sx={{ mt: 2 }} data-testid="prompt-error">
      {error}
      {isRaas && (
        <Button component={RouterLink} to={PATHS.companyCredits} size="small" sx={{ ml: 1 }}>
          {t('portal.pipeline.upgrade.buy')}
        </Button>
      )}
    </Alert>
  ) : null;

  switch (prompt.kind) {
    case 'reject':
      return (
        <RejectDialog
          count={count}
          name={name}
          busy={busy}
          onConfirm={(reject) => resolve({ reject })}
          onClose={cancel}
        />
      );
    case 'schedule':
      return (
        <ScheduleDialog
          open
          title={t('portal.pipeline.schedule.title')}
          text={t('portal.pipeline.schedule.text', {
            name: count === 1 ? name : t('portal.pipeline.bulk.selected', { n: count }),
            stage,
          })}
          initial={recallSchedule(user?.lastScheduleData)}
          busy={busy}
          onConfirm={(schedule) => resolve({ schedule })}
          onClose={cancel}
        />
      );
    case 'reveal': {
      const variant = count > 1 ? 'Bulk' : request.kind === 'skip' ? 'Skip' : '';
      return (
        <ConfirmDialog
          open
          title={t(`portal.pipeline.reveal.title${variant}`, { n: count })}
          message={t(`portal.pipeline.reveal.text${variant}`, { stage })}
          confirmLabel={t('portal.pipeline.reveal.confirm')}
          busy={busy}
          onConfirm={() => resolve()}
          onClose={cancel}
        />
      );
    }
    case 'upgrade':
      return (
        <ConfirmDialog
          open
          title={t('portal.pipeline.upgrade.title')}
          message={t('portal.pipeline.upgrade.text')}
          confirmLabel={t('portal.pipeline.upgrade.confirm')}
          busy={busy}
          onConfirm={() => resolve()}
          onClose={cancel}
        >
          {failure}
        </ConfirmDialog>
      );
    case 'guarantee':
      return (
        <ConfirmDialog
          open
          title={t('portal.pipeline.guarantee.title')}
          message={t('portal.pipeline.guarantee.text')}
          confirmLabel={t('portal.pipeline.guarantee.confirm')}
          alternative={{
            label: t('portal.pipeline.guarantee.without'),
            onClick: () => resolve({ withoutGuarantee: true }),
          }}
          busy={busy}
          onConfirm={() => resolve()}
          onClose={cancel}
        >
          {failure}
        </ConfirmDialog>
      );
  }
}
