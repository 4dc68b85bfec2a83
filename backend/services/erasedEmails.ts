/**
 * The one trace an erasure keeps of a person: a keyed one-way hash of their email (erased_emails),
 * so an import leaves them out unless they sign up again. The erasure writes it
 * (features/dataRights/erase.ts); the import asks it.
 */
import type { Knex } from 'knex';
import { hmac } from '../auth/tokens';
import type { Config } from '../config';

/** The keyed hash an erased email is kept as. */
export const emailHash = (config: Config, email: string) => hmac(config.secret, `erased:${email.trim().toLowerCase()}`);

/** Whether each email of a bulk import belongs to someone erased: the hashes are read once. */
export async function erasedEmailCheck(knex: Knex, config: Config): Promise<(email: string) => boolean> {
  const hashes = new Set((await knex('erased_emails').pluck('email_hash')) as string[]);
  return (email) => hashes.size > 0 && hashes.has(emailHash(config, email));
}
