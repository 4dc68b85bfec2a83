/**
 * Records out of an import file, streamed: CSV (RFC 4180: quoted cells may hold commas, quotes
 * and line breaks; the first row names the columns) or JSON Lines (one object per line).
 * Each record carries its row number as a spreadsheet shows it (the CSV header is row 1) and
 * the bytes read so far, for the progress bar.
 */
import { createReadStream } from 'node:fs';

export interface FileRecord {
  row: number;
  values: Record<string, unknown>;
  /** Set when the record itself could not be read (bad JSON, wrong cell count). */
  error?: string;
  bytesRead: number;
}

/** Everything up to a quote that is not doubled: the body of a quoted cell. */
const QUOTED_RUN = /(?:[^"]+|"")*/y;

async function* csvRows(path: string): AsyncGenerator<{ cells: string[]; bytesRead: number }> {
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let afterQuote = false;
  let bytesRead = 0;
  let started = false;
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    const text = chunk as string;
    bytesRead += Buffer.byteLength(text);
    let i = 0;
    if (!started && text.charCodeAt(0) === 0xfeff) i = 1; // byte-order mark
    started = true;
    const n = text.length;
    while (i < n) {
      if (quoted) {
        // Find the closing quote, stepping over doubled ones, then unescape the run at once.
        QUOTED_RUN.lastIndex = i;
        QUOTED_RUN.test(text);
        let q: number = QUOTED_RUN.lastIndex;
        if (q >= n) q = -1;
        const run = text.slice(i, q < 0 ? n : q);
        cell += run.includes('""') ? run.replaceAll('""', '"') : run;
        if (q < 0) {
          i = n;
        } else if (q + 1 === n) {
          // The quote may be doubled across chunks: decide on the next chunk.
          quoted = false;
          afterQuote = true;
          i = n;
        } else {
          quoted = false;
          i = q + 1;
        }
        continue;
      }
      const ch = text[i];
      if (afterQuote && ch === '"') {
        cell += '"';
        quoted = true;
        afterQuote = false;
        i += 1;
        continue;
      }
      afterQuote = false;
      if (ch === '"' && cell === '') {
        quoted = true;
        i += 1;
      } else if (ch === ',') {
        cells.push(cell);
        cell = '';
        i += 1;
      } else if (ch === '\n' || ch === '\r') {
        if (ch === '\r' && text[i + 1] === '\n') i += 1;
        cells.push(cell);
        cell = '';
        if (!(cells.length === 1 && cells[0] === '')) yield { cells, bytesRead };
        cells = [];
        i += 1;
      } else {
        // Copy a run of plain characters at once.
        let j = i + 1;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === 44 || c === 10 || c === 13 || c === 34) break;
          j += 1;
        }
        cell += text.slice(i, j);
        i = j;
      }
    }
  }
  if (cell !== '' || cells.length) {
    cells.push(cell);
    yield { cells, bytesRead };
  }
}

export async function* readRecords(path: string): AsyncGenerator<FileRecord> {
  if (/\.(jsonl|ndjson)$/i.test(path)) {
    let row = 0;
    let bytesRead = 0;
    let rest = '';
    for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
      bytesRead += Buffer.byteLength(chunk as string);
      const lines = (rest + (chunk as string)).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        row += 1;
        if (line.trim()) yield parseLine(line, row, bytesRead);
      }
    }
    if (rest.trim()) yield parseLine(rest, row + 1, bytesRead);
    return;
  }
  let header: string[] | undefined;
  let row = 0;
  for await (const { cells, bytesRead } of csvRows(path)) {
    row += 1;
    if (!header) {
      header = cells.map((h) => h.trim());
      continue;
    }
    if (cells.length !== header.length) {
      yield { row, values: {}, error: `expected ${header.length} cells, found ${cells.length}`, bytesRead };
      continue;
    }
    const values: Record<string, unknown> = {};
    for (let i = 0; i < header.length; i += 1) values[header[i]] = cells[i];
    yield { row, values, bytesRead };
  }
}

function parseLine(line: string, row: number, bytesRead: number): FileRecord {
  try {
    const values = JSON.parse(line);
    if (!values || typeof values !== 'object' || Array.isArray(values)) return { row, values: {}, error: 'not a JSON object', bytesRead };
    return { row, values, bytesRead };
  } catch {
    return { row, values: {}, error: 'not valid JSON', bytesRead };
  }
}
