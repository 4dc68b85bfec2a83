/**
 * What happens to a company user's work when they are deleted: an explicit list of transfers, one
 * per kind of row a company user owns (like features/writes.ts, nothing registers itself), run
 * inside the deletion's transaction before the user's row goes. Without a chosen successor the
 * rows keep what their foreign keys say (a project's owner becomes empty).
 */
import type { Knex } from 'knex';

export interface UserTransfer {
  companyId: number;
  /** The user being deleted. */
  fromUserId: number;
  /** The active user of the same company taking over, when one was chosen. */
  toUserId?: number;
}

export type TransferHandler = (trx: Knex.Transaction, transfer: UserTransfer) => Promise<void>;

/** The leaver's projects go to the user taking over. */
const projects: TransferHandler = async (trx, { fromUserId, toUserId }) => {
  if (toUserId === undefined) return;
  await trx('projects').where('owner_id', fromUserId).update({ owner_id: toUserId, updated_at: trx.fn.now() });
};

/** Every transfer a deletion runs, in order. */
export const USER_TRANSFERS: readonly TransferHandler[] = [projects];

export async function runUserTransfers(trx: Knex.Transaction, transfer: UserTransfer): Promise<void> {
  for (const handler of USER_TRANSFERS) await handler(trx, transfer);
}
