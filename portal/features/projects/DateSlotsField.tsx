/** Interview date and time slots: a date with a start and an end time each, added and removed in a list. */
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Box, Button, FormHelperText, IconButton, Stack, TextField, Typography } from '@mui/material';
import { t } from '../../../i18n';
import type { DateTimeSlot } from '../../api/projects';

const F = 'portal.projectsPortal.form';
export const MAX_SLOTS = 20;

interface Props {
  slots: DateTimeSlot[];
  errors: Record<string, string>;
  onChange(slots: DateTimeSlot[]): void;
  disabled?: boolean;
}

export function DateSlotsField({ slots, errors, onChange, disabled }: Props) {
  const set = (i: number, patch: Partial<DateTimeSlot>) =>
    onChange(slots.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t(`${F}.slotsHint`)}
      </Typography>
      {slots.map((slot, i) => {
        const error = errors[`dateTimeSlots.${i}`];
        return (
          <Box key={i}>
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' }, rowGap: 1 }}
            >
              <TextField
                type="date"
                size="small"
                label={t(`${F}.slotDate`)}
                value={slot.date}
                onChange={(e) => set(i, { date: e.target.value })}
                disabled={disabled}
                error={!!error}
                sx={{ flex: { xs: '1 1 100%', sm: 2 } }}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                type="time"
                size="small"
                label={t(`${F}.slotStart`)}
                value={slot.startTime}
                onChange={(e) => set(i, { startTime: e.target.value })}
                disabled={disabled}
                error={!!error}
                sx={{ flex: 1 }}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                type="time"
                size="small"
                label={t(`${F}.slotEnd`)}
                value={slot.endTime}
                onChange={(e) => set(i, { endTime: e.target.value })}
                disabled={disabled}
                error={!!error}
                sx={{ flex: 1 }}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <IconButton
                aria-label={t(`${F}.removeSlot`)}
                onClick={() => onChange(slots.filter((_, j) => j !== i))}
                disabled={disabled}
              >
                <DeleteOutline />
              </IconButton>
            </Stack>
            {error && <FormHelperText error>{t(error)}</FormHelperText>}
          </Box>
        );
      })}
      <Box>
        <Button
          size="small"
          startIcon={<AddOutlined />}
          onClick={() => onChange([...slots, { date: '', startTime: '09:00', endTime: '10:00' }])}
          disabled={disabled || slots.length >= MAX_SLOTS}
        >
          {t(`${F}.addSlot`)}
        </Button>
      </Box>
    </Stack>
  );
}
