/**
 * Six single-digit boxes for an emailed code, the one code entry of the portal and the console:
 * typing moves on, Backspace moves back, pasting (or filling the first box) fills all.
 */
import { Box, FormControl, FormHelperText, OutlinedInput } from '@mui/material';
import { useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { t } from '../../i18n';

const LENGTH = 6;

interface Props {
  value: string;
  onChange(value: string): void;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

export function CodeInput({ value, onChange, error, disabled, autoFocus }: Props) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const errorId = useId();
  const digits = Array.from({ length: LENGTH }, (_, i) => value[i] ?? '');

  const setDigit = (index: number, digit: string) => {
    const next = digits.slice();
    next[index] = digit;
    onChange(next.join('').slice(0, LENGTH));
  };

  const onInput = (index: number, raw: string) => {
    const only = raw.replace(/\D/g, '');
    if (!only) return setDigit(index, '');
    if (only.length > 1) return fill(only, index);
    setDigit(index, only);
    refs.current[Math.min(index + 1, LENGTH - 1)]?.focus();
  };

  const fill = (text: string, from = 0) => {
    const next = digits.slice();
    for (let i = 0; i < text.length && from + i < LENGTH; i += 1) next[from + i] = text[i];
    onChange(next.join(''));
    refs.current[Math.min(from + text.length, LENGTH - 1)]?.focus();
  };

  const onKeyDown = (index: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !digits[index] && index > 0) {
      setDigit(index - 1, '');
      refs.current[index - 1]?.focus();
      e.preventDefault();
    } else if (e.key === 'ArrowLeft' && index > 0) refs.current[index - 1]?.focus();
    else if (e.key === 'ArrowRight' && index < LENGTH - 1) refs.current[index + 1]?.focus();
  };

  const onPaste = (e: ClipboardEvent) => {
    const text = e.clipboardData.getData('text').replace(/\D/g, '').slice(0, LENGTH);
    if (!text) return;
    e.preventDefault();
    fill(text);
  };

  return (
    <FormControl role="group" aria-label={t('portal.login.code')} error={!!error} fullWidth>
      <Box sx={{ display: 'flex', gap: { xs: 1, sm: 1.5 }, justifyContent: 'space-between' }} onPaste={onPaste}>
        {digits.map((digit, i) => (
          <OutlinedInput
            key={i}
            inputRef={(el: HTMLInputElement | null) => {
              refs.current[i] = el;
            }}
            value={digit}
            disabled={disabled}
            autoFocus={autoFocus && i === 0}
            error={!!error}
            onChange={(e) => onInput(i, e.target.value)}
            onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => onKeyDown(i, e)}
            onFocus={(e) => e.target.select()}
            inputProps={{
              inputMode: 'numeric',
              autoComplete: i === 0 ? 'one-time-code' : 'off',
              maxLength: LENGTH,
              // The first box also names the whole code, where a password manager or a screen reader starts.
              'aria-label': i === 0 ? t('portal.login.firstDigit') : t('portal.login.digit', { n: i + 1 }),
              'data-testid': `code-digit-${i}`,
              'aria-describedby': error ? errorId : undefined,
              style: { textAlign: 'center', fontSize: 24, fontWeight: 600, padding: '12px 0' },
            }}
            sx={{ width: { xs: 44, sm: 52 }, borderRadius: 2 }}
          />
        ))}
      </Box>
      {/* Announced when it appears, and each box is described by it, so a screen reader hears why the code failed. */}
      <FormHelperText id={errorId} error role="alert" sx={{ mt: error ? 1 : 0 }}>
        {error}
      </FormHelperText>
    </FormControl>
  );
}
