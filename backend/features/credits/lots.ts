/**
 * Part of the ledger (ledger.ts): taking halves of credits out of a company's lots, in the order the caller locked
 * them. Spending takes the soonest to expire first; taking back a refunded order takes its own lot first (reclaim.ts).
 */
import type { Knex } from 'knex';
import { fromHalves, toHalves } from '../../../schema/rules/credits';

/** Takes up to `halves` from `lots`, in their order (locked by the caller); answers the first lot touched and what no lot held. */
export async function takeFromLots(
  trx: Knex | Knex.Transaction,
  lots: { id: number; remaining: string }[],
  halves: number,
): Promise<{ firstLot: number | null; left: number }> {
  let left = halves;
  let firstLot: number | null = null;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(left, toHalves(lot.remaining));
    await trx('credit_lots')
      .where('id', lot.id)
      .update({
        remaining: fromHalves(toHalves(lot.remaining) - take),
        last_moved_at: trx.fn.now(),
        updated_at: trx.fn.now(),
      });
    firstLot ??= lot.id;
    left -= take;
  }
  return { firstLot, left };
}
