/**
 * People who were erased stay out of imports: each batch asks erased_emails in the transaction
 * that writes it, after the rows it reads were checked, so a person erased while a long import
 * runs is not written back by a later batch (a copy of the hashes read when the import started
 * would not know them).
 *
 * An erasure locks the candidate's row (FOR UPDATE) before it renames the email and commits the
 * hash with the rename. The batch first takes the weakest lock on the candidates holding its
 * emails (FOR KEY SHARE, which only an erasure, a deletion or an email change waits for), then
 * reads the hashes in a statement of its own: an erasure under way is waited for and its hash
 * then read; one that starts after waits for the batch to commit, and erases what it wrote.
 */
import type { Knex } from 'knex';
import { entity } from '../../../../schema';
import type { Config } from '../../../config';
import { erasedAmong } from '../../../services/erasedEmails';

const candidates = entity('candidate').table;

/** The rows of a batch whose email belongs to someone erased: two statements, whatever the batch's size. */
export async function erasedRows<R>(
  trx: Knex.Transaction,
  config: Config,
  rows: R[],
  emailOf: (row: R) => string,
): Promise<Set<R>> {
  const emails = [...new Set(rows.map(emailOf).filter(Boolean))];
  if (!emails.length) return new Set();
  await trx(candidates).whereIn('email', emails).forKeyShare().select('id');
  const erased = await erasedAmong(trx, config, emails);
  return new Set(rows.filter((row) => erased.has(emailOf(row))));
}
