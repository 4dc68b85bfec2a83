/**
 * A calendar day written as the product writes dates ('2 Dec 2026', schema/rules/dates.ts), whatever the
 * browser's language: a browser's own date field writes it in its locale's order (12/02/2026 in en-US).
 * The day can be typed ('2 Dec 2026', '2/12/2026', '2026-12-02') or picked from the browser's calendar,
 * opened by the button beside it. The value is an ISO day ('2026-12-02'), or '' for none. `withTime`, it holds an
 * instant written as formatDateTime writes it ('2 Dec 2026, 9:30 am', the browser's zone) and stored as an ISO instant.
 *
 * Text that reads as no day keeps its place in the field with a message under it, and the value stays as it was;
 * a form that must refuse to save it takes the text as its value through `onUnreadable`, so its own rules refuse
 * it (a value that is not a day is shown as typed and marked unreadable). The dashboards' filters, the candidate
 * profile's notice date and every date of the console (admin/fields/DayInput.tsx) are this field.
 */
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import { Box, IconButton, InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';
import { useRef, useState, type ReactNode, type Ref } from 'react';
import { t } from '../../i18n';
import { formatDate, formatDateTime, parseDay } from '../../schema/rules/dates';
import { dayOf, instantOf, localInputOf, parseDayTime } from './dayTime';

/** What a field of days, or of instants (`withTime`), reads, writes and asks for. */
const DAYS = {
  of: dayOf,
  write: formatDate,
  read: parseDay,
  picker: 'date',
  toPicker: (day: string | undefined) => day ?? '',
  placeholder: 'portal.dayField.placeholder',
  invalid: 'portal.dayField.invalid',
};
const INSTANTS = {
  of: instantOf,
  write: formatDateTime,
  read: parseDayTime,
  picker: 'datetime-local',
  toPicker: localInputOf,
  placeholder: 'portal.dayField.withTimePlaceholder',
  invalid: 'portal.dayField.withTimeInvalid',
};

export interface DayFieldProps {
  label: string;
  /** An ISO day (an ISO instant `withTime`), or '' (null) for none; other text is shown as typed, marked unreadable. */
  value: string | null | undefined;
  onChange(day: string): void;
  /** A day and its time, written '2 Dec 2026, 9:30 am' in the browser's zone; the value is an ISO instant. */
  withTime?: boolean;
  /** Called with the text when the field is left holding text that reads as no day. */
  onUnreadable?(text: string): void;
  onBlur?(): void;
  /** The form's own verdict on the value, and its message (the field's own message about unreadable text comes first). */
  error?: boolean;
  helperText?: ReactNode;
  /** The id of a message outside the field that describes it (a group's error under several fields). */
  describedBy?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  name?: string;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  size?: 'small' | 'medium';
  margin?: 'none' | 'dense' | 'normal';
  fullWidth?: boolean;
  className?: string;
  sx?: SxProps<Theme>;
}

interface Draft {
  text: string;
  /** The value it was typed over: a value set from outside (a reset, a cleared filter) drops the draft. */
  over: string;
  unreadable: boolean;
}

export function DayField({
  label,
  value: given,
  onChange,
  onUnreadable,
  onBlur,
  error,
  helperText,
  describedBy,
  sx,
  size = 'small',
  fullWidth = true,
  readOnly,
  disabled,
  inputRef,
  withTime,
  ...rest
}: DayFieldProps) {
  const kind = withTime ? INSTANTS : DAYS;
  const value = given ?? '';
  const [draft, setDraft] = useState<Draft>();
  const picker = useRef<HTMLInputElement>(null);
  const current = draft && (draft.over === value || draft.text === value) ? draft : undefined;
  const day = kind.of(value);
  const unreadable = current?.unreadable ?? (value !== '' && !day);
  const commit = () => {
    if (!current) return;
    const typed = current.text.trim();
    const read = typed ? kind.read(typed) : '';
    if (read === undefined) {
      setDraft({ ...current, unreadable: true });
      onUnreadable?.(current.text);
      return;
    }
    setDraft(undefined);
    if (read !== value) onChange(read);
  };
  return (
    <Box sx={[{ position: 'relative', display: 'flex', flexDirection: 'column' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <TextField
        {...rest}
        size={size}
        label={label}
        value={current?.text ?? (day ? kind.write(day) : value)}
        placeholder={readOnly ? undefined : t(kind.placeholder)}
        onChange={(e) => setDraft({ text: e.target.value, over: value, unreadable: current?.unreadable ?? false })}
        onBlur={() => {
          commit();
          onBlur?.();
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || !current) return;
          // Enter reads the day instead of submitting the form around it.
          e.preventDefault();
          commit();
        }}
        error={unreadable || !!error}
        helperText={unreadable ? t(kind.invalid) : helperText}
        disabled={disabled}
        fullWidth={fullWidth}
        inputRef={inputRef}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: {
            inputMode: 'text',
            autoComplete: 'off',
            readOnly,
            // Only when given: otherwise the field's own helper text describes it, as MUI ties it.
            ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          },
          input: {
            endAdornment:
              readOnly || disabled ? undefined : (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    edge="end"
                    aria-label={t('portal.dayField.pick', { label })}
                    onClick={() => picker.current?.showPicker?.()}
                    // A finger's size on a touch screen (the field's 56px has the room; a small one's is drawn over).
                    sx={{ '@media (pointer: coarse)': { width: 40, height: 40 } }}
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
        type={kind.picker}
        tabIndex={-1}
        aria-hidden
        value={kind.toPicker(day)}
        onChange={(e) => {
          const picked = withTime && e.target.value ? new Date(e.target.value).toISOString() : e.target.value;
          setDraft(undefined);
          if (picked !== value) onChange(picked);
        }}
        style={{ position: 'absolute', left: 0, bottom: 0, width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
      />
    </Box>
  );
}
