/**
 * AnalyticsAdapter: product-analytics events of company and RaaS company users only (spec section
 * 6): searches, project creation and candidate moves. Admins, candidates and visitors send nothing,
 * whatever the caller passes. Events go to the analytics_events table, in the caller's transaction
 * when one is given; properties are whitelisted to numbers, booleans and short names, so no
 * candidate's personal data can be carried.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../../schema/roles';

export type AnalyticsEventName = 'search' | 'project_created' | 'candidates_moved';
export type AnalyticsProperties = Record<string, number | boolean | string | string[] | null>;

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

const SHORT = 80;
function clean(properties: AnalyticsProperties): AnalyticsProperties {
  const out: AnalyticsProperties = {};
  for (const [k, v] of Object.entries(properties)) {
    if (typeof v === 'number' || typeof v === 'boolean' || v === null) out[k] = v;
    else if (typeof v === 'string') out[k] = v.slice(0, SHORT);
    else if (Array.isArray(v)) out[k] = v.slice(0, 50).map((s) => String(s).slice(0, SHORT));
  }
  return out;
}

export const analytics: AnalyticsAdapter = {
  async record(db, actor, event, properties = {}) {
    if (!tracked(actor)) return;
    const { projectId, ...rest } = properties;
    await db('analytics_events').insert({
      event,
      company_id: actor.companyId,
      user_id: actor.id,
      project_id: typeof projectId === 'number' ? projectId : null,
      properties: JSON.stringify(clean(rest)),
    });
  },
};
