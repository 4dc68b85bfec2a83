/**
 * Saves from an older copy (lost updates). A form sends back the whole record it read, so a save made after someone
 * else changed the row would silently put back what they changed (a project closed meanwhile reopened and charged, a
 * suspended company or member active again, a lot's spent credit returned). A client that sends the `updatedAt` it
 * read (the generic `PUT /<resource>/:id`, the portal's project update, an admin's lot update) is refused with 409
 * 'errors.changedMeanwhile' (field `updatedAt`) when the stored row changed since, and nothing is written: the person
 * reloads and saves again. The row is locked before it is compared (FOR NO KEY UPDATE, the lock the write itself
 * takes, so foreign keys to the row do not wait on it), so of two saves from the same copy only the first passes.
 * A body without `updatedAt` is not asked (API clients write as before). Every write path of such a row moves its
 * `updated_at` (the generic write, the status routes, the ledger), which is what a save is compared with.
 */
import type { Knex } from 'knex';
import { AppError, badRequest } from '../errors';

export const CHANGED_MEANWHILE = 'errors.changedMeanwhile';

/** The `updatedAt` a client sent with its save (the record its form read), if any: a date-time, else a field error. */
export function readAtOf(body: unknown): string | undefined {
  const sent = body && typeof body === 'object' ? (body as Record<string, unknown>).updatedAt : undefined;
  if (sent === undefined || sent === null || sent === '') return undefined;
  if (typeof sent !== 'string' || Number.isNaN(Date.parse(sent))) throw badRequest({ updatedAt: 'errors.invalid' });
  return sent;
}

/** Refuses when the stored `updatedAt` is another instant than the one read (milliseconds, as the API writes it). */
export function assertUnchanged(stored: unknown, readAt: string | undefined, code = CHANGED_MEANWHILE): void {
  if (readAt === undefined) return;
  const at =
    stored instanceof Date ? stored.getTime() : stored == null ? Number.NaN : new Date(stored as string).getTime();
  if (at !== new Date(readAt).getTime()) throw new AppError(409, code, undefined, { updatedAt: code });
}

/**
 * When `body` carries the `updatedAt` its client read: locks row `id` of `table` until the transaction ends and
 * refuses the save if the row changed since (see the module's docblock). A body without it locks nothing.
 */
export async function assertCurrentRow(
  trx: Knex.Transaction,
  table: string,
  id: number,
  body: unknown,
  code = CHANGED_MEANWHILE,
): Promise<void> {
  const readAt = readAtOf(body);
  if (readAt === undefined) return;
  const row = (await trx(table).where('id', id).forNoKeyUpdate().first('updated_at')) as
    { updated_at: Date | null } | undefined;
  assertUnchanged(row?.updated_at, readAt, code);
}
