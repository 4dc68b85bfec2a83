/**
 * A stored value in words, for the places a component cannot draw it (a title, a line of a JSON
 * field): a choice by its label, a yes or no, a day as the product writes it, a JSON object as
 * labelled "key: value" parts. Ids of other records are not resolved here (RecordTitle does that).
 */
import { formatCount, hasText, t } from '../../i18n';
import type { EntityDef, FieldDef } from '../../schema';
import { labelKeys } from '../../schema/lib/define';
import { formatDate } from '../../schema/rules/dates';
import { pluralLabel, recordLabel } from './fieldMeta';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** 'correctionId' reads 'Correction id', 'atsRecords' 'Ats records', 'inactive_days' 'Inactive days'. */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const yesNo = (value: boolean) => t(value ? 'ra.boolean.true' : 'ra.boolean.false');

/** One plain value inside a JSON field: a count grouped, a day as formatDate writes it, yes or no. */
function scalarText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'number') return Number.isInteger(value) ? formatCount(value) : String(value);
  if (typeof value === 'string' && ISO_DAY.test(value)) return formatDate(value) ?? value;
  return String(value);
}

type KeyLabel = (key: string) => string;

/** A JSON value as words: an object's entries 'Key: value', a list's items one after the other. */
function jsonText(value: unknown, label: KeyLabel, nested = false): string {
  if (Array.isArray(value)) return value.length ? value.map((v) => jsonText(v, humanise, true)).join(', ') : '—';
  if (value && typeof value === 'object') {
    const parts = jsonParts(value as Record<string, unknown>, nested ? humanise : label);
    const text = parts.join(', ');
    return nested ? `(${text})` : text;
  }
  return scalarText(value);
}

function jsonParts(value: Record<string, unknown>, label: KeyLabel): string[] {
  return Object.entries(value).map(([key, v]) => `${label(key)}: ${jsonText(v, humanise, true)}`);
}

/**
 * A JSON field's value as labelled lines, one per top-level key: the catalogue's label of the key
 * ('entities.<entity>.items.<field>.<key>') where it has one, else the key in words.
 */
export function jsonLines(value: unknown, entity?: string, field?: string): string[] {
  if (value === null || value === undefined) return [];
  const label: KeyLabel = (key) => {
    const catalogued = entity && field ? labelKeys.item(entity, field, key) : undefined;
    return catalogued && hasText(catalogued) ? t(catalogued) : humanise(key);
  };
  if (value && typeof value === 'object' && !Array.isArray(value))
    return jsonParts(value as Record<string, unknown>, label);
  return [jsonText(value, label)];
}

/** A field's value in words, or undefined when it has none or is another record's id (resolved by the caller). */
export function valueText(field: FieldDef | undefined, value: unknown, entity?: string, name?: string) {
  if (value === null || value === undefined || value === '') return undefined;
  switch (field?.kind) {
    case 'enum':
      return field.choices?.find((c) => c.id === value)?.label;
    case 'enumList':
      return (value as number[]).map((id) => field.choices?.find((c) => c.id === id)?.label ?? String(id)).join(', ');
    case 'boolean':
      return yesNo(!!value);
    case 'date':
      return formatDate(String(value).slice(0, 10));
    case 'datetime':
      return formatDate(value as string);
    case 'json':
    case 'object':
    case 'objectList':
      return jsonLines(value, entity, name).join(', ');
    case 'ref':
    case 'refList':
      return undefined;
    default:
      return typeof value === 'object' ? undefined : String(value);
  }
}

/** The number of a record's id ('CreditLog:5' is 5), for a record nothing better names. */
export const idNumber = (id: unknown) => String(id ?? '').replace(/^.*:/, '');

/** A record's name without looking another record up: its title field in words, else 'Credit movement #5'. */
export function recordText(entity: EntityDef, record: Record<string, unknown> | undefined): string {
  const name = entity.admin?.titleField;
  const text = name ? valueText(entity.fields[name], record?.[name], entity.name, name) : undefined;
  return text ?? `#${idNumber(record?.id)}`;
}

/**
 * react-admin's names of every console resource ('resources.company-users.name'), singular and plural as
 * polyglot reads them ('Company user |||| Company users'), from the entities' own labels.
 */
export function resourceNames(entities: EntityDef[]): Record<string, { name: string }> {
  return Object.fromEntries(
    entities
      .filter((e) => e.resource)
      .map((e) => [e.resource as string, { name: `${recordLabel(e)} |||| ${pluralLabel(e)}` }]),
  );
}
