/**
 * The form input of a field, chosen by its kind, with the schema's rules as client-side
 * validation. Nested `object` and `objectList` fields recurse into their declared fields.
 */
import { Box, Typography } from '@mui/material';
import {
  ArrayInput,
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  Labeled,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectArrayInput,
  SelectInput,
  SimpleFormIterator,
  TextArrayInput,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { t } from '../../i18n';
import type { EntityDef, FieldDef } from '../../schema';
import { DayInput } from './DayInput';
import { FieldDefDisplay } from './DisplayField';
import { IconInput } from './IconInput';
import { choicesOf, isVisible, labelOf, targetOf, titleCase } from './fieldMeta';
import { isEmpty, fieldSchema } from '../../schema/validation/entitySchemas';

const formatJson = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v, null, 2);
const parseJson = (text: string) => {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

type Validator = ((value: unknown) => string | undefined) & { isRequired?: boolean };

/** Same key shape as the server: '<field>.errors.<rule>', or the rule itself when it is a full key. */
const messageFor = (name: string, rule: string) => t(rule.includes('.') ? rule : `${name}.errors.${rule}`);

/**
 * The field's compiled schema (schema/validation/entitySchemas.ts, the API's own) as react-admin
 * validators, so a mistake reads the same whichever side catches it first. Problems inside nested
 * items are shown by the items' own inputs; uniqueness and references only the server can check.
 */
function validatorsFor(name: string, def: FieldDef, required: boolean): Validator[] {
  const validators: Validator[] = [];
  if (required)
    validators.push(
      Object.assign((v: unknown) => (isEmpty(v) ? messageFor(name, 'required') : undefined), { isRequired: true }),
    );
  validators.push((v: unknown) => {
    if (isEmpty(v)) return undefined;
    const parsed = fieldSchema(def).safeParse(v instanceof Date ? v.toISOString() : v);
    const own = parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path.length === 0);
    return own ? messageFor(name, own.message) : undefined;
  });
  return validators;
}

interface InputProps {
  field: FieldDef;
  /** Form path, e.g. 'companyName' or 'skills.0.skillId' inside a list. */
  source: string;
  /** Key the field is declared under; message keys are built from it. */
  name: string;
  label: string;
  /** Shown but not editable: a read-only field, or one the signed-in admin may not change. */
  readOnly?: boolean;
  /** Asked for although not `required` in the schema (a `requiredOnCreate` field on a create form). */
  required?: boolean;
}

/** Assistive technology hears a required input as required, beside the label's asterisk. */
const ARIA_REQUIRED = { 'aria-required': true } as const;

function SubFields({
  fields,
  prefix,
  readOnly,
}: {
  fields: Record<string, FieldDef>;
  prefix: string;
  readOnly: boolean;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        columnGap: 2,
        width: '100%',
      }}
    >
      {Object.entries(fields)
        .filter(([, sub]) => isVisible(sub))
        .map(([key, sub]) => (
          <FieldDefInput
            key={key}
            field={sub}
            source={`${prefix}${key}`}
            name={key}
            label={sub.label ?? titleCase(key)}
            readOnly={readOnly}
          />
        ))}
    </Box>
  );
}

export function FieldDefInput({ field, source, name, label, readOnly, required }: InputProps) {
  const locked = !!readOnly || !!field.readOnly;
  const asked = !locked && (!!field.required || !!required);
  const common = {
    source,
    label,
    validate: locked ? undefined : validatorsFor(name, field, asked),
    readOnly: locked,
    fullWidth: true,
  };
  // The html input's own attributes, where the input takes them (text and number fields).
  const html = asked ? { slotProps: { htmlInput: ARIA_REQUIRED } } : {};
  if (field.display === 'icon')
    return <IconInput source={source} label={label} validate={common.validate} readOnly={locked} />;
  switch (field.kind) {
    case 'text':
      return <TextInput {...common} {...html} multiline minRows={3} />;
    case 'email':
      return <TextInput {...common} {...html} type="email" />;
    case 'url':
      return <TextInput {...common} {...html} type="url" />;
    case 'phone':
      return <TextInput {...common} {...html} type="tel" />;
    case 'integer':
      return <NumberInput {...common} {...html} step={1} />;
    case 'decimal':
      return <NumberInput {...common} {...html} step={0.01} />;
    case 'boolean':
      return <BooleanInput {...common} fullWidth={false} validate={undefined} />;
    case 'date':
      return <DayInput {...common} />;
    case 'datetime':
      return <DayInput {...common} withTime />;
    case 'enum':
      return <SelectInput {...common} choices={choicesOf(field)} emptyText={field.required ? undefined : '—'} />;
    case 'enumList':
      return <SelectArrayInput {...common} choices={choicesOf(field)} />;
    case 'stringList':
      return <TextArrayInput {...common} helperText={t('admin.form.listHelp')} />;
    case 'json':
      return <TextInput {...common} multiline minRows={4} format={formatJson} parse={parseJson} />;
    case 'object':
      return (
        <Box sx={{ width: '100%', mb: 1 }}>
          <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
            {label}
          </Typography>
          <SubFields fields={field.fields ?? {}} prefix={`${source}.`} readOnly={locked} />
        </Box>
      );
    case 'objectList':
      if (locked) {
        return (
          <Labeled label={label} fullWidth>
            <FieldDefDisplay field={field} source={source} />
          </Labeled>
        );
      }
      return (
        <ArrayInput source={source} label={label}>
          <SimpleFormIterator inline disableReordering>
            <SubFields fields={field.fields ?? {}} prefix="" readOnly={locked} />
          </SimpleFormIterator>
        </ArrayInput>
      );
    case 'ref': {
      const { resource, titleField } = targetOf(field);
      const { source: _source, ...rest } = common;
      return (
        <ReferenceInput source={source} reference={resource} sort={{ field: titleField, order: 'ASC' }}>
          <AutocompleteInput
            {...rest}
            optionText={titleField}
            filterToQuery={(q: string) => ({ q })}
            // The autocomplete's own html input props stay: the attribute joins them through the input's slot.
            TextFieldProps={asked ? { InputProps: { slotProps: { input: ARIA_REQUIRED } } } : undefined}
          />
        </ReferenceInput>
      );
    }
    case 'refList': {
      const { resource, titleField } = targetOf(field);
      const { source: _source, ...rest } = common;
      return (
        <ReferenceArrayInput source={source} reference={resource} sort={{ field: titleField, order: 'ASC' }}>
          <AutocompleteArrayInput
            {...rest}
            optionText={titleField}
            filterToQuery={(q: string) => ({ q })}
            // Chips sit where an outlined label would rest: keep the label raised.
            TextFieldProps={{ slotProps: { inputLabel: { shrink: true } } }}
          />
        </ReferenceArrayInput>
      );
    }
    default:
      return <TextInput {...common} {...html} />;
  }
}

/**
 * The input of one of an entity's own fields; nothing for hidden fields and secrets. A create form (no record id yet)
 * also asks for the fields the entity's writes refuse a create without (`requiredOnCreate`).
 */
export function FieldInput({ entity, source, readOnly }: { entity: EntityDef; source: string; readOnly?: boolean }) {
  const record = useRecordContext();
  const field = entity.fields[source];
  if (!isVisible(field)) return null;
  const creating = record?.id === undefined || record?.id === null;
  return (
    <FieldDefInput
      field={field}
      source={source}
      name={source}
      label={labelOf(entity, source)}
      readOnly={readOnly}
      required={creating && !!field.requiredOnCreate}
    />
  );
}
