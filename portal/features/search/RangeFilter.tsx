/**
 * A range filter: a slider and two digit-only inputs that show thousands separators. With `openTop` the slider's
 * top means no upper bound, so its label reads 'max+' ('100,000+' in SGD, the currency's own top in another), the
 * open top is `NO_UPPER_BOUND`, and amounts typed past the top are kept as typed (the search reads them).
 */
import { Box, Slider, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { t } from '../../../i18n';
import { NO_UPPER_BOUND, digitsOf, thousands } from './searchUrl';

interface Props {
  id: string;
  label: string;
  value: [number, number];
  max: number;
  step: number;
  /** Shown as 'max+' at the top: the top is open-ended (`NO_UPPER_BOUND`), and typed amounts are not clamped. */
  openTop?: boolean;
  onChange: (value: [number, number]) => void;
  children?: React.ReactNode;
}

export function RangeFilter({ id, label, value, max, step, openTop, onChange, children }: Props) {
  const [draft, setDraft] = useState<[number, number]>(value);
  useEffect(() => setDraft(value), [value]);
  const show = (n: number) => (openTop && n >= max ? `${thousands(max)}+` : thousands(n));
  const commit = (next: [number, number]) => {
    const lo = openTop ? Math.max(0, next[0]) : Math.min(Math.max(0, next[0]), max);
    const hi = openTop ? (next[1] >= max ? NO_UPPER_BOUND : Math.max(0, next[1])) : Math.min(Math.max(0, next[1]), max);
    onChange(lo > hi ? [hi, lo] : [lo, hi]);
  };
  const input = (i: 0 | 1) => (
    <TextField
      size="small"
      label={i === 0 ? t('search.page.from') : t('search.page.to')}
      value={i === 1 && openTop && !Number.isFinite(draft[1]) ? '' : thousands(draft[i])}
      placeholder={i === 1 && openTop ? `${thousands(max)}+` : undefined}
      onChange={(e) => {
        // Digits only: anything else typed is dropped; separators are put back as the number shows.
        const typed = e.target.value.replace(/[^\d]/g, '').slice(0, 9);
        const next: [number, number] = [...draft];
        const top = openTop ? NO_UPPER_BOUND : max;
        next[i] = typed === '' ? (i === 0 ? 0 : top) : Math.min(digitsOf(typed), top);
        setDraft(next);
      }}
      onBlur={() => commit(draft)}
      onKeyDown={(e) => e.key === 'Enter' && commit(draft)}
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          'aria-label': `${label} ${i === 0 ? t('search.page.from') : t('search.page.to')}`,
          'data-testid': `${id}-${i === 0 ? 'from' : 'to'}`,
        },
      }}
    />
  );
  return (
    <Box data-testid={`filter-${id}`}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography variant="subtitle2" component="p">
          {label}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid={`${id}-range`}>
          {show(draft[0])} – {show(draft[1])}
        </Typography>
      </Stack>
      <Box sx={{ px: 1 }}>
        <Slider
          value={[Math.min(draft[0], max), Math.min(draft[1], max)]}
          min={0}
          max={max}
          step={step}
          valueLabelDisplay="auto"
          valueLabelFormat={show}
          getAriaLabel={(i) => `${label} ${i === 0 ? t('search.page.from') : t('search.page.to')}`}
          getAriaValueText={show}
          onChange={(_, v) => setDraft(v as [number, number])}
          onChangeCommitted={(_, v) => commit(v as [number, number])}
        />
      </Box>
      <Stack direction="row" spacing={1}>
        {input(0)}
        {input(1)}
      </Stack>
      {children}
    </Box>
  );
}
