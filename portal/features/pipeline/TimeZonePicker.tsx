/**
 * A time-zone picker that shows each zone's whole name with its city and offset, and finds it by any of them ("Singapore",
 * "GMT+8"). Zones are listed by their current names; a value kept by a legacy one ('Asia/Calcutta') shows as its current one.
 */
import { Autocomplete, TextField } from '@mui/material';
import { useMemo } from 'react';
import { shownZone, timeZones, zoneLabeller } from '../../../schema/rules/timeZones';

interface Props {
  label: string;
  value: string;
  error?: string;
  onChange(zone: string): void;
  onBlur?(): void;
}

export function TimeZonePicker({ label, value, error, onChange, onBlur }: Props) {
  const options = useMemo(() => timeZones(), []);
  // Each zone is labelled when first shown (the chosen one at once, the others when the list opens), not all as the
  // picker mounts: a zone's offset costs a date format of its own.
  const labels = useMemo(() => zoneLabeller(new Date()), []);
  return (
    <Autocomplete
      fullWidth
      options={options}
      value={value ? shownZone(value) : null}
      getOptionLabel={(zone) => labels.label(zone)}
      filterOptions={(list, state) => list.filter((zone) => labels.matches(zone, state.inputValue))}
      onChange={(_, zone) => zone && onChange(zone)}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField {...params} label={label} error={Boolean(error)} helperText={error} required />
      )}
    />
  );
}
