/**
 * Platform admins' rules, for every way a change arrives (the console's edit, the bulk status
 * change, deletion): an email that stays with its person, nobody deactivating or deleting
 * themself, always one active General admin left to manage the platform, and sessions that end when an admin is
 * deactivated (a reactivation brings none back). A deleted person's picture is deleted once the deletion commits.
 */
import type { Knex } from 'knex';
import { admin } from '../../../schema/entities/admin';
import { keyOfPublicPath } from '../../adapters/storage/serve';
import { statusChangeEndsSessions } from '../../auth/session';
import { modelFor } from '../../db/models';
import { checks, isSelf, personChecks, type Check, type EntityWrites } from '../../crud/writes';
import { AppError } from '../../errors';
import { queueJob } from '../../services/queue';
import { refused } from './companyUsers';
import { ADMIN_STATUS, adminChangeRefusal, adminDeleteRefusal, adminsRefusal, GENERAL } from './rules';

const selfCheck: Check = async (data, ctx) => {
  if (ctx.mode !== 'update' || !ctx.existing) return;
  const selfId = isSelf(ctx.actor, ctx.entity, ctx.id) ? ctx.id : undefined;
  const reason = adminChangeRefusal(selfId, ctx.existing as { id: number; status: number }, data);
  if (reason) throw refused('status', reason);
};

/**
 * Queues, in the deleting transaction, the deletion of a deleted admin's or company user's own picture
 * (`/uploads/profile-pics/…`): no candidate holds it, so it would stay served to anyone for good.
 */
export async function forgetPicture(trx: Knex.Transaction, person: Record<string, unknown>): Promise<void> {
  const key = keyOfPublicPath(typeof person.profilePic === 'string' ? person.profilePic : null);
  if (key) await queueJob(trx, 'delete_erased_files', { keys: [key] });
}

export const adminWrites: EntityWrites = {
  check: checks(personChecks, selfCheck),
  after: statusChangeEndsSessions('admin'),
  beforeDelete: async ({ trx, actor, entity, existing }) => {
    const reason = adminDeleteRefusal(isSelf(actor, entity, existing.id) ? existing.id : undefined, existing.id);
    if (reason) throw new AppError(400, `admins.${reason}`);
    await forgetPicture(trx, existing);
  },
  // Checked once the request's writes are in, so a bulk change is judged as a whole. One change of admins at a time
  // is judged: two General admins deactivating each other at once would each count the other still active.
  settle: async ({ trx }) => {
    await trx.raw("select pg_advisory_xact_lock(hashtext('admins.generalAdmins'))");
    const [{ n }] = (await modelFor(admin)
      .query(trx)
      .where({ status: ADMIN_STATUS.active, role: GENERAL })
      .count({ n: '*' })) as unknown as { n: number }[];
    const reason = adminsRefusal(Number(n));
    if (reason) throw new AppError(409, `admins.${reason}`);
  },
};
