/**
 * List filters from `admin.list.filters`: the `q` text search (where the entity has searchable fields) plus one input
 * per listed field, all kept in the URL by react-admin.
 */
import type { ReactElement } from 'react';
import {
  AutocompleteInput,
  NullableBooleanInput,
  NumberInput,
  ReferenceInput,
  SelectArrayInput,
  SelectInput,
  TextInput,
} from 'react-admin';
import { t } from '../../i18n';
import type { EntityDef } from '../../schema';
import { DayInput } from './DayInput';
import { SearchBox } from './SearchBox';
import { choicesOf, isVisible, labelOf, targetOf } from './fieldMeta';

function filterInput(entity: EntityDef, name: string): ReactElement | null {
  if (name === 'q') return <SearchBox key="q" source="q" alwaysOn placeholder={t('admin.list.search')} />;
  const field = entity.fields[name];
  if (!isVisible(field) || field.filterable === false) return null;
  const label = labelOf(entity, name);
  switch (field.kind) {
    case 'enum':
      return (
        <SelectInput
          key={name}
          source={name}
          label={label}
          choices={choicesOf(field)}
          emptyText={t('admin.list.any')}
          alwaysOn
        />
      );
    case 'enumList':
      return (
        <SelectArrayInput
          key={name}
          source={name}
          label={label}
          choices={choicesOf(field)}
          alwaysOn
          sx={{ minWidth: 200 }}
        />
      );
    case 'boolean':
      return <NullableBooleanInput key={name} source={name} label={label} alwaysOn />;
    case 'integer':
    case 'decimal':
      return <NumberInput key={name} source={name} label={label} alwaysOn />;
    case 'date':
    case 'datetime':
      // A day for an instant too, as the filter always took.
      return <DayInput key={name} source={name} label={label} alwaysOn inFilter sx={{ width: 200 }} />;
    case 'ref':
    case 'refList': {
      const { resource, titleField } = targetOf(field);
      return (
        <ReferenceInput
          key={name}
          source={name}
          reference={resource}
          sort={{ field: titleField, order: 'ASC' }}
          alwaysOn
        >
          <AutocompleteInput
            label={label}
            optionText={titleField}
            filterToQuery={(q: string) => ({ q })}
            sx={{ minWidth: 240 }}
          />
        </ReferenceInput>
      );
    }
    default:
      return <TextInput key={name} source={name} label={label} alwaysOn />;
  }
}

/**
 * The server's `q` looks in the entity's searchable fields and finds nothing when it has none (backend/crud/query.ts,
 * applyFilter): such a list offers no search box, which could only empty it.
 */
const searchable = (entity: EntityDef) => Object.values(entity.fields).some((field) => field.searchable);

export function filterInputs(entity: EntityDef): ReactElement[] {
  return (entity.admin?.list?.filters ?? ['q'])
    .filter((name) => name !== 'q' || searchable(entity))
    .map((name) => filterInput(entity, name))
    .filter((input): input is ReactElement => input !== null);
}
