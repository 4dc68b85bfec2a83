/**
 * The email a merge sends to the merged profile's address when the survivor keeps another one: that
 * address no longer signs in (the merged profile's sessions and sign-in keys end with it, merge.ts),
 * so the person is told which address does, written in part ('j•••n@example.org'): enough for its
 * owner to know it, little for anyone else. Queued in the merge's transaction (an undone merge may
 * follow; the person's own address signs in again then). Plain text is the source; the HTML is the same words.
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

export function mergedAddressEmail(config: Config, firstName: string | null, kept: string) {
  const lines = [
    `Hi ${firstName ?? 'there'},`,
    `You had two ${config.productName} profiles, and our team has combined them into one. Everything from both is kept.`,
    `From now on, sign in with ${partOf(kept)}: this address no longer signs in to ${config.productName}.`,
    `Sign in at ${config.publicUrl}/auth/login. If you think this is a mistake, contact the ${config.productName} team.`,
  ];
  return {
    subject: `Your ${config.productName} profiles were combined`,
    text: lines.join('\n\n'),
    html: html(config, lines),
  };
}

type Json = Record<string, unknown>;
const addressOf = (row: Json) => (typeof row.email === 'string' ? row.email.trim().toLowerCase() : '');

/** Tells the merged profile's person which address signs in now, when it is not their own (the `next` survivor row's). */
export async function tellMergedPerson(trx: Knex.Transaction, config: Config, merged: Json, next: Json): Promise<void> {
  const [old, kept] = [addressOf(merged), addressOf(next)];
  if (!old || !kept || emailKey(old) === emailKey(kept)) return;
  const firstName = typeof merged.first_name === 'string' ? merged.first_name : null;
  await queueEmail(trx, { to: old, ...mergedAddressEmail(config, firstName, kept) });
}
