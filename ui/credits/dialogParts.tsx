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

export async function findCompanies(q: string): Promise<Option[]> {
  const { data } = await apiList<{ id: string; companyName: string }>('companies', {
    sort: ['companyName', 'ASC'],
    range: [0, 19],
    filter: q ? { q } : {},
  });
  return data.map((c) => ({ id: c.id, label: c.companyName }));
}

export function CompanyPicker({
  value,
  onChange,
  error,
  label,
}: {
  value: Option | null;
  onChange(o: Option | null): void;
  error?: string;
  label?: string;
}) {
  const [options, setOptions] = useState<Option[]>([]);
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => findCompanies(text).then(setOptions, () => setOptions([])), 200);
    return () => clearTimeout(timer);
  }, [text]);
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
