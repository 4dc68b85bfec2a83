/** An admin's choice of company for the recruiter dashboard, kept in the URL by its id. */
import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { t } from '../../../i18n';
import { apiList } from '../../../ui/api/client';
import { useChosen } from './DashboardFilters';

interface Option {
  id: string;
  label: string;
}

const companyName = (c: Record<string, string>) => c.companyName;

export function CompanyChoice({ value, onChange }: { value: string | null; onChange(id: string | undefined): void }) {
  const [options, setOptions] = useState<Option[]>([]);
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(
      () =>
        apiList<{ id: string; companyName: string }>('companies', {
          sort: ['companyName', 'ASC'],
          range: [0, 49],
          filter: text ? { q: text } : {},
        }).then(
          ({ data }) => setOptions(data.map((c) => ({ id: c.id, label: c.companyName }))),
          () => setOptions([]),
        ),
      200,
    );
    return () => clearTimeout(timer);
  }, [text]);
  const selected = useChosen('companies', value, options, companyName);
  return (
    <Autocomplete
      size="small"
      sx={{ minWidth: 240 }}
      options={options}
      value={selected}
      onChange={(_, o) => onChange(o?.id)}
      onInputChange={(_, v, reason) => reason === 'input' && setText(v)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      renderInput={(params) => <TextField {...params} label={t('portal.dashboard.filters.company')} />}
    />
  );
}
