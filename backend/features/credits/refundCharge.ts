/**
 * Part of the ledger (ledger.ts): giving back one charge that paid again for what was already paid (action 12,
 * 'refunded'), in the caller's transaction after the company's lock. The credits go back into the lot the charge
 * took them from while it is still valid, else into a new lot of the same source with the default expiry window.
 * Once per idempotency key: a repeat gives back nothing and answers null; so does a charge that took nothing (the
 * free trial paid for it).
 */
import type { Knex } from 'knex';
import { expiryWindow, fromHalves, toHalves } from '../../../schema/rules/credits';
import { appendLog, lockCompany, type LedgerActor, type Movement } from './ledger';

const TODAY = "(now() at time zone 'utc')::date";

export async function refundCharge(
  trx: Knex.Transaction,
  input: { chargeKey: string; idempotencyKey: string; note: string; actor: LedgerActor },
): Promise<(Movement & { amount: number; companyId: number }) | null> {
  const charge = await trx('credit_logs')
    .where('idempotency_key', input.chargeKey)
    .first('company_id', 'amount', 'lot_id', 'project_id');
  if (!charge) return null;
  const halves = -toHalves(charge.amount);
  if (halves <= 0) return null;
  await lockCompany(trx, charge.company_id);
  if (await trx('credit_logs').where('idempotency_key', input.idempotencyKey).first('id')) return null;
  const lot = charge.lot_id
    ? await trx('credit_lots')
        .where('id', charge.lot_id)
        .whereNull('deleted_at')
        .forUpdate()
        .first('id', 'remaining', 'source', trx.raw(`expiry_date >= ${TODAY} as valid`))
    : undefined;
  let lotId: number;
  if (lot?.valid) {
    await trx('credit_lots')
      .where('id', lot.id)
      .update({
        remaining: fromHalves(toHalves(lot.remaining) + halves),
        last_moved_at: trx.fn.now(),
        updated_at: trx.fn.now(),
      });
    lotId = lot.id as number;
  } else {
    const source =
      lot?.source ??
      (charge.lot_id ? (await trx('credit_lots').where('id', charge.lot_id).first('source'))?.source : null) ??
      1;
    const [made] = await trx('credit_lots')
      .insert({
        company_id: charge.company_id,
        quantity: fromHalves(halves),
        remaining: fromHalves(halves),
        expiry_date: expiryWindow().default,
        source,
        last_moved_at: trx.fn.now(),
      })
      .returning('id');
    lotId = made.id as number;
  }
  const m = await appendLog(trx, {
    companyId: charge.company_id,
    action: 'refunded',
    halves,
    lotId,
    projectId: charge.project_id,
    idempotencyKey: input.idempotencyKey,
    note: input.note,
    actor: input.actor,
  });
  return { ...m, amount: fromHalves(halves), companyId: charge.company_id as number };
}
