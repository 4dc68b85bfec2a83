/**
 * The console's date inputs: the product's day field (ui/components/DayField.tsx) bound to react-admin's form through
 * `useInput`, so a day reads '2 Dec 2026' in any browser language, as the console shows dates, where react-admin's
 * DateInput and DateTimeInput follow the browser's (12/02/2026 in en-US). A form stores what they stored: an ISO day,
 * or null for none; `withTime`, an ISO instant (the time read in the browser's zone, as it is shown).
 *
 * Text that reads as no day becomes the form's value in a form, so its first rule refuses it and Save shows why; in a
 * list's filters (`inFilter`), it stays out of the filter and the field only says so.
 */
import { InputHelperText, useInput, type InputProps, type Validator } from 'react-admin';
import type { SxProps, Theme } from '@mui/material';
import { t } from '../../i18n';
import { DayField } from '../../ui/components/DayField';
import { dayOf, instantOf } from '../../ui/components/dayTime';

type Props = Omit<InputProps, 'label' | 'helperText'> & {
  label?: string;
  helperText?: string | false;
  withTime?: boolean;
  inFilter?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  className?: string;
  sx?: SxProps<Theme>;
  /** Read by react-admin's filter form from the element. */
  alwaysOn?: boolean;
};

const asList = (validate: InputProps['validate']): Validator[] =>
  Array.isArray(validate) ? validate : validate ? [validate] : [];

export function DayInput({
  label,
  helperText,
  withTime,
  inFilter,
  fullWidth,
  size,
  className,
  sx,
  alwaysOn: _alwaysOn,
  validate,
  readOnly,
  disabled,
  ...props
}: Props) {
  const readable = (value: unknown) =>
    value === null || value === undefined || value === '' || (withTime ? instantOf : dayOf)(String(value))
      ? undefined
      : t(withTime ? 'portal.dayField.withTimeInvalid' : 'portal.dayField.invalid');
  const { field, fieldState, id, isRequired } = useInput({
    ...props,
    readOnly,
    disabled,
    validate: [readable, ...asList(validate)],
  });
  const message = fieldState.error?.message;
  return (
    <DayField
      id={id}
      name={field.name}
      inputRef={field.ref}
      label={label ?? props.source}
      value={field.value as string | null}
      onChange={(day) => field.onChange(day)}
      onUnreadable={inFilter ? undefined : (text) => field.onChange(text)}
      onBlur={field.onBlur}
      withTime={withTime}
      required={isRequired}
      readOnly={readOnly}
      disabled={disabled}
      error={fieldState.invalid}
      helperText={
        message || helperText !== false ? <InputHelperText error={message} helperText={helperText} /> : undefined
      }
      size={size}
      fullWidth={fullWidth}
      className={['ra-input', `ra-input-${props.source}`, className].filter(Boolean).join(' ')}
      sx={sx}
    />
  );
}
