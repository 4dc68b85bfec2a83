/** The proposed interview times: one to five date-time fields, read in the schedule's time zone. */
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import { t } from '../../../i18n';
import { MAX_SLOTS } from '../../../schema/validation/schedule';

interface Props {
  slots: string[];
  zone: string;
  /** The message of each slot, by index, once it is to be shown. */
  errors: (string | undefined)[];
  /** The message of the list as a whole (none given). */
  listError?: string;
  onChange(slots: string[]): void;
  onBlur(index: number): void;
}

export function ScheduleSlots({ slots, zone, errors, listError, onChange, onBlur }: Props) {
  const set = (i: number, value: string) => onChange(slots.map((s, j) => (j === i ? value : s)));
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('portal.pipeline.schedule.slots', { zone })}
      </Typography>
      {slots.map((slot, i) => (
        <Stack key={i} direction="row" spacing={1} alignItems="flex-start">
          <TextField
            type="datetime-local"
            label={t('portal.pipeline.schedule.slot', { n: i + 1 })}
            value={slot}
            onChange={(e) => set(i, e.target.value)}
            onBlur={() => onBlur(i)}
            error={Boolean(errors[i])}
            helperText={errors[i]}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
            required={i === 0}
            fullWidth
          />
          {slots.length > 1 && (
            <IconButton
              aria-label={t('portal.pipeline.schedule.removeSlot', { n: i + 1 })}
              onClick={() => onChange(slots.filter((_, j) => j !== i))}
              sx={{ mt: 1 }}
            >
              <DeleteOutline />
            </IconButton>
          )}
        </Stack>
      ))}
      {listError && (
        <Typography color="error" variant="caption" role="alert">
          {listError}
        </Typography>
      )}
      {slots.length < MAX_SLOTS && (
        <Button onClick={() => onChange([...slots, ''])} sx={{ alignSelf: 'flex-start' }}>
          {t('portal.pipeline.schedule.addSlot')}
        </Button>
      )}
    </Stack>
  );
}
