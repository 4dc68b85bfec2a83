/**
 * AnalyticsAdapter: product-analytics events of company and RaaS company users only (spec section
 * 6): searches, project creation and candidate moves. Admins, candidates and visitors send nothing,
 * whatever the caller passes. Events go to the analytics_events table, in the caller's transaction
 * when one is given; each event carries only its declared properties (declared.ts: counts, stage
 * ids, flags and names from declared lists), so no candidate's personal data can be carried.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../../schema/roles';
import { declaredProperties, type AnalyticsEventName, type AnalyticsProperties } from './declared';

export type { AnalyticsEventName, AnalyticsProperties };

export interface AnalyticsAdapter {
  record(
    db: Knex | Knex.Transaction,
    actor: Actor,
    event: AnalyticsEventName,
    properties?: AnalyticsProperties & { projectId?: number },
  ): Promise<void>;
}

/** Whether an actor's actions are product analytics: company and RaaS company users only. */
export const tracked = (actor: Actor): boolean =>
  (actor.role === 'company' || actor.role === 'raasCompany') && Boolean(actor.id && actor.companyId);

export const analytics: AnalyticsAdapter = {
  async record(db, actor, event, properties = {}) {
    if (!tracked(actor)) return;
    const { projectId, ...rest } = properties;
    await db('analytics_events').insert({
      event,
      company_id: actor.companyId,
      user_id: actor.id,
      project_id: typeof projectId === 'number' ? projectId : null,
      properties: JSON.stringify(declaredProperties(event, rest)),
    });
  },
};
