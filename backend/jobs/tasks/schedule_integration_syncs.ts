/**
 * schedule_integration_syncs (hourly): queues a sync of every connected integration last synced
 * 24 hours ago or more (spec section 9: integrations sync every 24 hours), each under its own job
 * key, so one queued by hand meanwhile is the same job and never a second run. Only integrations of
 * active companies: a pending, suspended or held company's ATS is sent nothing (the sync itself
 * checks again, for a run queued before the company stopped).
 */
import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import { INTEGRATION_STATUS, RUN_TRIGGER, SYNC_INTERVAL_HOURS } from '../../../schema/rules/ats';
import { queueSync } from '../../features/integrations';
import { assertTaskPayload } from '../payload';

/** companies.status of an active company (schema/entities/company.ts: pending 0, active 1, inactive 2). */
const COMPANY_ACTIVE = 1;

export function scheduleIntegrationSyncsTask(db: () => Knex): Task {
  return async (payload) => {
    assertTaskPayload('schedule_integration_syncs', payload);
    const knex = db();
    const due = await knex('integrations as i')
      .join('companies as c', 'c.id', 'i.company_id')
      .where('i.status', INTEGRATION_STATUS.connected)
      .where('c.status', COMPANY_ACTIVE)
      .where((q) =>
        q
          .whereNull('i.last_synced_at')
          .orWhere('i.last_synced_at', '<=', knex.raw('now() - make_interval(hours => ?)', [SYNC_INTERVAL_HOURS])),
      )
      .pluck('i.id');
    for (const id of due) await queueSync(knex, id, RUN_TRIGGER.schedule);
  };
}
