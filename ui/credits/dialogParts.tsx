/**
 * What the credit dialogs (CreditDialogs.tsx) share: the company choice (a search of 20 companies
 * by name, 200 ms after typing) and the reading of a refusal into field errors or one message.
 */
import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
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
  const [options, setOptions] = useState<Option[]>([]);
  const [text, setText] = useState('');
  // `only` is usually a literal of the dialog drawing the picker: its content, not its identity, says what to offer.
  const onlyKey = JSON.stringify(only ?? {});
  useEffect(() => {
    const filter = JSON.parse(onlyKey) as Record<string, unknown>;
    const timer = setTimeout(() => findCompanies(text, filter).then(setOptions, () => setOptions([])), 200);
    return () => clearTimeout(timer);
  }, [text, onlyKey]);
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_, o) => onChange(o)}
      onInputChange={(_, v) => setText(v)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('credits.page.company')}
          error={Boolean(error)}
          helperText={error ? t(error) : undefined}
        />
      )}
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
