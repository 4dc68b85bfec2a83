/**
 * Records out of an import file: CSV (RFC 4180: quoted cells may hold commas, quotes and line
 * breaks; the first row names the columns) or JSON Lines (one object per line).
 *
 * Reading is split in two so the expensive half runs in parallel: `recordBatches` (the importing
 * thread) only finds where each record ends, streaming the file, and hands over batches of raw
 * record texts; `parseRecord` (the checking threads) turns one text into its values. Each record
 * carries its row number as a spreadsheet shows it (the CSV header is row 1; blank lines are not
 * rows) or its line number (JSON Lines), and each batch the bytes read so far, for the progress bar.
 */
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { t } from '../../../../i18n';
import { ImportRefused, MAX_IMPORT_COLUMNS } from './limits';

export type FileFormat = 'csv' | 'jsonl';

export interface RecordBatch {
  /** One record each, without its line break. */
  texts: string[];
  rows: number[];
  bytesRead: number;
}

export interface ParsedRecord {
  values: Record<string, unknown>;
  /** Set when the record itself could not be read (bad JSON, wrong cell count). */
  error?: string;
}

export const formatOf = (path: string): FileFormat => (/\.(jsonl|ndjson)$/i.test(path) ? 'jsonl' : 'csv');

const QUOTE = 34;
const COMMA = 44;

/**
 * Where the quoted cell opening at `open` closes: the first quote after it that is not doubled, or
 * the text's length when none does (the quote was left open). Jumps from quote to quote rather than
 * matching a regex: V8 recurses once per repetition of `(?:[^"]+|"")*`, so one cell of a few million
 * doubled quotes overflowed the stack and failed the whole import.
 */
function closingQuote(text: string, open: number): number {
  let c = open + 1;
  for (;;) {
    c = text.indexOf('"', c);
    if (c < 0) return text.length;
    if (text.charCodeAt(c + 1) !== QUOTE) return c;
    c += 2;
  }
}

/** The cells of one CSV record. A quote opens a quoted cell only at the cell's start; elsewhere it is a character. */
export function csvCells(text: string): string[] {
  const cells: string[] = [];
  const n = text.length;
  let p = 0;
  for (;;) {
    if (text.charCodeAt(p) === QUOTE) {
      // The body runs to the first quote that is not doubled; doubled ones are undone at once.
      const close = closingQuote(text, p);
      const q = close < n ? close : -1;
      const body = text.slice(p + 1, q < 0 ? n : q);
      const value = body.includes('""') ? body.replaceAll('""', '"') : body;
      if (q < 0) {
        // Unterminated: the cell runs to the end of the record.
        cells.push(value);
        return cells;
      }
      p = q + 1;
      // Characters after the closing quote belong to the cell, as spreadsheets read them.
      const comma = text.indexOf(',', p);
      cells.push(value + text.slice(p, comma < 0 ? n : comma));
      if (comma < 0) return cells;
      p = comma + 1;
    } else {
      const comma = text.indexOf(',', p);
      if (comma < 0) {
        cells.push(text.slice(p));
        return cells;
      }
      cells.push(text.slice(p, comma));
      p = comma + 1;
    }
  }
}

/** One cell of a CSV record (csvCells(text)[index] without reading the others), or '' when it has fewer. */
export function csvCell(text: string, index: number): string {
  let p = 0;
  for (let i = 0; i < index; i += 1) {
    if (text.charCodeAt(p) === QUOTE) p = closingQuote(text, p) + 1;
    const comma = text.indexOf(',', p);
    if (comma < 0) return '';
    p = comma + 1;
  }
  if (text.charCodeAt(p) === QUOTE) return csvCells(text.slice(p))[0];
  const comma = text.indexOf(',', p);
  return text.slice(p, comma < 0 ? text.length : comma);
}

/**
 * Finds where CSV records end in a piece of text. `end(start)` is the index of the line break
 * that closes the record starting at `start`, or -1 when the text ends first (more of the file is
 * needed). Only quotes that open a cell count, so a stray quote inside a plain cell never
 * swallows the next line. The next quote is remembered, so quote-free files are read in one pass.
 */
function recordEnds(text: string, lineBreak: string, atEnd: boolean): (start: number) => number {
  let nextQuote = -2;
  const quoteFrom = (pos: number) =>
    nextQuote === -1 || nextQuote >= pos ? nextQuote : (nextQuote = text.indexOf('"', pos));
  return (start) => {
    let pos = start;
    for (;;) {
      const nl = text.indexOf(lineBreak, pos);
      let q = quoteFrom(pos);
      // Quotes inside plain cells are characters: skip to the first that opens a cell.
      while (q >= 0 && (nl < 0 || q < nl) && !(q === start || text.charCodeAt(q - 1) === COMMA)) q = quoteFrom(q + 1);
      if (q < 0 || (nl >= 0 && q > nl)) return nl;
      // A quoted cell: find its closing quote, stepping over doubled ones.
      let c = q + 1;
      for (;;) {
        c = text.indexOf('"', c);
        if (c < 0 || (c + 1 === text.length && !atEnd)) return -1;
        if (text.charCodeAt(c + 1) === QUOTE) c += 2;
        else break;
      }
      pos = c + 1;
    }
  };
}

/** A file's text in pieces of `chunkBytes`: read from disk, or cut from an upload held in memory. */
async function* textOf(source: string | Buffer, chunkBytes: number): AsyncGenerator<string> {
  if (typeof source === 'string') {
    for await (const chunk of createReadStream(source, { encoding: 'utf8', highWaterMark: chunkBytes }))
      yield chunk as string;
    return;
  }
  // A character cut between two pieces is held back until the next one.
  const decoder = new StringDecoder('utf8');
  for (let at = 0; at < source.length; at += chunkBytes) yield decoder.write(source.subarray(at, at + chunkBytes));
  const end = decoder.end();
  if (end) yield end;
}

/**
 * The file's records in batches of `size`, streamed in pieces of `chunkBytes`; the CSV header
 * comes back through `onHeader` first, and one that repeats a column name fails the reading (checkHeader).
 * `source` is a path (its extension names the format) or an upload's bytes, in the `format` given.
 * `onRow`, when given, hears (after each piece read) that a record has begun below the header, before
 * it ends: whether a file holds any row is known without reading a first record of megabytes whole.
 */
export async function* recordBatches(
  source: string | Buffer,
  size: number,
  onHeader: (header: string[]) => void,
  chunkBytes = 1 << 20,
  format: FileFormat = formatOf(String(source)),
  onRow?: () => void,
): AsyncGenerator<RecordBatch> {
  const csv = format === 'csv';
  let texts: string[] = [];
  let rows: number[] = [];
  let row = 0;
  let bytesRead = 0;
  let rest = '';
  let header = !csv;
  // Lines end in LF or CRLF; a file with CRs only (old Mac spreadsheets) ends them in CR.
  let lineBreak = '';
  const take = (line: string) => {
    if (!csv) {
      row += 1;
      if (line.trim()) {
        texts.push(line);
        rows.push(row);
      }
      return;
    }
    let end = line.length;
    while (end > 0 && line.charCodeAt(end - 1) === 13) end -= 1; // CRLF, and stray CRs before it
    const text = end === line.length ? line : line.slice(0, end);
    if (text === '') return; // a blank line is not a row
    row += 1;
    if (!header) {
      header = true;
      const names = csvCells(text).map((h) => h.trim());
      checkHeader(names);
      onHeader(names);
      return;
    }
    texts.push(text);
    rows.push(row);
  };
  const split = (text: string, atEnd: boolean) => {
    let start = 0;
    const ends = csv ? recordEnds(text, lineBreak, atEnd) : (from: number) => text.indexOf('\n', from);
    for (;;) {
      const end = ends(start);
      if (end < 0) break;
      take(text.slice(start, end));
      start = end + 1;
    }
    return text.slice(start);
  };
  for await (const chunk of textOf(source, chunkBytes)) {
    let text = chunk;
    if (bytesRead === 0 && text.charCodeAt(0) === 0xfeff) text = text.slice(1); // byte-order mark
    bytesRead += Buffer.byteLength(chunk);
    const buffer = rest + text;
    if (!lineBreak) {
      // The first line break decides: LF or CRLF, else CR.
      const at = buffer.search(/[\r\n]/);
      if (at >= 0 && (buffer[at] === '\n' || at + 1 < buffer.length))
        lineBreak = buffer[at] === '\n' || buffer[at + 1] === '\n' ? '\n' : '\r';
    }
    rest = lineBreak ? split(buffer, false) : buffer;
    // A record under way: any character but line breaks (CSV), or any but blanks (JSON Lines).
    if (onRow && header && (texts.length || (csv ? /[^\r\n]/ : /\S/).test(rest))) onRow();
    while (texts.length >= size) {
      yield { texts: texts.slice(0, size), rows: rows.slice(0, size), bytesRead };
      texts = texts.slice(size);
      rows = rows.slice(size);
    }
  }
  lineBreak ||= '\n';
  rest = split(rest, true);
  if (rest) take(rest);
  if (texts.length) yield { texts, rows, bytesRead };
}

/**
 * Refuses a CSV header that names a column twice (after trimming, the only change a name gets):
 * a record's cells are keyed by name, so the last cell of that name would be written while the
 * checks that read a single cell (the email's, in prepare.ts) read the first. A blank name is no
 * column (spreadsheets leave trailing empty cells) and may repeat. JSON Lines need no such check:
 * keys are used as written, and a key repeated in one object is read once (the last), by every check alike.
 */
export function checkHeader(header: string[]): void {
  const seen = new Set<string>();
  for (const name of header) {
    if (!name) continue;
    if (seen.has(name)) {
      const columns = header.flatMap((h, i) => (h === name ? [i + 1] : [])).join(', ');
      throw new ImportRefused('import.errors.repeatedColumn', { column: name, columns });
    }
    seen.add(name);
  }
}

const TOO_MANY_KEYS = t('imports.errors.rowTooManyColumns');

/** One record's values: CSV cells named by the header, or a JSON object (of at most MAX_IMPORT_COLUMNS keys). */
export function parseRecord(text: string, header: string[] | undefined): ParsedRecord {
  if (!header) {
    try {
      const values = JSON.parse(text);
      if (!values || typeof values !== 'object' || Array.isArray(values))
        return { values: {}, error: 'not a JSON object' };
      let keys = 0;
      for (const _ in values) if (++keys > MAX_IMPORT_COLUMNS) return { values: {}, error: TOO_MANY_KEYS };
      return { values };
    } catch {
      return { values: {}, error: 'not valid JSON' };
    }
  }
  const cells = csvCells(text);
  if (cells.length !== header.length)
    return { values: {}, error: `expected ${header.length} cells, found ${cells.length}` };
  const values: Record<string, unknown> = {};
  for (let i = 0; i < header.length; i += 1) values[header[i]] = cells[i];
  return { values };
}
