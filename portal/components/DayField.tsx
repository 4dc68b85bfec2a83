/**
 * A calendar day written as the product writes dates ('2 Dec 2026', schema/rules/dates.ts), whatever the
 * browser's language: a browser's own date field writes it in its locale's order (12/02/2026 in en-US).
 * The day can be typed ('2 Dec 2026', '2/12/2026', '2026-12-02') or picked from the browser's calendar,
 * opened by the button beside it. The value is an ISO day ('2026-12-02'), or '' for none.
 */
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import { Box, IconButton, InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';
import { useRef, useState } from 'react';
import { t } from '../../i18n';
import { formatDate, parseDay } from '../../schema/rules/dates';

interface Props {
  label: string;
  value: string;
  onChange(day: string): void;
  sx?: SxProps<Theme>;
}

export function DayField({ label, value, onChange, sx }: Props) {
  const [typing, setTyping] = useState<string>();
  const [invalid, setInvalid] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const commit = () => {
    if (typing === undefined) return;
    const text = typing.trim();
    const day = text ? parseDay(text) : '';
    setInvalid(day === undefined);
    if (day !== undefined) {
      setTyping(undefined);
      if (day !== value) onChange(day);
    }
  };
  return (
    <Box sx={[{ position: 'relative', display: 'flex', flexDirection: 'column' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <TextField
        size="small"
        label={label}
        value={typing ?? formatDate(value) ?? ''}
        placeholder={t('portal.dashboard.dayField.placeholder')}
        onChange={(e) => setTyping(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
        error={invalid}
        helperText={invalid ? t('portal.dashboard.dayField.invalid') : undefined}
        fullWidth
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'text', autoComplete: 'off' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={t('portal.dashboard.dayField.pick', { label })}
                  onClick={() => picker.current?.showPicker?.()}
                >
                  <CalendarMonthOutlined fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {/* The browser's calendar, for picking with the pointer; its own text is never shown. */}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        value={value}
        onChange={(e) => {
          setTyping(undefined);
          setInvalid(false);
          onChange(e.target.value);
        }}
        style={{ position: 'absolute', left: 0, bottom: 0, width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
      />
    </Box>
  );
}
