/**
 * `DELETE /company-users` {keys} (or {ids}): the team's bulk deletion, by the one per-key bulk deletion of every list
 * (crud/bulkDelete.ts). Each colleague goes as a single deletion does (DELETE /company-users/:id): by the team's rules
 * (assertDeletable), their work handed to the first active colleague offered who is not being deleted too (as the
 * single deletion's dialog defaults to). Each key is answered deleted, gone (already deleted, or out of reach) or
 * refused with its reason; only keys are answered.
 */
import { subject as asSubject } from '@casl/ability';
import type { Knex } from 'knex';
import { z } from 'zod';
import { companyUser } from '../../../schema/entities/companyUser';
import { formatId } from '../../../schema/lib/ids';
import { BULK_MAX, ids } from '../../../schema/validation/inputs';
import { deletePerKey, type KeyOutcome } from '../../crud/bulkDelete';
import { forgetInLists } from '../../crud/refs';
import { findRow } from '../../crud/select';
import type { Row } from '../../crud/serialize';
import { endSessions } from '../../crud/writes';
import { defineEndpoint, type Call } from '../../endpoints/define';
import { badRequest, forbidden, notFound } from '../../errors';
import { forgetPicture } from './admins';
import { assertDeletable, lockTeams, Users } from './companyUsers';
import { MEMBER_STATUS } from './rules';
import { colleaguesToTakeOver, runUserTransfers } from './transfer';

/** What helpers need of a call. */
type Caller = Pick<Call, 'actor' | 'ability' | 'ctx' | 'req'>;

const list = ids('companyUser', BULK_MAX);

/**
 * Deletes a company user in their company's turn (lockTeams), handing their work to `toUserId`, who
 * must be an active colleague as the deletion happens: locked, so nobody deactivates or deletes them meanwhile.
 */
export async function deleteMember(call: Caller, trx: Knex.Transaction, user: Row, toUserId?: number): Promise<void> {
  const companyId = user.companyId as number;
  await lockTeams(trx, call.actor, [companyId]);
  if (!(await Users.query(trx).findById(user.id).forUpdate())) throw notFound();
  if (toUserId !== undefined) {
    const target = (await Users.query(trx).findById(toUserId).forUpdate()) as unknown as
      { id: number; status: number; companyId: number } | undefined;
    if (!target || target.id === user.id || target.status !== MEMBER_STATUS.active || target.companyId !== companyId)
      throw badRequest({ transferTo: 'transferTo.errors.invalid' });
  }
  await runUserTransfers(trx, { companyId, fromUserId: user.id, toUserId });
  await endSessions(trx, companyUser, [user.id]);
  await forgetPicture(trx, user);
  await forgetInLists(trx, companyUser, user.id);
  await Users.query(trx).deleteById(user.id);
}

/** One colleague of a bulk deletion, in `point`: their work to the first colleague offered not among `leaving`. */
async function deleteKey(call: Caller, point: Knex.Transaction, id: number, leaving: number[]): Promise<KeyOutcome> {
  const user = await findRow(point, companyUser, call.req, id, 'delete');
  if (!user) return 'gone';
  if (!call.ability.can('delete', asSubject(companyUser.subject, { ...user }))) throw forbidden();
  assertDeletable(call.actor, call.ability, user);
  const successor = (await colleaguesToTakeOver(point, user.companyId as number, id)
    .whereNotIn('id', leaving)
    .first('id')) as { id: number } | undefined;
  await deleteMember(call, point, user, successor?.id);
  return 'deleted';
}

export const companyUsersBulkDelete = defineEndpoint({
  method: 'delete',
  path: '/company-users',
  summary: 'Deletes several colleagues, each handing their work on; each key answered deleted, gone or refused',
  access: { action: 'delete', subject: companyUser.subject },
  input: { body: z.object({ keys: list.optional(), ids: list.optional() }) },
  handler: (call) => {
    const wanted = [...new Set(call.body.keys ?? call.body.ids ?? [])];
    if (!wanted.length) throw badRequest({ keys: 'keys.errors.required' });
    const keyOf = (id: number) => String(formatId(companyUser, id));
    return deletePerKey(call.ctx.knex, wanted, keyOf, (point, id) => deleteKey(call, point, id, wanted));
  },
});
