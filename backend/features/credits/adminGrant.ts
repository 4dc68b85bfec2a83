/**
 * An admin's grant of credits (POST credit), made once. The same admin adding the same number of
 * credits with the same expiry date to the same company again within REPEAT_WINDOW_SECONDS (the
 * order form's window: a double click, a resent request) is refused with 409
 * `credits.errors.repeatedAdd` and the field error `noOfCredits.errors.repeated`, naming the lot
 * already added (`creditDataId`); nothing moves. A lot deleted since does not count: adding it
 * again is deliberate. Another quantity, expiry, company or admin goes through.
 *
 * The company's row is locked first (the ledger's `lockCompany`, the one lock every movement of a
 * company takes first), so of two concurrent identical requests the second waits only until the
 * first commits, then sees its lot and is refused: one lot, and no deadlock.
 */
import type { Knex } from 'knex';
import { CREDIT_ACTIONS, expiryWindow } from '../../../schema/rules/credits';
import { actorRefs, type Actor } from '../../../schema/roles';
import { t } from '../../../i18n';
import { AppError } from '../../errors';
import { grantCredits, lockCompany, LOT_SOURCES, type Movement } from './ledger';
import { REPEAT_WINDOW_SECONDS } from './orders';

/** The lot the same admin added with the same credits and expiry to the company in the window, if any. */
async function sameAdminGrant(
  trx: Knex.Transaction,
  input: { companyId: number; amount: number; expiryDate: string; actor: Actor },
): Promise<number | undefined> {
  const adminId = actorRefs(input.actor).adminId;
  const row = await trx('credit_logs as g')
    .join('credit_lots as l', 'l.id', 'g.lot_id')
    .where({
      'g.company_id': input.companyId,
      'g.action': CREDIT_ACTIONS.addedByAdmin,
      'g.amount': input.amount,
      'l.source': LOT_SOURCES.admin,
      'l.expiry_date': input.expiryDate,
    })
    .whereNull('l.deleted_at')
    .where((q) => (adminId === null ? q.whereNull('g.by_admin_id') : q.where('g.by_admin_id', adminId)))
    .whereRaw('g.created_at > now() - make_interval(secs => ?)', [REPEAT_WINDOW_SECONDS])
    .orderBy('g.id', 'desc')
    .first('g.lot_id');
  return row?.lot_id as number | undefined;
}

/** Adds an admin's lot to a company unless the same one was just added (see the module's docblock). */
export async function addAdminCredits(
  trx: Knex.Transaction,
  input: { companyId: number; amount: number; expiryDate?: string | null; actor: Actor },
): Promise<Movement> {
  const expiryDate = input.expiryDate || expiryWindow().default;
  await lockCompany(trx, input.companyId);
  const lotId = await sameAdminGrant(trx, { ...input, expiryDate });
  if (lotId !== undefined) {
    throw new AppError(
      409,
      'credits.errors.repeatedAdd',
      t('credits.errors.repeatedAdd'),
      { noOfCredits: 'noOfCredits.errors.repeated' },
      { creditDataId: `Credit:${lotId}`, repeatWindowSeconds: REPEAT_WINDOW_SECONDS },
    );
  }
  return grantCredits(trx, { ...input, expiryDate, source: 'admin' });
}
