/**
 * A range filter: a slider and two digit-only inputs that show thousands separators. The slider's
 * top means no upper bound, so its label reads '100,000+'.
 */
import { Box, Slider, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { t } from '../../../i18n';
import { digitsOf, thousands } from './searchUrl';

interface Props {
  id: string;
  label: string;
  value: [number, number];
  max: number;
  step: number;
  /** Shown as '100,000+' at the top: the top is open-ended. */
  openTop?: boolean;
  onChange: (value: [number, number]) => void;
  children?: React.ReactNode;
}

export function RangeFilter({ id, label, value, max, step, openTop, onChange, children }: Props) {
  const [draft, setDraft] = useState<[number, number]>(value);
  useEffect(() => setDraft(value), [value]);
  const show = (n: number) => (openTop && n >= max ? `${thousands(max)}+` : thousands(n));
  const commit = (next: [number, number]) => {
    const lo = Math.min(Math.max(0, next[0]), max);
    const hi = Math.min(Math.max(0, next[1]), max);
    onChange(lo > hi ? [hi, lo] : [lo, hi]);
  };
  const input = (i: 0 | 1) => (
    <TextField
      size="small"
      label={i === 0 ? t('search.page.from') : t('search.page.to')}
      value={i === 1 && openTop && draft[1] >= max ? '' : thousands(draft[i])}
      placeholder={i === 1 && openTop ? `${thousands(max)}+` : undefined}
      onChange={(e) => {
        // Digits only: anything else typed is dropped; separators are put back as the number shows.
        const typed = e.target.value.replace(/[^\d]/g, '').slice(0, 9);
        const next: [number, number] = [...draft];
        next[i] = typed === '' ? (i === 0 ? 0 : max) : Math.min(digitsOf(typed), max);
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
        <Typography variant="caption" color="text.secondary">
          {show(draft[0])} – {show(draft[1])}
        </Typography>
      </Stack>
      <Box sx={{ px: 1 }}>
        <Slider
          value={draft}
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
