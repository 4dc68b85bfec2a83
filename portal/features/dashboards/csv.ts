/**
 * CSV export of a dashboard: the rows as shown (every page, not only the visible one), written by `schema/lib/csv.ts`
 * (quoted by RFC 4180, formulas kept as text), with a BOM for spreadsheets.
 */
import { csvLine } from '../../../schema/lib/csv';
import { saveCsv } from '../../../ui/api/saveCsv';

export type Cell = string | number | null | undefined;

export function toCsv(header: string[], rows: Cell[][]): string {
  return [header, ...rows].map(csvLine).join('\r\n');
}

export function downloadCsv(name: string, csv: string): void {
  saveCsv(csv, name);
}

/** The most rows one CSV export reads, as the console's exports (admin/resources/ExportAll.tsx EXPORT_CEILING). */
export const CSV_CEILING = 50_000;
const PAGE_SIZE = 500;

/** What an export read: its rows, and when they are not all the table holds, how many it holds (`capped`: more). */
export interface PagesRead<T> {
  rows: T[];
  total: number;
  capped: boolean;
  cut: boolean;
}

/**
 * Every page of a paged call, 500 rows at a time, up to `ceiling` rows. `cut` says the rows are not all the table
 * holds: more than the ceiling, or a count the server caps (pagination.countCapped: the recruitment log's pages end
 * at its 10,000th event), so the screen can say "the first N of M rows".
 */
export async function allPages<T>(
  load: (
    page: number,
    perPage: number,
  ) => Promise<{ data: T[]; pagination: { pagesCount: number; dataCount: number; countCapped?: boolean } }>,
  ceiling = CSV_CEILING,
): Promise<PagesRead<T>> {
  const rows: T[] = [];
  let total = 0;
  let capped = false;
  for (let page = 1; rows.length < ceiling; page++) {
    const res = await load(page, PAGE_SIZE);
    rows.push(...res.data);
    total = Math.max(total, res.pagination.dataCount);
    capped ||= Boolean(res.pagination.countCapped);
    if (page >= res.pagination.pagesCount || res.data.length === 0) break;
  }
  rows.splice(ceiling);
  return { rows, total, capped, cut: capped || rows.length < total };
}
