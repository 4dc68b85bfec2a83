/**
 * Admins, company users and community users own their emails: a candidate may not take one. The
 * import reads them once as it starts, to refuse such rows before they are checked, and asks again
 * in each batch's transaction, under the lock every account writer takes on an address
 * (auth/accounts.ts lockEmail, crud/writes.ts assertEmailFree): an account created while the import
 * runs is seen by the batch that would have taken its address, and one created while the batch is
 * being written waits for it and then finds the candidate.
 *
 * A batch locks its addresses in one statement, in the order of their lock keys, so two batches
 * written side by side never wait on each other in a circle; it holds one advisory lock per address
 * (at most a batch's size, 2,000 by default) until it commits.
 */
import type { Knex } from 'knex';
import { accountCondition, accountRows } from '../../../auth/accounts';
import { PEOPLE_TABLES } from '../../../crud/writes';
import { entity } from '../../../../schema';

const OTHERS = PEOPLE_TABLES.filter((table) => table !== entity('candidate').table);

/** Every other person's email, as the import starts. */
export async function otherPeopleEmails(knex: Knex): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const table of OTHERS)
    for (const email of (await accountRows(knex, table).pluck('email')) as string[]) taken.add(email);
  return taken;
}

/**
 * The rows of a batch whose email now belongs to another person: two statements, whatever the
 * batch's size (the locks, then one query over the other people's tables).
 */
export async function takenByOthers<R>(trx: Knex.Transaction, rows: R[], emailOf: (row: R) => string): Promise<Set<R>> {
  const emails = [...new Set(rows.map(emailOf).filter(Boolean))];
  if (!emails.length) return new Set();
  // The same key as lockEmail's; volatile functions in the select list run after the sort.
  await trx.raw(
    `select pg_advisory_xact_lock(k) from (select distinct hashtext('account-email:' || lower(e)) as k from unnest(?::text[]) as e) s order by k`,
    [emails],
  );
  const union = OTHERS.map(
    (table) => `select email from "${table}" where email = any(?::text[])${accountCondition(table)}`,
  ).join(' union ');
  const { rows: found } = (await trx.raw(
    union,
    OTHERS.map(() => emails),
  )) as { rows: { email: string }[] };
  if (!found.length) return new Set();
  const taken = new Set(found.map((r) => r.email));
  return new Set(rows.filter((row) => taken.has(emailOf(row))));
}
