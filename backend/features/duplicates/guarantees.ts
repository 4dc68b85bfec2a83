/**
 * A guarantee paid twice for one person in one project (once per twin profile, merge.ts folding their two rows into
 * one): one person is guaranteed once (schema/rules/plans.ts refuses a second guarantee), so the merge keeps the
 * earlier guarantee, the one the company paid for first (its time, and so its 30-day window, stays the row's), and
 * gives back the later payment in its own transaction (credits/refundCharge.ts, a 'refunded' entry with a note), once:
 * the refund's key names the merge and the project. An undo takes that refund back, once (the merge's row is locked
 * and marked undone in the same transaction), as the twin's own guarantee returns with its row.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { chargeKey } from '../../../schema/rules/plans';
import { reclaimCredits, refundCharge, type LedgerActor } from '../credits';

/** A project where both twins' rows were guaranteed: the profile whose guarantee came later. */
export interface DoubleGuarantee {
  projectId: number;
  candidateId: number;
}

const refundKey = (mergeId: number, projectId: number) => `merge:${mergeId}:guaranteeRefund:${projectId}`;

/** Of one project's two rows (`s`, `m`: their guarantee times), the later guarantee's candidate, if both have one. */
export function laterGuarantee(
  projectId: number,
  s: { id: number; at: Date | null },
  m: { id: number; at: Date | null },
): DoubleGuarantee | null {
  if (!s.at || !m.at) return null;
  return { projectId, candidateId: new Date(m.at) >= new Date(s.at) ? m.id : s.id };
}

/** Gives back the later payment of each double guarantee, once (see the module's docblock). */
export async function refundDoubleGuarantees(
  trx: Knex.Transaction,
  mergeId: number,
  doubles: DoubleGuarantee[],
  actor: LedgerActor,
): Promise<void> {
  for (const d of doubles)
    await refundCharge(trx, {
      chargeKey: chargeKey(d.projectId, 'guarantee', d.candidateId),
      idempotencyKey: refundKey(mergeId, d.projectId),
      note: t('duplicates.credits.guaranteeRefunded'),
      actor,
    });
}

/** An undone merge's refunds taken back, each once (see the module's docblock). */
export async function reverseRefunds(trx: Knex.Transaction, mergeId: number): Promise<void> {
  const refunds = (await trx('credit_logs')
    .where('idempotency_key', 'like', `merge:${mergeId}:guaranteeRefund:%`)
    .orderBy('id')
    .select('company_id', 'lot_id', trx.raw('amount::text as amount'))) as {
    company_id: number;
    lot_id: number | null;
    amount: string;
  }[];
  for (const r of refunds)
    await reclaimCredits(trx, {
      companyId: r.company_id,
      lotId: r.lot_id,
      amount: Number(r.amount),
      note: t('duplicates.credits.guaranteeRefundUndone'),
    });
}
