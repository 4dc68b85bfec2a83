/**
 * What the demo's Power projects paid, written by the credit ledger itself (spendCredits, the call
 * backend/features/projects/plans.ts makes) with the charges the plan rules name (schema/rules/plans.ts
 * openDecision, guaranteeDecision): the activation when the project opened and each guarantee when it was given,
 * by the project's owner. The demo's companies are in their free trial, so each is the ledger's 0-credit entry
 * noted 'Free trial'; the entry is then dated when the charge happened, as the rest of the demo's history is.
 */
import type { Knex } from 'knex';
import { guaranteeDecision, openDecision, type Charge, type PlanProject } from '../../schema/rules/plans';
import { spendCredits } from '../../backend/features/credits';

export interface ChargedProject extends PlanProject {
  companyId: number;
  /** The project's owner (a RaaS company's user), who opened it and guaranteed its candidates. */
  ownerId: number;
  activatedAt: Date;
  /** The candidates guaranteed, and when. */
  guaranteed: { candidateId: number; at: Date }[];
}

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
}
