/**
 * What happens to a company user's work when they are deleted: each capability that owns rows of a
 * user (projects, ...) registers a handler that moves them to the user chosen to take over, inside
 * the deletion's transaction.
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

const handlers: TransferHandler[] = [];

export function registerUserTransfer(handler: TransferHandler): void {
  handlers.push(handler);
}

export async function runUserTransfers(trx: Knex.Transaction, transfer: UserTransfer): Promise<void> {
  for (const handler of handlers) await handler(trx, transfer);
}
