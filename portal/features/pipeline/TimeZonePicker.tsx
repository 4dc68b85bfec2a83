/** A time-zone picker that shows each zone's whole name with its city and offset, and finds it by any of them ("Singapore", "GMT+8"). */
import { Autocomplete, TextField } from '@mui/material';
import { useMemo } from 'react';
import { timeZones, zoneLabel, zoneMatches } from '../../../schema/rules/timeZones';

interface Props {
  label: string;
  value: string;
  error?: string;
  onChange(zone: string): void;
  onBlur?(): void;
}

export function TimeZonePicker({ label, value, error, onChange, onBlur }: Props) {
  const now = useMemo(() => new Date(), []);
  const options = useMemo(() => timeZones(), []);
  const labels = useMemo(() => new Map(options.map((z) => [z, zoneLabel(z, now)])), [options, now]);
  return (
    <Autocomplete
      fullWidth
      options={options}
      value={value || null}
      getOptionLabel={(zone) => labels.get(zone) ?? zone}
      filterOptions={(list, state) => list.filter((zone) => zoneMatches(zone, state.inputValue, now))}
      onChange={(_, zone) => zone && onChange(zone)}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField {...params} label={label} error={Boolean(error)} helperText={error} required />
      )}
    />
  );
}
