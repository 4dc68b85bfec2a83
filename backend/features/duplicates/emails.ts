/**
 * The email a merge sends to the merged profile's address when the survivor keeps another one: that
 * address no longer signs in (the merged profile's sessions and sign-in keys end with it, merge.ts),
 * so the person is told which address does, written in part ('j•••n@example.org'): enough for its
 * owner to know it, little for anyone else. Queued in the merge's transaction. An undone merge gives
 * the person their own address back, and the undo's transaction tells them so (tellSeparatedPerson),
 * so the first email is never left standing. Plain text is the source; the HTML is the same words.
 */
import type { Knex } from 'knex';
import { emailKey } from '../../../schema/lib/email';
import type { Config } from '../../config';
import { queueEmail } from '../../services/mail/outbox';
import { html } from '../../services/mail/templates';

/** An address with its local part hidden but its first and last letter. */
export function partOf(address: string): string {
  const [local, domain] = [address.slice(0, address.lastIndexOf('@')), address.slice(address.lastIndexOf('@') + 1)];
  const shown = local.length <= 2 ? `${local[0] ?? ''}•••` : `${local[0]}•••${local.at(-1)}`;
  return `${shown}@${domain}`;
}

/** An email whose plain text is its lines, one paragraph each, and whose HTML is the same words. */
const letter = (config: Config, subject: string, lines: string[]) => ({
  subject,
  text: lines.join('\n\n'),
  html: html(config, lines),
});

export function mergedAddressEmail(config: Config, firstName: string | null, kept: string) {
  return letter(config, `Your ${config.productName} profiles were combined`, [
    `Hi ${firstName ?? 'there'},`,
    `You had two ${config.productName} profiles, and our team has combined them into one. Everything from both is kept.`,
    `From now on, sign in with ${partOf(kept)}: this address no longer signs in to ${config.productName}.`,
    `Sign in at ${config.publicUrl}/auth/login. If you think this is a mistake, contact the ${config.productName} team.`,
  ]);
}

/** The email an undone merge sends to the address the merge had taken away: it signs in again. */
export function separatedAddressEmail(config: Config, firstName: string | null, own: string) {
  return letter(config, `Your ${config.productName} profile is separate again`, [
    `Hi ${firstName ?? 'there'},`,
    `Our team has separated the two ${config.productName} profiles it combined earlier: yours is back as it was.`,
    `You can sign in with ${own} again, as before. The address we told you about no longer signs in to your profile.`,
    `Sign in at ${config.publicUrl}/auth/login. If you have questions, contact the ${config.productName} team.`,
  ]);
}

type Json = Record<string, unknown>;
const addressOf = (row: Json) => (typeof row.email === 'string' ? row.email.trim().toLowerCase() : '');

/**
 * The merged profile's address and the survivor's, with the merged person's first name, when the two are different
 * mailboxes: the one case either email is sent in.
 */
function twoAddresses(merged: Json, survivor: Json) {
  const [own, other] = [addressOf(merged), addressOf(survivor)];
  if (!own || !other || emailKey(own) === emailKey(other)) return undefined;
  return { own, other, firstName: typeof merged.first_name === 'string' ? merged.first_name : null };
}

/** Tells the merged profile's person which address signs in now, when it is not their own (the `next` survivor row's). */
export async function tellMergedPerson(trx: Knex.Transaction, config: Config, merged: Json, next: Json): Promise<void> {
  const found = twoAddresses(merged, next);
  if (found) await queueEmail(trx, { to: found.own, ...mergedAddressEmail(config, found.firstName, found.other) });
}

/**
 * After an undo, the person whose profile returns is told their own address signs in again, when the merge had
 * told them another one did (tellMergedPerson's rule, on the merged row and the survivor as the merge left it).
 */
export async function tellSeparatedPerson(
  trx: Knex.Transaction,
  config: Config,
  merged: Json,
  survivorAfter: Json,
): Promise<void> {
  const found = twoAddresses(merged, survivorAfter);
  if (found) await queueEmail(trx, { to: found.own, ...separatedAddressEmail(config, found.firstName, found.own) });
}
