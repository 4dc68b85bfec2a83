/**
 * The one trace an erasure keeps of a person: keyed one-way hashes of their email (erased_emails),
 * so nobody brings them back unless they sign up again. The erasure writes them
 * (features/dataRights/erase.ts); the import asks them, batch by batch, in the transaction that
 * writes the batch (features/talent/import/erased.ts), never from a copy read earlier; every other
 * write of a candidate's address by someone else (an admin's create, the console) asks them through
 * assertNotErased, in its own transaction (features/talent/candidates.ts saveCandidate). Both refuse
 * with ERASED_EMAIL. The person's own proven address (signing up, their email change by code) is not asked.
 *
 * Two rows per address, in the one column: the hash of the address as written (the only kind
 * erasures before the mailbox key kept, which cannot be recomputed) and the hash of its mailbox
 * key (emailKey: '+tag', Gmail's dots, Unicode and IDN spellings folded), under another prefix so
 * the two kinds never meet. A check asks both of each incoming address, so 'john.doe+cv@gmail.com'
 * or 'johndoe@googlemail.com' finds the erased 'john.doe@gmail.com'.
 */
import type { Knex } from 'knex';
import { asciiSpelling, emailKey } from '../../schema/lib/email';
import { hmac } from '../auth/tokens';
import type { Config } from '../config';
import { badRequest } from '../errors';

/** The refusal of an erased person's address: the import's reason for its row, the API's field error on `email`. */
export const ERASED_EMAIL = 'erasure.errors.erasedEmail';

/** The keyed hash an erased email is kept as, written as it was. */
export const emailHash = (config: Config, email: string) => hmac(config.secret, `erased:${email.trim().toLowerCase()}`);

/** The keyed hash of an erased email's mailbox (emailKey), kept beside emailHash. */
export const mailboxHash = (config: Config, email: string) => hmac(config.secret, `erased-mailbox:${emailKey(email)}`);

/** The hashes an erasure keeps of `email`: as written and its mailbox. */
export const erasedHashesOf = (config: Config, email: string) => [emailHash(config, email), mailboxHash(config, email)];

/**
 * The hashes that find `email` among the erased: its mailbox's, and as written, also with the
 * domain in Punycode (an address erased before spellings were made one may be stored so).
 */
const hashesToAsk = (config: Config, email: string) => [
  ...new Set([email, asciiSpelling(email.trim().toLowerCase())].map((e) => emailHash(config, e))),
  mailboxHash(config, email),
];

/**
 * Which of `emails` belong to someone erased, as committed when the one statement starts: run it
 * in the transaction that then writes them, so an erasure committed meanwhile is not missed.
 */
export async function erasedAmong(db: Knex | Knex.Transaction, config: Config, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  // Several spellings of one mailbox in a batch share its hash: each hash answers all of them.
  const byHash = new Map<string, string[]>();
  for (const email of emails)
    for (const hash of hashesToAsk(config, email)) byHash.set(hash, [...(byHash.get(hash) ?? []), email]);
  const found = (await db('erased_emails')
    .whereIn('email_hash', [...byHash.keys()])
    .pluck('email_hash')) as string[];
  return new Set(found.flatMap((hash) => byHash.get(hash) as string[]));
}

/**
 * Refuses `email` (400, field `email`: ERASED_EMAIL) when it belongs to someone erased, under any spelling of the
 * mailbox (erasedAmong). Run it in the transaction that then writes the address.
 */
export async function assertNotErased(db: Knex | Knex.Transaction, config: Config, email: string): Promise<void> {
  if ((await erasedAmong(db, config, [email])).size) throw badRequest({ email: ERASED_EMAIL });
}
