/**
 * What happens to a company user's work when they are deleted: an explicit list of transfers, one
 * per kind of row a company user owns (like features/writes.ts, nothing registers itself), run
 * inside the deletion's transaction before the user's row goes.
 *
 * Without a chosen successor (DELETE without ?transferTo=) the work goes to the colleague the console's bulk
 * deletion picks: the first active colleague of the same company in the order GET
 * /company-users/user-list-to-transfer lists them (first name, last name, id), which is also the one the deletion
 * dialogs preselect. Only when the company has no other active user do the projects keep no owner, as the dialogs
 * say ("Nobody else can receive their projects"): the last person of a company can still be deleted.
 */
import type { Knex } from 'knex';
import { textOrders } from '../../db/textOrder';
import { MEMBER_STATUS } from './rules';

export interface UserTransfer {
  companyId: number;
  /** The user being deleted. */
  fromUserId: number;
  /** The active user of the same company taking over, when one was chosen. */
  toUserId?: number;
}

export type TransferHandler = (trx: Knex.Transaction, transfer: UserTransfer) => Promise<void>;

/**
 * The active colleagues who can take over company user `userId`'s work, in the order they are offered (GET
 * user-list-to-transfer), the first being the default successor.
 */
export const colleaguesToTakeOver = (knex: Knex, companyId: number, userId: number) =>
  knex('company_users')
    .where({ company_id: companyId, status: MEMBER_STATUS.active })
    .whereNot('id', userId)
    .orderByRaw(`${textOrders(['first_name', 'last_name'])}, id`);

/** The first active colleague of the leaver's company, locked so they stay active while they take over. */
async function defaultSuccessor(trx: Knex.Transaction, { companyId, fromUserId }: UserTransfer) {
  const row = (await colleaguesToTakeOver(trx, companyId, fromUserId).first('id').forUpdate()) as
    { id: number } | undefined;
  return row?.id;
}

/** The leaver's projects go to the user taking over, if anyone can. */
const projects: TransferHandler = async (trx, { fromUserId, toUserId }) => {
  if (toUserId === undefined) return;
  await trx('projects').where('owner_id', fromUserId).update({ owner_id: toUserId, updated_at: trx.fn.now() });
};

/** Every transfer a deletion runs, in order. */
export const USER_TRANSFERS: readonly TransferHandler[] = [projects];

export async function runUserTransfers(trx: Knex.Transaction, transfer: UserTransfer): Promise<void> {
  const toUserId = transfer.toUserId ?? (await defaultSuccessor(trx, transfer));
  for (const handler of USER_TRANSFERS) await handler(trx, { ...transfer, toUserId });
}
