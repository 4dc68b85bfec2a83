/**
 * The email a merge sends to each address the kept profile no longer holds: the merged profile's when
 * the survivor keeps its own, the survivor's own when it takes the merged profile's. That address no
 * longer signs in (the sessions and sign-in keys proved with it end, merge.ts), so the person is told
 * which address does, written in part ('j•••n@example.org'): enough for its owner to know it, little
 * for anyone else. Queued in the merge's transaction. An undone merge gives each profile its own
 * address back, and the undo's transaction tells them so (tellSeparatedPeople), so the first email is
 * never left standing. Plain text is the source; the HTML is the same words.
 */
import type { Knex } from 'knex';
import { emailKey } from '../../../schema/lib/email';
import type { Config } from '../../config';
import { queueEmail } from '../../services/mail/outbox';
import { emailOf, signInAt, type Paragraph } from '../../services/mail/templates';

/** An address with its local part hidden but its first and last letter. */
export function partOf(address: string): string {
  const [local, domain] = [address.slice(0, address.lastIndexOf('@')), address.slice(address.lastIndexOf('@') + 1)];
  const shown = local.length <= 2 ? `${local[0] ?? ''}•••` : `${local[0]}•••${local.at(-1)}`;
  return `${shown}@${domain}`;
}

/** An email whose plain text is its lines, one paragraph each, and whose HTML is the same words. */
const letter = (config: Config, subject: string, lines: Paragraph[]) => emailOf(config, subject, lines);

export function mergedAddressEmail(config: Config, firstName: string | null, kept: string) {
  return letter(config, `Your ${config.productName} profiles were combined`, [
    `Hi ${firstName ?? 'there'},`,
    `You had two ${config.productName} profiles, and our team has combined them into one. Everything from both is kept.`,
    `From now on, sign in with ${partOf(kept)}: this address no longer signs in to ${config.productName}.`,
    signInAt(
      config,
      (url) => `Sign in at ${url}. If you think this is a mistake, contact the ${config.productName} team.`,
    ),
  ]);
}

/** The email an undone merge sends to the address the merge had taken away: it signs in again. */
export function separatedAddressEmail(config: Config, firstName: string | null, own: string) {
  return letter(config, `Your ${config.productName} profile is separate again`, [
    `Hi ${firstName ?? 'there'},`,
    `Our team has separated the two ${config.productName} profiles it combined earlier: yours is back as it was.`,
    `You can sign in with ${own} again, as before. The address we told you about no longer signs in to your profile.`,
    signInAt(config, (url) => `Sign in at ${url}. If you have questions, contact the ${config.productName} team.`),
  ]);
}

type Json = Record<string, unknown>;
/** A row's address as compared: trimmed, in lower case. */
export const addressOf = (row: Json) => (typeof row.email === 'string' ? row.email.trim().toLowerCase() : '');

/**
 * A profile's address before the merge and the kept profile's, with that profile's first name, when the two are
 * different mailboxes: the one case either email is sent in.
 */
function twoAddresses(before: Json, kept: Json) {
  const [own, other] = [addressOf(before), addressOf(kept)];
  if (!own || !other || emailKey(own) === emailKey(other)) return undefined;
  return { own, other, firstName: typeof before.first_name === 'string' ? before.first_name : null };
}

/**
 * Tells the person of each profile as it was before the merge (`profiles`: the survivor's and the merged one's rows)
 * which address signs in now, when it is not their own (the `next` survivor row's).
 */
export async function tellChangedAddresses(
  trx: Knex.Transaction,
  config: Config,
  profiles: Json[],
  next: Json,
): Promise<void> {
  for (const before of profiles) {
    const found = twoAddresses(before, next);
    if (found) await queueEmail(trx, { to: found.own, ...mergedAddressEmail(config, found.firstName, found.other) });
  }
}

/**
 * After an undo, each person whose address returns is told it signs in again, when the merge had told them another
 * one did (tellChangedAddresses's rule, on the rows the journal kept and the survivor as the merge left it).
 */
export async function tellSeparatedPeople(
  trx: Knex.Transaction,
  config: Config,
  profiles: Json[],
  survivorAfter: Json,
): Promise<void> {
  for (const before of profiles) {
    const found = twoAddresses(before, survivorAfter);
    if (found) await queueEmail(trx, { to: found.own, ...separatedAddressEmail(config, found.firstName, found.own) });
  }
}
