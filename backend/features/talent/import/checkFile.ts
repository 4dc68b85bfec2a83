/**
 * The limits (limits.ts) applied to a whole file before any of it is imported: the upload's bytes
 * in the request, the stored file again as its import starts. A CSV header naming a column the
 * import does not know is refused too, naming it (and the column it was likely meant to be: `Email`
 * is `email`, `First Name` is `firstName`), rather than running a file whose every row would be
 * rejected for it. Columns starting with '_' are notes for people and pass.
 */
import { createReadStream } from 'node:fs';
import { normalise } from '../../../services/lookups/match';
import { KNOWN_COLUMNS } from './columns';
import { ImportRefused, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from './limits';
import { recordBatches, type FileFormat } from './records';

type Source = string | Buffer;
const HEADER_READ = new Error('header read');
const stop = (_: unknown): never => {
  throw HEADER_READ;
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

/** Line breaks in the file (LF, or CR in a CR-only file): no file holds more records than it has lines. */
async function lineCount(source: Source): Promise<number> {
  let lf = 0;
  let cr = 0;
  for await (const chunk of bytesOf(source)) {
    lf += countByte(chunk, 10);
    cr += countByte(chunk, 13);
  }
  return Math.max(lf, cr) + 1;
}

/**
 * Refuses (ImportRefused) a file with more than MAX_IMPORT_ROWS rows or a CSV header of more than
 * MAX_IMPORT_COLUMNS cells. Counting its line breaks settles most files in one quick pass; only a
 * file with more lines than rows allowed (cells that hold line breaks) is read record by record.
 * A JSON line's keys are counted as each line is read (records.ts parseRecord).
 */
export async function checkImportLimits(source: Source, format: FileFormat): Promise<void> {
  const csv = format === 'csv';
  let header: string[] = [];
  // Reading stops once the header is read (and checked: checkHeader), not after the first record.
  if (csv)
    try {
      for await (const _ of recordBatches(source, 1, (h) => stop((header = h)), CHUNK, format)) break;
    } catch (err) {
      if (err !== HEADER_READ) throw err;
    }
  if (header.length > MAX_IMPORT_COLUMNS) throw new ImportRefused('imports.errors.tooManyColumns');
  checkHeaderNames(header);
  if ((await lineCount(source)) <= MAX_IMPORT_ROWS + (csv ? 1 : 0)) return;
  let rows = 0;
  for await (const batch of recordBatches(source, 100_000, () => undefined, CHUNK, format)) {
    rows += batch.texts.length;
    if (rows > MAX_IMPORT_ROWS) throw new ImportRefused('imports.errors.tooManyRows');
  }
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
