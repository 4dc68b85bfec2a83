/** How a field's value reads in lists and on show pages, chosen by the field's kind. */
import { Box, Chip, Stack, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import {
  ArrayField,
  BooleanField,
  ChipField,
  DataTable,
  FunctionField,
  Labeled,
  NumberField,
  RecordContextProvider,
  ReferenceArrayField,
  ReferenceField,
  SelectField,
  SingleFieldList,
  TextArrayField,
  TextField,
  useRecordContext,
} from 'react-admin';
import { entity as entityNamed, mailtoHref, type EntityDef, type FieldDef } from '../../schema';
import { formatDate, formatDateTime } from '../../schema/rules/dates';
import { choicesOf, isVisible, recordLabel, targetOf, titleCase } from './fieldMeta';
import { t } from '../../i18n';
import { jsonLines } from './readable';
import { IconDisplay } from './IconInput';
import { MoneyDisplay } from './MoneyDisplay';

const LOCALE = 'en-SG';
const EMPTY = '—';
// Links inside a clickable row open the link, not the row.
const stop = (e: MouseEvent) => e.stopPropagation();

/** A date or date-time as every screen writes it (formatDate, formatDateTime); lists show the day only, the show page the time. */
function DateText({
  source,
  emptyText,
  time,
  day,
}: {
  source: string;
  emptyText?: string;
  time?: boolean;
  day?: boolean;
}) {
  return (
    <FunctionField
      source={source}
      sx={{ whiteSpace: 'nowrap' }}
      render={(record) => {
        const value = record?.[source] as string | null | undefined;
        const text = day
          ? formatDate(value ? String(value).slice(0, 10) : value)
          : time
            ? formatDateTime(value)
            : formatDate(value);
        return text ?? emptyText ?? '';
      }}
    />
  );
}

type ChipColor = 'success' | 'warning' | 'default' | 'info';

/** Status colours by the value's key, so every entity's status reads alike. */
function statusColor(key: string): ChipColor {
  if (key === 'active') return 'success';
  if (key.startsWith('pending')) return 'warning';
  if (key.startsWith('semi')) return 'info';
  return 'default';
}

function StatusChip({ source, field }: { source: string; field: FieldDef }) {
  const record = useRecordContext();
  const choice = field.choices?.find((c) => c.id === record?.[source]);
  if (!choice) return null;
  return (
    <Chip
      size="small"
      label={choice.label}
      color={statusColor(choice.key)}
      variant={choice.key === 'inactive' ? 'outlined' : 'filled'}
      sx={{ width: 'fit-content' }}
    />
  );
}

function EnumChips({ source, field }: { source: string; field: FieldDef }) {
  const record = useRecordContext();
  const ids = (record?.[source] as number[] | undefined) ?? [];
  return (
    <Stack direction="row" gap={0.5} flexWrap="wrap">
      {ids.map((id) => (
        <Chip key={id} size="small" variant="outlined" label={field.choices?.find((c) => c.id === id)?.label ?? id} />
      ))}
    </Stack>
  );
}

function NestedObject({ source, field }: { source: string; field: FieldDef }) {
  const record = useRecordContext();
  const value = record?.[source] as Record<string, unknown> | null | undefined;
  if (!value) return null;
  return (
    <RecordContextProvider value={value}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
        {Object.entries(field.fields ?? {})
          .filter(([, sub]) => isVisible(sub))
          .map(([key, sub]) => (
            <Labeled key={key} label={sub.label ?? titleCase(key)}>
              <FieldDefDisplay field={sub} source={key} />
            </Labeled>
          ))}
      </Box>
    </RecordContextProvider>
  );
}

/**
 * A JSON value as labelled 'Key: value' parts (readable.ts): one line in a list, one line a key on a
 * show page. Keys read through the catalogue's labels of the entity's field where it has them.
 */
function JsonText({
  source,
  entity,
  compact,
  emptyText,
}: {
  source: string;
  entity?: string;
  compact?: boolean;
  emptyText?: string;
}) {
  const record = useRecordContext();
  const lines = jsonLines(record?.[source], entity, source);
  if (lines.length === 0) return emptyText ? <Typography variant="body2">{emptyText}</Typography> : null;
  if (compact)
    return (
      <Typography
        variant="body2"
        sx={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {lines.join(', ')}
      </Typography>
    );
  return (
    <Box>
      {lines.map((line, i) => (
        <Typography key={i} variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {line}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * How a number is written, from its declaration: a decimal keeps every digit of its declared scale (a rate of
 * 0.000085 is not "0"); a number that names (`display: 'plain'`: an id, a year) has no thousands separators.
 */
export function numberOptions(field: FieldDef): Intl.NumberFormatOptions | undefined {
  if (field.display === 'plain') return { useGrouping: false, maximumFractionDigits: 0 };
  if (field.kind === 'decimal') return { maximumFractionDigits: field.precision?.[1] ?? 2 };
  return undefined;
}

/**
 * A reference that outlives its record (`onDelete: 'keep'`, a credit log's project): the record's title linking to it
 * while it exists, 'Deleted project' once it is gone, nothing when the row names none.
 */
function KeptReference({ source, field, emptyText }: { source: string; field: FieldDef; emptyText?: string }) {
  const record = useRecordContext();
  const { resource } = targetOf(field);
  if (record?.[source] === null || record?.[source] === undefined)
    return emptyText ? <Typography variant="body2">{emptyText}</Typography> : null;
  const gone = t('admin.list.deleted', { label: recordLabel(entityNamed(field.ref as string)).toLowerCase() });
  return <ReferenceField source={source} reference={resource} link="show" empty={gone} />;
}

interface DisplayProps {
  field: FieldDef;
  source: string;
  /** The entity's name, whose catalogue labels a JSON field's keys. */
  entity?: string;
  /** Lists keep long values to one line; show pages print them whole. */
  compact?: boolean;
}

export function FieldDefDisplay({ field, source, compact, entity }: DisplayProps) {
  // Show pages say a value is missing; lists leave the cell blank.
  const emptyText = compact ? undefined : EMPTY;
  if (field.display === 'icon') return <IconDisplay source={source} />;
  if (field.display === 'money') return <MoneyDisplay source={source} emptyText={emptyText} />;
  switch (field.kind) {
    case 'enum':
      return source === 'status' ? (
        <StatusChip source={source} field={field} />
      ) : (
        <SelectField source={source} emptyText={emptyText} choices={choicesOf(field)} />
      );
    case 'enumList':
      return <EnumChips source={source} field={field} />;
    case 'boolean':
      return <BooleanField source={source} emptyText={emptyText} />;
    case 'integer':
    case 'decimal':
      // A number that stands for one of a few kinds (an actor's kind) reads as the kind's label.
      if (field.choices?.length)
        return <SelectField source={source} emptyText={emptyText} choices={choicesOf(field)} />;
      return <NumberField source={source} emptyText={emptyText} locales={LOCALE} options={numberOptions(field)} />;
    case 'date':
      // Calendar days without a time zone: the day as given.
      return <DateText source={source} emptyText={emptyText} day />;
    case 'datetime':
      return <DateText source={source} emptyText={emptyText} time={!compact} />;
    case 'email':
      // In lists the whole row is the link; a mailto link would swallow clicks on the address.
      return compact ? (
        <TextField source={source} emptyText={emptyText} />
      ) : (
        <EmailLink source={source} emptyText={emptyText} />
      );
    case 'url':
      return <UrlLink source={source} emptyText={emptyText} />;
    case 'stringList':
      return <TextArrayField source={source} />;
    case 'ref': {
      const { resource } = targetOf(field);
      if (field.onDelete === 'keep') return <KeptReference source={source} field={field} emptyText={emptyText} />;
      return <ReferenceField source={source} emptyText={emptyText} reference={resource} link="show" />;
    }
    case 'refList': {
      const { resource, titleField } = targetOf(field);
      return (
        <ReferenceArrayField source={source} reference={resource}>
          <SingleFieldList linkType={false}>
            <ChipField source={titleField} size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
      );
    }
    case 'object':
      return compact ? (
        <FunctionField source={source} render={(r) => (r[source] ? '…' : '')} />
      ) : (
        <NestedObject source={source} field={field} />
      );
    case 'objectList':
      if (compact)
        return <FunctionField source={source} render={(r) => String((r[source] as unknown[] | null)?.length ?? 0)} />;
      return (
        <ArrayField source={source}>
          <DataTable bulkActionButtons={false} rowClick={false} hover={false}>
            {Object.entries(field.fields ?? {})
              .filter(([, sub]) => isVisible(sub))
              .map(([key, sub]) => (
                <DataTable.Col key={key} source={key} label={sub.label ?? titleCase(key)} disableSort>
                  <FieldDefDisplay field={sub} source={key} compact />
                </DataTable.Col>
              ))}
          </DataTable>
        </ArrayField>
      );
    case 'json':
      return <JsonText source={source} entity={entity} compact={compact} emptyText={emptyText} />;
    case 'text':
      return compact ? (
        <TextField
          source={source}
          emptyText={emptyText}
          sx={{ display: 'block', maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        />
      ) : (
        <TextField source={source} emptyText={emptyText} sx={{ whiteSpace: 'pre-wrap' }} />
      );
    default:
      return <TextField source={source} emptyText={emptyText} />;
  }
}

/** An address as a `mailto:` link whose parts are encoded (mailtoHref): it never adds recipients or a body. */
function EmailLink({ source, emptyText }: { source: string; emptyText?: string }) {
  const record = useRecordContext();
  const email = record?.[source];
  if (typeof email !== 'string' || !email)
    return emptyText ? <Typography variant="body2">{emptyText}</Typography> : null;
  return (
    <Typography component="a" variant="body2" href={mailtoHref(email)} onClick={stop} color="primary">
      {email}
    </Typography>
  );
}

function UrlLink({ source, emptyText }: { source: string; emptyText?: string }) {
  const record = useRecordContext();
  const href = record?.[source];
  if (typeof href !== 'string' || !/^https?:\/\//i.test(href))
    return emptyText ? <Typography variant="body2">{emptyText}</Typography> : null;
  return (
    <Typography
      component="a"
      variant="body2"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={stop}
      color="primary"
    >
      {href.replace(/^https?:\/\/(www\.)?/i, '')}
    </Typography>
  );
}

/** One of an entity's fields or computed values. */
export function DisplayField({ entity, source, compact }: { entity: EntityDef; source: string; compact?: boolean }) {
  const field = entity.fields[source];
  if (field)
    return isVisible(field) ? (
      <FieldDefDisplay field={field} source={source} compact={compact} entity={entity.name} />
    ) : null;
  const computed = entity.computed?.[source];
  const emptyText = compact ? undefined : EMPTY;
  if (computed?.kind === 'integer') return <NumberField source={source} emptyText={emptyText} locales={LOCALE} />;
  if (computed?.kind === 'datetime') return <DateText source={source} emptyText={emptyText} time={!compact} />;
  if (computed?.kind === 'boolean') return <BooleanField source={source} emptyText={emptyText} />;
  return <TextField source={source} emptyText={emptyText} />;
}
