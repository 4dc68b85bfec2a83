/**
 * Likely duplicates of an import's rows. Once a batch has committed, its candidates' twins are
 * found through the duplicates capability (findTwins: the match keys the write kept, looked up in
 * the (kind, key) index in two set-based statements whatever the batch's size, each pair stored
 * for the console's review queue). Never inside the write's transaction: two batches written side
 * by side would wait on each other's pairs. A twin may already be in the pool or be another row of
 * the same file, written in this batch or another; whichever batch commits last sees the pair. At
 * the end each pair is told on one row: the later of the file's two rows, or the file's row when
 * the twin was in the pool. The rows are imported all the same.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { rename } from 'node:fs/promises';
import { once } from 'node:events';
import readline from 'node:readline';
import type { Knex } from 'knex';
import type { DuplicateReason } from '../../../../schema/entities/candidateDuplicate';
import { logger } from '../../../logger';
import { findTwins } from '../../duplicates';
import { forImportReport } from '../../../services/candidateGate';

/** One likely twin of an imported row's candidate. */
export interface RowTwin {
  otherId: number;
  /** The twin's row when it is an earlier row of the same file; null when it was in the pool. */
  otherRow: number | null;
  reasons: DuplicateReason[];
  confidence: number;
  /** The pair in the review queue. */
  pairId: number;
}

/** An imported row whose candidate looks like someone already held. */
export interface DuplicateNote {
  row: number;
  email: string;
  candidateId: number;
  twins: RowTwin[];
}

interface Pair {
  /** The candidate the pair was found for (a row of this file), and its twin. */
  found: number;
  other: number;
  reasons: DuplicateReason[];
  confidence: number;
}

/** Collects the twins of the rows an import writes; `seconds` is the time spent finding them. */
export function twinCollector(knex: Knex) {
  const rowOf = new Map<number, number>();
  const pairs = new Map<number, Pair>();
  const spent = { seconds: 0, rows: 0 };
  return {
    spent,
    /** After a batch (or its rows retried one by one) has committed: `written` as [candidate id, row] pairs. */
    async afterCommit(written: [number, number][]): Promise<void> {
      if (!written.length) return;
      for (const [id, row] of written) rowOf.set(id, row);
      const started = performance.now();
      let found: Awaited<ReturnType<typeof findTwins>>;
      try {
        found = await findTwins(
          knex,
          written.map(([id]) => id),
          { keysKept: true },
        );
      } catch (err) {
        // The rows are written: a failed look-up leaves their pairs to the nightly scan, not the import failed.
        logger.warn(
          { err: (err as Error).message, rows: written.length },
          'likely duplicates of an import batch not found',
        );
        return;
      } finally {
        spent.seconds += (performance.now() - started) / 1000;
      }
      spent.rows += written.length;
      for (const [id, twins] of found)
        for (const tw of twins)
          if (tw.pairId !== undefined)
            pairs.set(tw.pairId, { found: id, other: tw.id, reasons: tw.reasons, confidence: tw.confidence });
    },
    /** Every noted row in file order, its twins most likely first. */
    async notes(): Promise<DuplicateNote[]> {
      const byRow = new Map<number, DuplicateNote>();
      for (const [pairId, p] of pairs) {
        const foundRow = rowOf.get(p.found) as number;
        const otherRow = rowOf.get(p.other);
        const [id, row, other, earlier] =
          otherRow !== undefined && otherRow > foundRow
            ? [p.other, otherRow, p.found, foundRow]
            : [p.found, foundRow, p.other, otherRow ?? null];
        const note = byRow.get(row) ?? { row, email: '', candidateId: id, twins: [] };
        note.twins.push({ otherId: other, otherRow: earlier, reasons: p.reasons, confidence: p.confidence, pairId });
        byRow.set(row, note);
      }
      const notes = [...byRow.values()].sort((a, b) => a.row - b.row);
      for (const n of notes) n.twins.sort((a, b) => b.confidence - a.confidence || a.otherId - b.otherId);
      // The emails as stored, read through the candidate gate 10,000 rows a statement (the file's rows are not kept
      // in memory).
      const ids = notes.map((n) => n.candidateId);
      for (let at = 0; at < ids.length; at += 10_000) {
        const stored = await forImportReport(knex, ids.slice(at, at + 10_000));
        for (const n of notes.slice(at, at + 10_000)) n.email = stored.get(n.candidateId)?.email ?? '';
      }
      return notes;
    },
  };
}

/**
 * Writes `lines` (one per row, in row order, each ending in a newline) into the report at
 * `path`, whose rejected rows are one physical line each after the header, so the report
 * follows the file.
 */
export async function mergeIntoReport(path: string, lines: { row: number; text: string }[]): Promise<void> {
  if (!lines.length) return;
  const next = `${path}.merging`;
  const out = createWriteStream(next);
  const put = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  let at = 0;
  let header = true;
  for await (const line of readline.createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    if (!header) {
      const row = Number(line.slice(0, line.indexOf(',')));
      while (at < lines.length && lines[at].row < row) await put(lines[at++].text);
    }
    header = false;
    await put(`${line}\n`);
  }
  while (at < lines.length) await put(lines[at++].text);
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  await rename(next, path);
}
