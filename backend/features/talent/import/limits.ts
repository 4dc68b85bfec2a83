/**
 * What one import file may hold, and what one rejected row may say. The figures bound the work and
 * the report: a file of more rows or columns than these is refused before any row is written
 * (checkFile.ts: at upload with a 400 on `file`, and again as its import starts, which is what
 * `npm run import` meets); a JSON line of more keys is a rejected row. A rejected row's reasons and
 * email are cut in the report, which storage takes whole (its adapter takes a buffer, not a
 * stream), so a report stays under about MAX_IMPORT_ROWS × (MAX_REASON_CHARS + MAX_EMAIL_CHARS).
 * The messages in i18n/sections/imports.ts (`imports.errors`) spell these figures out.
 */
import { t } from '../../../../i18n';

/** Rows per file: 1,000,000, ten times the 100,000 rows `npm run bench:import` imports by default. */
export const MAX_IMPORT_ROWS = 1_000_000;
/** Columns per file (a CSV header's cells, a JSON line's keys): the import knows 47; notes ('_' columns) besides. */
export const MAX_IMPORT_COLUMNS = 200;
/** Characters of one rejected row's reasons in the report; longer ones end in '…'. */
export const MAX_REASON_CHARS = 1_000;
/** Characters of a rejected row's email cell in the report (an address has at most 254). */
export const MAX_EMAIL_CHARS = 320;

/** An import refused as a whole, before any row was written: its message is the catalogue's, fit for the admin. */
export class ImportRefused extends Error {
  constructor(
    /** The catalogue key, also the upload's field message. */
    readonly key: string,
    params?: Record<string, string | number>,
  ) {
    super(t(key, params));
  }
}
