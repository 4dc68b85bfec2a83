/** MUI inputs bound to the profile form (react-hook-form), each showing its own field's problem. */
import {
  Box,
  Chip,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  type TextFieldProps,
} from '@mui/material';
import type { HTMLAttributes } from 'react';
import { get, useController, useFormState, useWatch } from 'react-hook-form';

/**
 * A text of several lines that grows with what is typed, from `min` to `max` lines, sized by the browser
 * (`field-sizing: content`). MUI's own growing text area measures itself as it mounts, which makes the browser lay out
 * the whole page once for each: the profile form, with one per job and school, spent a third of its drawing there. A
 * browser without field-sizing shows `min` lines and scrolls.
 */
export const growingLines = (min: number, max: number) =>
  ({
    multiline: true,
    rows: min,
    // A plain text area: MUI draws its measuring one for any other.
    slotProps: { input: { inputComponent: 'textarea' } },
    sx: { '& textarea': { fieldSizing: 'content', minHeight: `${min}lh`, maxHeight: `${max}lh` } },
  }) as const;

/** The message of the error at a path: its own, or its list's (a field array keeps list-wide errors at `root`). */
export function useErrorAt(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message || error?.root?.message || undefined;
}

type TextProps = {
  name: string;
  label: string;
  required?: boolean;
  helperText?: string;
  /** The keyboard a phone opens (`numeric`: digits); set on the <input>, where a phone reads it. */
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
} & Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'error' | 'inputMode'>;

export function TextInput({ name, label, required, helperText, inputMode, slotProps, ...rest }: TextProps) {
  const { field, fieldState } = useController({ name });
  return (
    <TextField
      {...rest}
      slotProps={inputMode ? { ...slotProps, htmlInput: { ...slotProps?.htmlInput, inputMode } } : slotProps}
      name={field.name}
      inputRef={field.ref}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      label={label}
      required={required}
      error={!!fieldState.error}
      helperText={withHint(fieldState.error?.message, helperText)}
      fullWidth
    />
  );
}

/** A field's problem above its hint: the hint (a phone's 'With country code, e.g. ...') still shows how to fix it. */
function withHint(error: string | undefined, hint: string | undefined) {
  if (!error || !hint || error === hint) return error ?? hint;
  return (
    <>
      {error}
      <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        {hint}
      </Box>
    </>
  );
}

export interface Choice {
  id: number | string;
  label: string;
}

type SelectProps = {
  name: string;
  label: string;
  choices: Choice[];
  required?: boolean;
  emptyLabel?: string;
  helperText?: string;
} & Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'error' | 'select'>;

/** A single choice; the empty entry clears it unless the field is required. */
export function SelectInput({ name, label, choices, required, emptyLabel, helperText, ...rest }: SelectProps) {
  const { field, fieldState } = useController({ name });
  const value = field.value === null || field.value === undefined ? '' : String(field.value);
  return (
    <TextField
      {...rest}
      select
      name={field.name}
      inputRef={field.ref}
      value={value}
      onChange={(e) => {
        const chosen = choices.find((c) => String(c.id) === e.target.value);
        field.onChange(chosen ? chosen.id : '');
      }}
      onBlur={field.onBlur}
      label={label}
      required={required}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth
    >
      {!required && <MenuItem value="">{emptyLabel ?? '—'}</MenuItem>}
      {choices.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function SwitchInput({
  name,
  label,
  helperText,
  disabled,
}: {
  name: string;
  label: string;
  helperText?: string;
  disabled?: boolean;
}) {
  const { field } = useController({ name });
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            name={field.name}
            inputRef={field.ref}
            checked={field.value === true}
            onChange={(e) => field.onChange(e.target.checked)}
            disabled={disabled}
          />
        }
        label={label}
      />
      {helperText && <FormHelperText sx={{ mt: -0.5, ml: 6 }}>{helperText}</FormHelperText>}
    </Box>
  );
}

/** Several ids of a small enum as toggle chips (employment types, job-search situation). */
export function ChipsInput({
  name,
  label,
  choices,
  required,
}: {
  name: string;
  label: string;
  choices: Choice[];
  required?: boolean;
}) {
  const { field } = useController({ name });
  const error = useErrorAt(name);
  const selected = Array.isArray(field.value) ? (field.value as (number | string)[]) : [];
  const toggle = (id: number | string) => {
    field.onChange(selected.includes(id) ? selected.filter((v) => v !== id) : [...selected, id]);
    field.onBlur();
  };
  return (
    <FormControl component="fieldset" error={!!error} required={required} sx={{ width: '100%' }}>
      <FormLabel component="legend" sx={{ mb: 1, fontSize: 14 }}>
        {label}
      </FormLabel>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} role="group" aria-label={label}>
        {choices.map((c) => {
          const on = selected.includes(c.id);
          return (
            <Chip
              key={c.id}
              label={c.label}
              clickable
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => toggle(c.id)}
              aria-pressed={on}
              role="button"
            />
          );
        })}
      </Stack>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

/** Yes, no or not given (a boolean without a default). */
export function YesNoInput({
  name,
  label,
  yes,
  no,
  unset,
}: {
  name: string;
  label: string;
  yes: string;
  no: string;
  unset: string;
}) {
  const { field } = useController({ name });
  const value = field.value === true ? 'yes' : field.value === false ? 'no' : '';
  return (
    <TextField
      select
      name={field.name}
      inputRef={field.ref}
      label={label}
      value={value}
      onChange={(e) => field.onChange(e.target.value === 'yes' ? true : e.target.value === 'no' ? false : null)}
      onBlur={field.onBlur}
      fullWidth
    >
      <MenuItem value="">{unset}</MenuItem>
      <MenuItem value="yes">{yes}</MenuItem>
      <MenuItem value="no">{no}</MenuItem>
    </TextField>
  );
}

/** The message of a list-wide problem (e.g. duplicate skills), shown under the list. */
export function ListError({ name }: { name: string }) {
  const error = useErrorAt(name);
  return error ? (
    <FormHelperText error sx={{ mx: 0 }} role="alert">
      {error}
    </FormHelperText>
  ) : null;
}

/** Watches a value of the form (a thin alias that keeps sections free of react-hook-form details). */
export function useValue<T>(name: string): T {
  return useWatch({ name }) as T;
}
