/** The candidate's reasons for declining: chosen from the list, plus free text. */
import { Button, Checkbox, FormControlLabel, FormGroup, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { t } from '../../../i18n';

export const REJECT_REASONS = ['notLooking', 'salary', 'location', 'role', 'company', 'timing', 'other'] as const;

export function RejectForm({
  busy,
  onSubmit,
  onBack,
}: {
  busy: boolean;
  onSubmit: (reasons: string[], comment: string) => void;
  onBack: () => void;
}) {
  const [reasons, setReasons] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  const toggle = (reason: string) =>
    setReasons((list) => (list.includes(reason) ? list.filter((r) => r !== reason) : [...list, reason]));
  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(e) => (e.preventDefault(), onSubmit(reasons, comment))}
      data-testid="reject-form"
    >
      <Typography variant="h6" component="h2">
        {t('portal.interviews.answer.rejectTitle')}
      </Typography>
      <Typography color="text.secondary">{t('portal.interviews.answer.rejectHint')}</Typography>
      <FormGroup>
        {REJECT_REASONS.map((reason) => (
          <FormControlLabel
            key={reason}
            control={<Checkbox checked={reasons.includes(reason)} onChange={() => toggle(reason)} />}
            label={t(`portal.interviews.reasons.${reason}`)}
          />
        ))}
      </FormGroup>
      <TextField
        label={t('portal.interviews.answer.comment')}
        multiline
        minRows={3}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {t('portal.interviews.answer.sendReject')}
        </Button>
        <Button variant="text" size="large" fullWidth disabled={busy} onClick={onBack}>
          {t('portal.interviews.answer.back')}
        </Button>
      </Stack>
    </Stack>
  );
}
