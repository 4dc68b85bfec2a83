/**
 * Part of the ledger (ledger.ts): taking credits back because the payment that bought them was
 * refunded or charged back. Like every movement it runs in the caller's transaction after the
 * company's lock. It takes from the order's own lot first, then from the company's other unexpired
 * lots in expiry order, and never below zero: what the company already spent is not taken and is
 * answered as the shortfall. One log entry (action 11, 'reclaimed') records what was taken with the
 * balance after, also when nothing was left to take, so the credit log shows every refund.
 * `lapsedHalves` is what of the order's lot already left the balance without a refund (written off
 * by expiry, an admin's deletion, or an admin's update lowering it): the refund does not take those
 * again from the other lots.
 */
import type { Knex } from 'knex';
import { CREDIT_ACTIONS, fromHalves, toHalves } from '../../../schema/rules/credits';
import { queueLowCreditsNotice } from '../notifications';
import { appendLog, balanceHalves, lockCompany } from './ledger';
import { takeFromLots } from './lots';

const TODAY = "(now() at time zone 'utc')::date";

export interface ReclaimResult {
  logId: number;
  /** Credits taken back. */
  taken: number;
  /** Credits the company had already spent: asked for but not taken. */
  short: number;
  balanceAfter: number;
}

/**
 * What of lot `lotId` already left the balance without a refund, in halves: the admins' changes and
 * write-offs logged against it (expired, deleted by an admin, updated by an admin: a reduction is
 * taken back already, a raise gives some back), and what it still holds past its expiry date, which
 * the daily write-off (expireLots) has yet to log and the balance already leaves out. Never below 0.
 */
export async function lapsedHalves(trx: Knex.Transaction, lotId: number | null): Promise<number> {
  if (lotId === null) return 0;
  const logged = await trx('credit_logs')
    .where('lot_id', lotId)
    .whereIn('action', [CREDIT_ACTIONS.expired, CREDIT_ACTIONS.deletedByAdmin, CREDIT_ACTIONS.updatedByAdmin])
    .first(trx.raw('coalesce(-sum(amount), 0)::text as lapsed'));
  const pending = await trx('credit_lots')
    .where('id', lotId)
    .whereNull('deleted_at')
    .whereRaw(`expiry_date < ${TODAY}`)
    .first('remaining');
  return Math.max(0, toHalves(logged.lapsed) + (pending ? toHalves(pending.remaining) : 0));
}

/** Takes back up to `amount` credits (whole halves), the order's lot `lotId` first. See the module's docblock. */
export async function reclaimCredits(
  trx: Knex.Transaction,
  input: { companyId: number; lotId: number | null; amount: number; note: string },
): Promise<ReclaimResult> {
  const wanted = toHalves(input.amount);
  if (wanted < 0) throw new Error('reclaimCredits: a negative amount');
  await lockCompany(trx, input.companyId);
  const before = await balanceHalves(trx, input.companyId);
  const lots = (await trx('credit_lots')
    .where('company_id', input.companyId)
    .whereNull('deleted_at')
    .where('remaining', '>', 0)
    .whereRaw(`expiry_date >= ${TODAY}`)
    .orderByRaw('(id = ?) desc, expiry_date, id', [input.lotId ?? 0])
    .forUpdate()
    .select('id', 'remaining')) as { id: number; remaining: string }[];
  const { firstLot, left } = await takeFromLots(trx, lots, wanted);
  const taken = wanted - left;
  const m = await appendLog(trx, {
    companyId: input.companyId,
    action: 'reclaimed',
    halves: -taken,
    lotId: firstLot ?? input.lotId,
    note: input.note,
    actor: 'system',
  });
  if (taken > 0) await queueLowCreditsNotice(trx, input.companyId, fromHalves(before), m.balanceAfter);
  return { logId: m.logId, taken: fromHalves(taken), short: fromHalves(left), balanceAfter: m.balanceAfter };
}
