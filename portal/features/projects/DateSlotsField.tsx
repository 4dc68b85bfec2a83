/**
 * Interview date and time slots: a date with a start and an end time each, added and removed in a list. The date is
 * the product's day field (ui/components/DayField: '2 Mar 2027' whatever the browser's language).
 * Each slot's fields and its remove button name the slot ('Date (slot 2)', 'Remove slot 2'). The date field is named
 * `dateTimeSlots.<i>` as the slot's error is keyed, so a refused submit focuses it (focusFirstError); the error under
 * the slot describes its three fields (aria-describedby), so it is read out with the focused field.
 */
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Box, Button, FormHelperText, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useId } from 'react';
import { t } from '../../../i18n';
import { DayField } from '../../components/DayField';
import { useLatestList } from '../../components/useLatestList';
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
  const list = useLatestList(slots, onChange);
  const idPrefix = useId();
  const set = (i: number, patch: Partial<DateTimeSlot>) => list.set(i, (s) => ({ ...s, ...patch }));
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t(`${F}.slotsHint`)}
      </Typography>
      {slots.map((slot, i) => {
        const error = errors[`dateTimeSlots.${i}`];
        const n = i + 1;
        const errorId = error ? `${idPrefix}-slot-${i}-error` : undefined;
        return (
          <Box key={i}>
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' }, rowGap: 1 }}
            >
              <DayField
                label={t(`${F}.slotDate`, { n })}
                name={`dateTimeSlots.${i}`}
                describedBy={errorId}
                value={slot.date}
                onChange={(date) => set(i, { date })}
                onUnreadable={(date) => set(i, { date })}
                disabled={disabled}
                error={!!error}
                sx={{ flex: { xs: '1 1 100%', sm: 2 } }}
              />
              <TextField
                type="time"
                size="small"
                label={t(`${F}.slotStart`, { n })}
                name={`dateTimeSlots.${i}.startTime`}
                value={slot.startTime}
                onChange={(e) => set(i, { startTime: e.target.value })}
                disabled={disabled}
                error={!!error}
                sx={{ flex: 1 }}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': errorId } }}
              />
              <TextField
                type="time"
                size="small"
                label={t(`${F}.slotEnd`, { n })}
                name={`dateTimeSlots.${i}.endTime`}
                value={slot.endTime}
                onChange={(e) => set(i, { endTime: e.target.value })}
                disabled={disabled}
                error={!!error}
                sx={{ flex: 1 }}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': errorId } }}
              />
              <IconButton
                aria-label={t(`${F}.removeSlot`, { n })}
                onClick={() => list.change((all) => all.filter((_, j) => j !== i))}
                disabled={disabled}
              >
                <DeleteOutline />
              </IconButton>
            </Stack>
            {error && (
              <FormHelperText error id={errorId}>
                {t(error)}
              </FormHelperText>
            )}
          </Box>
        );
      })}
      <Box>
        <Button
          size="small"
          startIcon={<AddOutlined />}
          onClick={() => list.change((all) => [...all, { date: '', startTime: '09:00', endTime: '10:00' }])}
          disabled={disabled || slots.length >= MAX_SLOTS}
        >
          {t(`${F}.addSlot`)}
        </Button>
      </Box>
    </Stack>
  );
}
