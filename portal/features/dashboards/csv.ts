/**
 * CSV export of a dashboard: the rows as shown (every page, not only the visible one), written by `schema/lib/csv.ts`
 * (quoted by RFC 4180, formulas kept as text), with a BOM for spreadsheets.
 */
import { csvLine } from '../../../schema/lib/csv';
import { saveBlob } from '../../../ui/api/saveBlob';

export type Cell = string | number | null | undefined;

export function toCsv(header: string[], rows: Cell[][]): string {
  return [header, ...rows].map(csvLine).join('\r\n');
}

export function downloadCsv(name: string, csv: string): void {
  saveBlob(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }), name);
}

/** Every page of a paged call (at most `maxPages` of 500 rows). */
export async function allPages<T>(
  load: (page: number, perPage: number) => Promise<{ data: T[]; pagination: { pagesCount: number } }>,
  maxPages = 20,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const res = await load(page, 500);
    rows.push(...res.data);
    if (page >= res.pagination.pagesCount) break;
  }
  return rows;
}
