/**
 * The candidate's reasons for declining: chosen from the list, plus free text. The page keeps it mounted when the
 * send fails, so what was typed stays; the errors it is given show beside their fields, or above the buttons.
 */
import {
  Alert,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { t } from '../../../i18n';

export const REJECT_REASONS = ['notLooking', 'salary', 'location', 'role', 'company', 'timing', 'other'] as const;

/** Why the last send failed: a field refused (its message), or the send itself (`form`). */
export interface RejectErrors {
  reasons?: string;
  comment?: string;
  form?: string;
}

export function RejectForm({
  busy,
  errors = {},
  onSubmit,
  onBack,
}: {
  busy: boolean;
  errors?: RejectErrors;
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
      <FormControl component="fieldset" error={Boolean(errors.reasons)}>
        <FormGroup>
          {REJECT_REASONS.map((reason) => (
            <FormControlLabel
              key={reason}
              control={<Checkbox checked={reasons.includes(reason)} onChange={() => toggle(reason)} />}
              label={t(`portal.interviews.reasons.${reason}`)}
            />
          ))}
        </FormGroup>
        {errors.reasons && <FormHelperText>{errors.reasons}</FormHelperText>}
      </FormControl>
      <TextField
        label={t('portal.interviews.answer.comment')}
        multiline
        minRows={3}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        error={Boolean(errors.comment)}
        helperText={errors.comment}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      {errors.form && (
        <Alert severity="error" data-testid="reject-error">
          {errors.form}
        </Alert>
      )}
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
