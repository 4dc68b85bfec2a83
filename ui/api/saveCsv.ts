/**
 * Saves CSV text as a UTF-8 file that begins with the byte-order mark, so spreadsheets (Excel among them) read
 * accented and non-Latin names ("Zoë Nguyễn") as written instead of as Windows-1252: the console's list exports and
 * the portal's dashboards write their files through it, as the API's credit log and import reports write the mark.
 */
import { saveBlob } from './saveBlob';

/** Writes `csv` as `name` (the name as given: add '.csv'), with the byte-order mark before it. */
export function saveCsv(csv: string, name: string): void {
  saveBlob(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }), name);
}
