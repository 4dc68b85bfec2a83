/**
 * The search page's filters in the talent list, under their short keys (the list's `filter`
 * takes them as /search does): job titles, skills, preferred and current locations, languages,
 * industries, employment types, notice periods, the candidate's situation, expected salary in a
 * chosen currency, years of experience and remote work. A click away under "Add filter".
 */
import type { ReactElement } from 'react';
import {
  AutocompleteArrayInput,
  BooleanInput,
  NumberInput,
  ReferenceArrayInput,
  SelectArrayInput,
  SelectInput,
} from 'react-admin';
import { t } from '../../../../i18n';
import { entity } from '../../../../schema';
import { SALARY_CURRENCIES } from '../../../../schema/entities/talentOptions';
import { choicesOf } from '../../../fields/fieldMeta';

const candidate = entity('candidate');
const label = (key: string) => t(`search.filters.${key}`);

function lookup(source: string, reference: string): ReactElement {
  return (
    <ReferenceArrayInput
      key={source}
      source={source}
      label={label(source)}
      reference={reference}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={20}
    >
      <AutocompleteArrayInput
        label={label(source)}
        optionText="name"
        filterToQuery={(q: string) => ({ q })}
        sx={{ minWidth: 240 }}
      />
    </ReferenceArrayInput>
  );
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
