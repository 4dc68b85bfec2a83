/**
 * CSV export for every resource, read from the schema: columns titled with the fields' labels,
 * choices as their labels and references as the names of what they point at (never raw codes or ids).
 */
import { downloadCSV, type Exporter, type FetchRelatedRecords, type RaRecord } from 'react-admin';
import type { EntityDef, FieldDef } from '../../schema';
import { csvLine } from '../../schema/lib/csv';
import { isVisible, labelOf, pluralLabel, targetOf } from '../fields/fieldMeta';

const choiceLabel = (field: FieldDef, value: unknown) => field.choices?.find((c) => c.id === value)?.label ?? value;

/** Rows of plain text, one key per column label, in the entity's field order. */
export function exportRows(
  entity: EntityDef,
  records: RaRecord[],
  names: Map<string, Map<unknown, string>>,
): Record<string, unknown>[] {
  const fields = Object.entries(entity.fields).filter(([, field]) => isVisible(field));
  const computed = Object.keys(entity.computed ?? {});
  return records.map((record) => {
    const row: Record<string, unknown> = { [labelOf(entity, 'id')]: record.id };
    for (const [name, field] of fields) {
      const value = record[name];
      let text: unknown = value;
      if (field.kind === 'enum') text = choiceLabel(field, value);
      else if (field.kind === 'enumList' && Array.isArray(value))
        text = value.map((v) => choiceLabel(field, v)).join('; ');
      else if (field.kind === 'ref') text = value == null ? '' : (names.get(name)?.get(value) ?? value);
      else if (field.kind === 'refList' && Array.isArray(value))
        text = value.map((v) => names.get(name)?.get(v) ?? v).join('; ');
      else if (Array.isArray(value))
        text = value.every((v) => typeof v !== 'object') ? value.join('; ') : JSON.stringify(value);
      else if (value && typeof value === 'object') text = JSON.stringify(value);
      row[labelOf(entity, name)] = text ?? '';
    }
    for (const name of computed) row[labelOf(entity, name)] = record[name] ?? '';
    return row;
  });
}

/** CSV of rows that share their keys (`schema/lib/csv.ts`: quoted, formulas kept as text). */
export function toCsv(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '';
  const header = Object.keys(rows[0]);
  return [csvLine(header), ...rows.map((row) => csvLine(header.map((key) => row[key])))].join('\r\n');
}

export function exporterFor(entity: EntityDef): Exporter {
  return async (records: RaRecord[], fetchRelatedRecords: FetchRelatedRecords) => {
    const names = new Map<string, Map<unknown, string>>();
    for (const [name, field] of Object.entries(entity.fields)) {
      if (!isVisible(field) || (field.kind !== 'ref' && field.kind !== 'refList')) continue;
      const { resource, titleField } = targetOf(field);
      const related = await fetchRelatedRecords(records, name, resource).catch(() => ({}) as Record<string, RaRecord>);
      names.set(name, new Map(Object.values(related).map((r) => [r.id, String(r[titleField] ?? r.id)])));
    }
    downloadCSV(toCsv(exportRows(entity, records, names)), pluralLabel(entity).toLowerCase().replace(/\s+/g, '-'));
  };
}
