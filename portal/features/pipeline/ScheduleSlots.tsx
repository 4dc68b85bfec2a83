/**
 * The proposed interview times: one to five, each a day and a start time read in the schedule's time zone.
 * The day is the product's own day field (written '2 Mar 2027' whatever the browser's language, ui/components/DayField);
 * the time is the browser's time field in steps of 15 minutes. A slot is held as the API reads it, `2027-03-02T10:00`,
 * with an empty side while one is still to be chosen (or a day's unreadable text), so the schedule's rules refuse it.
 * A time the zone's clocks show twice as they go back says under its day which of the two is booked (the first, as the
 * calendar invitation reads it), and one they skip going forward says that it does not happen (clockChangeAt).
 */
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import { t } from '../../../i18n';
import { clockChangeAt } from '../../../schema/rules/zonedTime';
import { MAX_SLOTS } from '../../../schema/validation/schedule';
import { DayField } from '../../components/DayField';
import { useLatestList } from '../../components/useLatestList';

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

/** A slot's day and time (a time never holds a 'T'; text typed as a day may); `join` gives '' when both are empty. */
const split = (slot: string) => {
  const at = slot.lastIndexOf('T');
  return at < 0 ? { day: slot, time: '' } : { day: slot.slice(0, at), time: slot.slice(at + 1) };
};
const join = (day: string, time: string) => (day || time ? `${day}T${time}` : '');

/** What a slot books at a clock change: "01:30 happens twice on this day …", "02:30 does not happen …", else undefined. */
function clockHint(slot: string, zone: string): string | undefined {
  const change = clockChangeAt(slot, zone);
  const time = split(slot).time;
  if (change?.kind === 'twice') return t('portal.pipeline.schedule.repeated', { ...change, time });
  return change && t('portal.pipeline.schedule.skipped', { time });
}

export function ScheduleSlots({ slots, zone, errors, listError, onChange, onBlur }: Props) {
  const { change, set } = useLatestList(slots, onChange);
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('portal.pipeline.schedule.slots', { zone })}
      </Typography>
      {slots.map((slot, i) => {
        const { day, time } = split(slot);
        const name = t('portal.pipeline.schedule.slot', { n: i + 1 });
        const hint = errors[i] ?? clockHint(slot, zone);
        return (
          // On a phone the day takes the row's whole width (its '2 Dec 2026' read whole) and the time goes under it.
          <Stack
            key={i}
            role="group"
            aria-label={name}
            direction="row"
            spacing={1}
            useFlexGap
            alignItems="flex-start"
            sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
          >
            <DayField
              label={t('portal.pipeline.schedule.slotDay', { n: i + 1 })}
              value={day}
              onChange={(picked) => set(i, (s) => join(picked, split(s).time))}
              onUnreadable={(text) => set(i, (s) => join(text, split(s).time))}
              onBlur={() => onBlur(i)}
              error={Boolean(errors[i])}
              helperText={hint}
              required={i === 0}
              size="medium"
              sx={{ flex: { xs: '1 1 100%', sm: 3 }, minWidth: 0 }}
            />
            <TextField
              type="time"
              label={t('portal.pipeline.schedule.slotTime', { n: i + 1 })}
              value={time}
              onChange={(e) => {
                const typed = e.target.value;
                set(i, (s) => join(split(s).day, typed));
              }}
              onBlur={() => onBlur(i)}
              error={Boolean(errors[i])}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
              required={i === 0}
              sx={{ flex: { xs: '1 1 0', sm: 2 }, minWidth: 0 }}
            />
            {slots.length > 1 && (
              <IconButton
                aria-label={t('portal.pipeline.schedule.removeSlot', { n: i + 1 })}
                onClick={() => change((list) => list.filter((_, j) => j !== i))}
                sx={{ mt: 1 }}
              >
                <DeleteOutline />
              </IconButton>
            )}
          </Stack>
        );
      })}
      {listError && (
        <Typography color="error" variant="caption" role="alert">
          {listError}
        </Typography>
      )}
      {slots.length < MAX_SLOTS && (
        <Button onClick={() => change((list) => [...list, ''])} sx={{ alignSelf: 'flex-start' }}>
          {t('portal.pipeline.schedule.addSlot')}
        </Button>
      )}
    </Stack>
  );
}
