/**
 * CSV export for every resource, read from the schema: columns titled with the fields' labels,
 * choices as their labels and references as the names of what they point at (never raw codes or ids);
 * a date-time column, written as the API's ISO instant in UTC, says so in its title ("Created (UTC)").
 * The list's Export button (ExportAll.tsx) writes every row of the list, page by page, through
 * `pageRows`; `exporterFor` is also a plain react-admin exporter for the records it is given.
 */
import type { Exporter, FetchRelatedRecords, RaRecord } from 'react-admin';
import { entity as entityNamed, type EntityDef, type FieldDef } from '../../schema';
import { csvLine } from '../../schema/lib/csv';
import { saveCsv } from '../../ui/api/saveCsv';
import { isVisible, labelOf, pluralLabel, targetOf } from '../fields/fieldMeta';
import { recordText } from '../fields/readable';

/** A column's title: the field's label, with "(UTC)" for a date-time, whose ISO instants end in "Z". */
const columnTitle = (entity: EntityDef, name: string, field: FieldDef) =>
  field.kind === 'datetime' ? `${labelOf(entity, name)} (UTC)` : labelOf(entity, name);

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
      row[columnTitle(entity, name, field)] = text ?? '';
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

/** The export's file name: the entity's plural label, lower case and hyphenated ('job-titles'). */
export const csvFileName = (entity: EntityDef) => pluralLabel(entity).toLowerCase().replace(/\s+/g, '-');

/**
 * One page's rows: the names its references point at are looked up for that page alone (one
 * `getMany` per reference field, at most a page of ids, which the API answers in one request),
 * each written as the record's show page writes it (recordText: a credit lot, titled by its
 * company's id, is '#7', never 'Company:12').
 */
export async function pageRows(
  entity: EntityDef,
  records: RaRecord[],
  fetchRelatedRecords: FetchRelatedRecords,
): Promise<Record<string, unknown>[]> {
  const names = new Map<string, Map<unknown, string>>();
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!isVisible(field) || (field.kind !== 'ref' && field.kind !== 'refList')) continue;
    const { resource } = targetOf(field);
    const target = entityNamed(field.ref as string);
    const related = await fetchRelatedRecords(records, name, resource).catch(() => ({}) as Record<string, RaRecord>);
    names.set(name, new Map(Object.values(related).map((r) => [r.id, recordText(target, r)])));
  }
  return exportRows(entity, records, names);
}

/**
 * An exporter that can also work page by page: the console's export (ExportAll.tsx) reads every
 * page of the list, turns each into rows as it arrives and writes one file at the end.
 */
export type PagedExporter = Exporter & {
  pageRows: (records: RaRecord[], fetchRelatedRecords: FetchRelatedRecords) => Promise<Record<string, unknown>[]>;
  fileName: string;
};

export const isPagedExporter = (exporter: Exporter | false | undefined): exporter is PagedExporter =>
  typeof exporter === 'function' && 'pageRows' in exporter;

/**
 * Saves an export as `<fileName>.csv`, with the byte-order mark spreadsheets need to read its names as UTF-8
 * (react-admin's downloadCSV writes none, and Excel then garbles "Zoë Nguyễn").
 */
export const downloadCsv = (csv: string, fileName: string): void => saveCsv(csv, `${fileName}.csv`);

export function exporterFor(entity: EntityDef): PagedExporter {
  const exporter: Exporter = async (records: RaRecord[], fetchRelatedRecords: FetchRelatedRecords) => {
    downloadCsv(toCsv(await pageRows(entity, records, fetchRelatedRecords)), csvFileName(entity));
  };
  return Object.assign(exporter, {
    pageRows: (records: RaRecord[], fetch: FetchRelatedRecords) => pageRows(entity, records, fetch),
    fileName: csvFileName(entity),
  });
}
