/**
 * What the credit dialogs (CreditDialogs.tsx) share: a choice searched on the server as people type
 * (SearchPicker: the company choice, a search of 20 companies by name, and the order form's member) and
 * the reading of a refusal into field errors or one message.
 */
import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n';
import { ApiError, apiList } from '../api/client';

export interface Option {
  id: string;
  label: string;
}

/** Up to 20 companies whose name holds `q`, among those `only` selects (`{ companyType }` for the order form's). */
export async function findCompanies(q: string, only: Record<string, unknown> = {}): Promise<Option[]> {
  const { data } = await apiList<{ id: string; companyName: string }>('companies', {
    sort: ['companyName', 'ASC'],
    range: [0, 19],
    filter: q ? { ...only, q } : only,
  });
  return data.map((c) => ({ id: c.id, label: c.companyName }));
}

/**
 * An autocomplete whose options the server finds as people type (`find`, 200 ms after the last key; every option
 * matching the text, none filtered again in the browser). `findKey` names what `find` depends on besides the text (a
 * company chosen), so a change asks again.
 */
export function SearchPicker({
  value,
  onChange,
  find,
  findKey,
  label,
  error,
  disabled,
}: {
  value: Option | null;
  onChange(o: Option | null): void;
  find(q: string): Promise<Option[]>;
  findKey: string;
  label: string;
  error?: string;
  disabled?: boolean;
}) {
  const [options, setOptions] = useState<Option[]>([]);
  const [text, setText] = useState('');
  const findRef = useRef(find);
  findRef.current = find;
  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () =>
        findRef.current(text.trim()).then(
          (o) => live && setOptions(o),
          () => live && setOptions([]),
        ),
      200,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, findKey]);
  return (
    <Autocomplete
      options={options}
      value={value}
      disabled={disabled}
      onChange={(_, o) => onChange(o)}
      onInputChange={(_, v) => setText(v)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      renderInput={(params) => (
        <TextField {...params} label={label} error={Boolean(error)} helperText={error ? t(error) : undefined} />
      )}
    />
  );
}

export function CompanyPicker({
  value,
  onChange,
  error,
  label,
  only,
}: {
  value: Option | null;
  onChange(o: Option | null): void;
  error?: string;
  label?: string;
  /** The companies offered, as a list filter (`{ companyType }`); every company when absent. */
  only?: Record<string, unknown>;
}) {
  // `only` is usually a literal of the dialog drawing the picker: its content, not its identity, says what to offer.
  const onlyKey = JSON.stringify(only ?? {});
  return (
    <SearchPicker
      value={value}
      onChange={onChange}
      find={(q) => findCompanies(q, JSON.parse(onlyKey) as Record<string, unknown>)}
      findKey={onlyKey}
      label={label ?? t('credits.page.company')}
      error={error}
    />
  );
}

/** The field errors of a refusal as {field: text}, or the server's message / somethingWentWrong. */
export function refusal(err: unknown): { fields: Record<string, string>; message?: string } {
  if (err instanceof ApiError && Object.keys(err.fields).length) return { fields: err.fields };
  return {
    fields: {},
    message:
      err instanceof ApiError && err.status < 500 && err.message !== err.code
        ? err.message
        : t('messages.somethingWentWrong'),
  };
}
