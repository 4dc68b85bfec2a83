/**
 * The search page's filters in the talent list, under their short keys (the list's `filter`
 * takes them as /search does): job titles, skills, preferred and current locations, languages,
 * industries, employment types, notice periods, the candidate's situation, expected salary in a
 * chosen currency, years of experience and remote work. A click away under "Add filter".
 * The lookups' filters are the talent form's pickers: a typed name is resolved by the lookup's autocomplete
 * (`GET /<kind>/search`, the one name matcher: 'Zurich' finds Zürich, 'AWS' Amazon Web Services, 'R' the skill R),
 * and a city shows its country's code, so the two Londons differ.
 */
import { Box } from '@mui/material';
import type { ReactElement } from 'react';
import { BooleanInput, NumberInput, SelectArrayInput, SelectInput, useInput } from 'react-admin';
import { t } from '../../../../i18n';
import { entity } from '../../../../schema';
import { SALARY_CURRENCIES } from '../../../../schema/entities/talentOptions';
import { LookupPicker } from '../../../../ui/candidate-profile/LookupInput';
import { LookupProvider, type LookupId } from '../../../../ui/candidate-profile/lookups';
import { choicesOf } from '../../../fields/fieldMeta';
import { consoleLookups } from './talentApi';

const candidate = entity('candidate');
const label = (key: string) => t(`search.filters.${key}`);

/** One lookup filter: the ids chosen in the talent form's picker, under the filter's short key. */
function LookupFilter({ source, reference }: { source: string; reference: string; label: string }) {
  const { field } = useInput({ source });
  const value = field.value as LookupId | LookupId[] | null | undefined;
  const ids = Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value];
  return (
    <LookupProvider client={consoleLookups}>
      <Box sx={{ minWidth: 240 }}>
        <LookupPicker
          resource={reference}
          label={label(source)}
          name={source}
          multiple
          value={ids}
          onChange={(next) => field.onChange(next.length ? next : undefined)}
          onBlur={field.onBlur}
        />
      </Box>
    </LookupProvider>
  );
}

function lookup(source: string, reference: string): ReactElement {
  return <LookupFilter key={source} source={source} reference={reference} label={label(source)} />;
}

const NOTICE = [0, 1, 2, 3].map((id) => ({ id, name: t(`search.noticePeriods.${id}`) }));

export function talentSearchFilters(): ReactElement[] {
  return [
    lookup('jt', 'job-titles'),
    lookup('s', 'skills'),
    lookup('l', 'cities'),
    lookup('cl', 'cities'),
    lookup('lang', 'languages'),
    lookup('i', 'industries'),
    <SelectArrayInput
      key="te"
      source="te"
      label={label('te')}
      choices={choicesOf(candidate.fields.typeOfEmployment)}
      sx={{ minWidth: 200 }}
    />,
    <SelectArrayInput key="np" source="np" label={label('np')} choices={NOTICE} sx={{ minWidth: 200 }} />,
    <SelectArrayInput
      key="cs"
      source="cs"
      label={label('cs')}
      choices={choicesOf(candidate.fields.candidateStatus)}
      sx={{ minWidth: 200 }}
    />,
    <NumberInput key="sf" source="sf" label={label('sf')} min={0} step={100} />,
    <NumberInput key="st" source="st" label={label('st')} min={0} step={100} />,
    <SelectInput
      key="cur"
      source="cur"
      label={label('cur')}
      choices={SALARY_CURRENCIES.map((c) => ({ id: c, name: c }))}
      emptyText="SGD"
    />,
    <NumberInput key="ef" source="ef" label={label('ef')} min={0} max={99} />,
    <NumberInput key="et" source="et" label={label('et')} min={0} max={99} />,
    <BooleanInput key="r" source="r" label={label('r')} />,
  ];
}
