/**
 * What the demo's Power projects paid, written by the credit ledger itself (spendCredits, the call
 * backend/features/projects/plans.ts makes) with the charges the plan rules name (schema/rules/plans.ts
 * openDecision, guaranteeDecision): the activation when the project opened and each guarantee when it was given,
 * by the project's owner. The demo's companies joined long ago and their free trial has ended, so each charge is
 * paid: before the project opened an admin added the credits (SEEDED_CREDITS, more than the charges take, so the
 * balance stays above the low-credits notice), and each charge takes its amount from them. A company still in its
 * trial has each charge logged as the ledger's 0-credit entry noted 'Free trial' instead. Every entry is then dated
 * when it happened, as the rest of the demo's history is, and the admin's lot with them (added when its grant is
 * logged, last moved at its last charge).
 */
import type { Knex } from 'knex';
import { guaranteeDecision, openDecision, type Charge, type PlanProject } from '../../schema/rules/plans';
import { grantCredits, spendCredits } from '../../backend/features/credits';

export interface ChargedProject extends PlanProject {
  companyId: number;
  /** The project's owner (a RaaS company's user), who opened it and guaranteed its candidates. */
  ownerId: number;
  activatedAt: Date;
  /** The candidates guaranteed, and when. */
  guaranteed: { candidateId: number; at: Date }[];
}

/** What an admin added to a company past its trial before its Power project opened. */
export const SEEDED_CREDITS = 10;

/** The charge a decision names, or null (a project plans do not bind, a refusal). */
const chargeOf = (decision: ReturnType<typeof openDecision>): Charge | null => (decision.ok ? decision.charge : null);

/** Logs the project's activation and guarantees through the ledger, each dated when it happened. */
export async function chargeSeededPlan(knex: Knex, p: ChargedProject): Promise<void> {
  const charges: { charge: Charge | null; at: Date }[] = [
    { charge: chargeOf(openDecision(p, { freeSlotTaken: false, now: p.activatedAt })), at: p.activatedAt },
    ...p.guaranteed.map(({ candidateId, at }) => ({
      charge: chargeOf(guaranteeDecision(p, { candidateId, guaranteed: false })),
      at,
    })),
  ];
  const company = await knex('companies')
    .where('id', p.companyId)
    .first(knex.raw('coalesce(trial_ends_at >= current_date, false) as on_trial'));
  if (!company.on_trial) {
    const grant = await knex.transaction((trx) =>
      grantCredits(trx, { companyId: p.companyId, amount: SEEDED_CREDITS, source: 'admin', actor: 'system' }),
    );
    const before = new Date(p.activatedAt.getTime() - 86400_000);
    await knex('credit_logs').where('id', grant.logId).update({ created_at: before });
  }
  for (const { charge, at } of charges) {
    if (!charge) continue;
    const { logId } = await spendCredits(knex, {
      companyId: p.companyId,
      amount: charge.amount,
      action: charge.action,
      projectId: p.id,
      actor: { role: 'raasCompany', id: p.ownerId, companyId: p.companyId },
      idempotencyKey: charge.idempotencyKey,
    });
    await knex('credit_logs').where('id', logId).update({ created_at: at });
  }
  // Each of the company's lots is dated as its log entries are: added when its grant is logged, last moved at its
  // last movement (the lots list shows that date, beside the log's "Added by admin"); a later project's charges may
  // take from an earlier project's lot, so every lot of the company is dated again.
  await knex.raw(
    `update credit_lots l set created_at = m.added, last_moved_at = m.moved
       from (select lot_id, min(created_at) as added, max(created_at) as moved from credit_logs
              where company_id = ? and lot_id is not null group by lot_id) m
      where l.id = m.lot_id and l.company_id = ?`,
    [p.companyId, p.companyId],
  );
}
