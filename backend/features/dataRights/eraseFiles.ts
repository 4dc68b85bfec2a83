/**
 * The erased person's stored files that are not theirs alone, found inside the erasure's
 * transaction (erase.ts); like the person's own files, what goes is deleted once it has committed.
 * - Chat attachments: conversations belong to projects, not to candidates, so an attachment goes
 *   when its message names the person: anywhere, when its file name or text holds a strong
 *   identifier of theirs (email, full name, phone, profile address; in a name, `_ . + -` read as
 *   spaces, so "Jane_Doe_CV.pdf" counts); in the conversations of the candidate's projects, also a
 *   full name that is a lookup phrase (where the erasure rewrites it in the text too: eraseScope.ts),
 *   never a first or last name alone, which may be anyone's. The message stays with its text; its
 *   file, size and name are cleared, so its link answers 404.
 * - Chat attachments by what they hold (`eraseChatAttachmentsByText`): a file passed around keeps its
 *   contents under any name (the profile PDF sent as "shortlist.pdf" with "hello"). In the
 *   conversations of the candidate's projects only (the rows eraseScope.ts ties to their projects, so
 *   the read is bounded by their chats, never every attachment), each attachment left after the pass
 *   above is read with the CV reader (services/documents/readCv.ts: its own thread, its size, time and
 *   memory limits, one file at a time) and goes, cleared alike, when its text, white space read as one
 *   space, holds a contact identifier or the full name by the very pattern the erasure rewrites those
 *   chats' text with (`named`, matched by PostgreSQL as the rewrite is: whole words, HTML forms). A
 *   file that cannot be read (missing, not a PDF or DOCX, past the reader's limits) is kept and logged
 *   by message id: its name and message were checked above, and deleting every unreadable file of a
 *   busy project chat would take other people's documents for a guess. A reader too busy to take the
 *   file fails the erasure (nothing is committed; it is carried out again), never skips it. The reads
 *   touch storage, not the database, but run while the erasure's transaction is open: it is opened by
 *   queue.ts (carryOut) around eraseCandidate, and the identifiers matched are read inside it.
 * - Import reports (`row,email,reasons`, one physical line a row): a report holding an email of the
 *   person (any of their profiles') is rewritten without their rows, the others kept word for word,
 *   so the admin still has every other rejected row and likely twin to act on (a row of an erased
 *   person could never be imported again anyway). The new report is stored first and the import row pointed at it in the
 *   transaction; the old file is deleted after the commit, the new one if the transaction fails.
 * - Uploads of failed imports: a failed import is never run again, so its upload (every person in
 *   the file) has no purpose left; imports that failed before their job deleted it are cleared here.
 *   Queued and running imports keep theirs: they still read it, and the erased email is refused.
 */
import type { Knex } from 'knex';
import { text as streamText } from 'node:stream/consumers';
import { entity } from '../../../schema';
import { csvCell } from '../../../schema/lib/csv';
import { storageFor } from '../../adapters/storage/select';
import type { Config } from '../../config';
import { logger } from '../../logger';
import type { CvType } from '../../services/documents/extractText';
import { cvLookups } from '../../services/documents/lookups';
import { readCv } from '../../services/documents/readCv';
import type { Scope } from './eraseScope';

/** candidate_imports.status of a failed import. */
const IMPORT_FAILED = entity('candidateImport').fields.status.choices?.find((c) => c.key === 'failed')?.id ?? 3;

/**
 * What identifies the person, as PostgreSQL word patterns (eraseScope.ts): `strong` anywhere; `named` (the full
 * name, a lookup phrase too) in the messages `tied` selects (their projects' conversations).
 */
export interface Mentions {
  strong?: string;
  named?: string;
  tied?: Scope;
}

/** A file name read as words: `Jane_Doe-CV.pdf` → `Jane Doe CV pdf`. */
const NAME_WORDS = `regexp_replace(coalesce(attachment_name, ''), '[_.+-]+', ' ', 'g')`;

/** Clears the attachments of the messages that name the person; returns their storage keys. */
export async function eraseChatAttachments(trx: Knex.Transaction, m: Mentions): Promise<string[]> {
  const named = (p: string): Scope => [`attachment_name ~* ? or ${NAME_WORDS} ~* ? or body ~* ?`, [p, p, p]];
  const found: Scope[] = m.strong ? [named(m.strong)] : [];
  const tied = m.tied;
  if (tied && m.named) found.push([`(${tied[0]}) and (${named(m.named)[0]})`, [...tied[1], ...named(m.named)[1]]]);
  // Nothing to look for: no rows (an empty condition would select every attachment).
  if (!found.length) return [];
  const rows = (await trx('chat_messages')
    .whereNotNull('attachment_key')
    .where((q) => {
      for (const [sql, bindings] of found) q.orWhereRaw(`(${sql})`, bindings);
    })
    .forUpdate()
    .select('id', 'attachment_key')) as { id: number; attachment_key: string }[];
  if (rows.length)
    await trx('chat_messages')
      .whereIn(
        'id',
        rows.map((r) => r.id),
      )
      .update({ attachment_key: null, attachment_name: null, attachment_size: null });
  return rows.map((r) => r.attachment_key);
}

/** The file's text as the CV reader reads it, white space as one space; undefined when it cannot be read. */
async function attachmentText(config: Config, key: string, lookups: Parameters<typeof readCv>[2]) {
  const stream = await storageFor(config).get(key);
  // Chat attachments are PDF or DOCX files, stored under their type's extension (chat/messages.ts).
  const type = key.slice(key.lastIndexOf('.') + 1);
  if (!stream || (type !== 'pdf' && type !== 'docx')) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > config.cv.maxBytes) return undefined;
    chunks.push(Buffer.from(chunk as Buffer));
  }
  const read = await readCv(Buffer.concat(chunks), type as CvType, lookups, config.cv);
  return read.ok ? read.text.replace(/\s+/g, ' ') : undefined;
}

/**
 * Clears the attachments of the conversations `m.tied` selects whose text holds `m.named` (see above);
 * returns their storage keys. Run after eraseChatAttachments, so the files it cleared are not read.
 */
export async function eraseChatAttachmentsByText(
  trx: Knex.Transaction,
  config: Config,
  m: Mentions,
): Promise<string[]> {
  const { tied, named } = m;
  if (!tied || !named) return [];
  const rows = (await trx('chat_messages')
    .whereNotNull('attachment_key')
    .whereRaw(`(${tied[0]})`, tied[1])
    .orderBy('id')
    .forUpdate()
    .select('id', 'attachment_key')) as { id: number; attachment_key: string }[];
  if (!rows.length) return [];
  const lookups = await cvLookups(trx);
  const hits: typeof rows = [];
  for (const row of rows) {
    const text = await attachmentText(config, row.attachment_key, lookups);
    if (text === undefined) {
      logger.warn({ messageId: row.id }, 'erasure: a chat attachment could not be read; kept');
      continue;
    }
    const { rows: found } = await trx.raw<{ rows: { hit: boolean }[] }>('select ?::text ~* ? as hit', [text, named]);
    if (found[0]?.hit) hits.push(row);
  }
  if (hits.length)
    await trx('chat_messages')
      .whereIn(
        'id',
        hits.map((r) => r.id),
      )
      .update({ attachment_key: null, attachment_name: null, attachment_size: null });
  return hits.map((r) => r.attachment_key);
}

/**
 * The report without the rows whose email cell is one of `emails` (a row's line starts
 * `<row>,<email>,`, the cell written as the import writes it); undefined when it has none.
 */
function reportWithout(report: string, emails: string[]): string | undefined {
  const cells = emails.map((email) => csvCell(email).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const theirs = new RegExp(`^\\d+,(?:${cells.join('|')}),`, 'i');
  const lines = report.split('\n');
  const kept = lines.filter((line) => !theirs.test(line));
  return kept.length === lines.length ? undefined : kept.join('\n');
}

/**
 * Rewrites every import report holding one of `emails` (the person's, lower-cased: each profile of
 * theirs had its own) without their rows; returns the old reports' keys (to delete after the
 * commit) and pushes the new ones to `written` (to delete if the transaction fails).
 */
export async function eraseFromImportReports(
  trx: Knex.Transaction,
  config: Config,
  emails: string[],
  written: string[],
): Promise<string[]> {
  const theirs = emails.filter(Boolean);
  if (!theirs.length) return [];
  const storage = storageFor(config);
  const old: string[] = [];
  const rows = (await trx('candidate_imports')
    .whereNotNull('report_key')
    .orderBy('id')
    .forUpdate()
    .select('id', 'report_key')) as { id: number; report_key: string }[];
  for (const row of rows) {
    const stream = await storage.get(row.report_key);
    const text = stream ? await streamText(stream) : '';
    const lower = text.toLowerCase();
    const rewritten = theirs.some((email) => lower.includes(email)) ? reportWithout(text, theirs) : undefined;
    if (rewritten === undefined) continue;
    // In the old report's folder (keys are <folder>/<yyyy-mm>/<name>.<ext>).
    const folder = row.report_key.split('/')[0];
    const key = await storage.put(Buffer.from(rewritten, 'utf8'), { folder, ext: 'csv' });
    written.push(key);
    await trx('candidate_imports').where('id', row.id).update({ report_key: key, updated_at: trx.fn.now() });
    old.push(row.report_key);
  }
  return old;
}

/** Clears the uploads failed imports still hold; returns their keys. */
export async function clearFailedUploads(trx: Knex.Transaction): Promise<string[]> {
  const rows = (await trx('candidate_imports')
    .where('status', IMPORT_FAILED)
    .whereNotNull('file_key')
    .forUpdate()
    .select('id', 'file_key')) as { id: number; file_key: string }[];
  if (rows.length)
    await trx('candidate_imports')
      .whereIn(
        'id',
        rows.map((r) => r.id),
      )
      .update({ file_key: null, updated_at: trx.fn.now() });
  return rows.map((r) => r.file_key);
}
