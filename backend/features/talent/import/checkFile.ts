/**
 * The limits (limits.ts) applied to a whole file before any of it is imported: the upload's bytes
 * in the request, the stored file again as its import starts. A CSV header naming a column the
 * import does not know is refused too, naming it (and the column it was likely meant to be: `Email`
 * is `email`, `First Name` is `firstName`), rather than running a file whose every row would be
 * rejected for it. Columns starting with '_' are notes for people and pass. So is a CSV that is not
 * UTF-8 text (Excel's plain "CSV" is Windows-1252: its accents would be read as U+FFFD), a file with
 * no rows under its header (nothing to import, yet it would finish as "every row was imported"),
 * and a column with no name in the header but values under it (each row would be refused for a
 * column the report cannot name), naming it by its position. A column with no name and no values
 * (the trailing empty cells spreadsheets write) passes.
 */
import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { normalise } from '../../../services/lookups/match';
import { KNOWN_COLUMNS } from './columns';
import { ImportRefused, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from './limits';
import { csvCell, recordBatches, type FileFormat } from './records';

type Source = string | Buffer;
const ENOUGH_READ = new Error('read enough');
const stop = (_: unknown): never => {
  throw ENOUGH_READ;
};
const CHUNK = 1 << 20;

async function* bytesOf(source: Source): AsyncGenerator<Buffer> {
  if (typeof source !== 'string') {
    yield source;
    return;
  }
  for await (const chunk of createReadStream(source, { highWaterMark: CHUNK })) yield chunk as Buffer;
}

function countByte(chunk: Buffer, byte: number): number {
  let n = 0;
  for (let at = chunk.indexOf(byte); at >= 0; at = chunk.indexOf(byte, at + 1)) n += 1;
  return n;
}

/** Where the last whole character of `bytes` ends: before a lead byte whose sequence runs past the end. */
function wholeEnd(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back += 1) {
    const b = bytes[bytes.length - back];
    if ((b & 0xc0) === 0x80) continue; // a continuation byte
    const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return length > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

/**
 * One pass over the file's bytes: its line breaks (LF, or CR in a CR-only file: no file holds more
 * records than it has lines) and, when `utf8` asks, whether it is UTF-8 text throughout (a
 * character cut between two pieces is judged with the next).
 */
async function scanBytes(source: Source, utf8: boolean): Promise<{ lines: number; utf8: boolean }> {
  let lf = 0;
  let cr = 0;
  let valid = true;
  let carry: Buffer | undefined;
  for await (const chunk of bytesOf(source)) {
    lf += countByte(chunk, 10);
    cr += countByte(chunk, 13);
    if (!utf8 || !valid) continue;
    const bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
    const end = wholeEnd(bytes);
    valid = isUtf8(bytes.subarray(0, end));
    carry = end < bytes.length ? Buffer.from(bytes.subarray(end)) : undefined;
  }
  return { lines: Math.max(lf, cr) + 1, utf8: valid && !carry };
}

/**
 * Refuses (ImportRefused) a CSV that is not UTF-8 text, a file with more than MAX_IMPORT_ROWS rows
 * or none, a CSV header of more than MAX_IMPORT_COLUMNS cells, naming a column the import does not
 * know, or leaving a column with values unnamed. Counting its line breaks settles most files in one
 * quick pass; only a file with more lines than rows allowed (cells that hold line breaks), or a
 * header with a blank name, is read record by record. A JSON line's keys are counted as each line
 * is read (records.ts parseRecord).
 */
export async function checkImportLimits(source: Source, format: FileFormat): Promise<void> {
  const csv = format === 'csv';
  const scanned = await scanBytes(source, csv);
  if (!scanned.utf8) throw new ImportRefused('imports.errors.notUtf8');
  let header: string[] = [];
  let any = false;
  // The header (checked as it is read: checkHeader), and whether a record begins under it; no further.
  const row = () => stop((any = true));
  try {
    for await (const batch of recordBatches(source, 1, (h) => (header = h), CHUNK, format, row)) {
      any = batch.texts.length > 0;
      break;
    }
  } catch (err) {
    if (err !== ENOUGH_READ) throw err;
  }
  if (header.length > MAX_IMPORT_COLUMNS) throw new ImportRefused('imports.errors.tooManyColumns');
  checkHeaderNames(header);
  if (!any) throw new ImportRefused(csv ? 'imports.errors.noRows' : 'imports.errors.noLines');
  const unnamed = header.flatMap((name, at) => (name === '' ? [at] : []));
  if (!unnamed.length && scanned.lines <= MAX_IMPORT_ROWS + (csv ? 1 : 0)) return;
  let rows = 0;
  for await (const batch of recordBatches(source, 100_000, () => undefined, CHUNK, format)) {
    rows += batch.texts.length;
    if (rows > MAX_IMPORT_ROWS) throw new ImportRefused('imports.errors.tooManyRows');
    if (unnamed.length) checkUnnamed(batch.texts, unnamed);
  }
}

/** Refuses a batch of CSV records with a value under a column the header leaves unnamed (`unnamed`: their indexes). */
function checkUnnamed(texts: string[], unnamed: number[]): void {
  const filled = new Set<number>();
  for (const text of texts) for (const at of unnamed) if (csvCell(text, at).trim() !== '') filled.add(at);
  if (!filled.size) return;
  const columns = [...filled].sort((a, b) => a - b).map((at) => at + 1);
  throw new ImportRefused('imports.errors.unnamedColumns', { count: columns.length, columns: columns.join(', ') });
}

/** A header cell as a person may mean it: folded as every typed name is, then letters and digits only ('First Name' → 'firstname'). */
const loose = (name: string) => normalise(name).replace(/[^\p{L}\p{N}]/gu, '');
let meant: Map<string, string> | undefined;
const SHOWN_UNKNOWN = 5;

/** Refuses a header with a column the import does not know, naming the first few and what each likely means. */
function checkHeaderNames(header: string[]): void {
  const unknown = header.filter((c) => c.trim() !== '' && !c.startsWith('_') && !KNOWN_COLUMNS.has(c));
  if (!unknown.length) return;
  const named = unknown.slice(0, SHOWN_UNKNOWN).map((c) => {
    meant ??= new Map([...KNOWN_COLUMNS].map((k) => [loose(k), k]));
    const likely = meant.get(loose(c));
    return likely ? `"${c}" (did you mean "${likely}"?)` : `"${c}"`;
  });
  const more = unknown.length > SHOWN_UNKNOWN ? ` +${unknown.length - SHOWN_UNKNOWN}` : '';
  throw new ImportRefused('imports.errors.unknownColumns', { count: unknown.length, columns: named.join(', ') + more });
}
