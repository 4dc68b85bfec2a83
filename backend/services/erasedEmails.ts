/**
 * The one trace an erasure keeps of a person: a keyed one-way hash of their email (erased_emails),
 * so an import leaves them out unless they sign up again. The erasure writes it
 * (features/dataRights/erase.ts); the import asks it, batch by batch, in the transaction that
 * writes the batch (features/talent/import/erased.ts), never from a copy read earlier.
 */
import type { Knex } from 'knex';
import { hmac } from '../auth/tokens';
import type { Config } from '../config';

/** The keyed hash an erased email is kept as. */
export const emailHash = (config: Config, email: string) => hmac(config.secret, `erased:${email.trim().toLowerCase()}`);

/**
 * Which of `emails` belong to someone erased, as committed when the one statement starts: run it
 * in the transaction that then writes them, so an erasure committed meanwhile is not missed.
 */
export async function erasedAmong(db: Knex | Knex.Transaction, config: Config, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const byHash = new Map(emails.map((email) => [emailHash(config, email), email]));
  const found = (await db('erased_emails')
    .whereIn('email_hash', [...byHash.keys()])
    .pluck('email_hash')) as string[];
  return new Set(found.map((hash) => byHash.get(hash) as string));
}
