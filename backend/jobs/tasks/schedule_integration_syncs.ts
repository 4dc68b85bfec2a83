/**
 * schedule_integration_syncs (hourly): queues a sync of every connected integration last synced
 * 24 hours ago or more (spec section 9: integrations sync every 24 hours), each under its own job
 * key, so one queued by hand meanwhile is the same job and never a second run.
 */
import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import { INTEGRATION_STATUS, RUN_TRIGGER, SYNC_INTERVAL_HOURS } from '../../../schema/rules/ats';
import { queueSync } from '../../features/integrations';
import { assertTaskPayload } from '../payload';

export function scheduleIntegrationSyncsTask(db: () => Knex): Task {
  return async (payload) => {
    assertTaskPayload('schedule_integration_syncs', payload);
    const knex = db();
    const due = await knex('integrations')
      .where('status', INTEGRATION_STATUS.connected)
      .where((q) =>
        q
          .whereNull('last_synced_at')
          .orWhere('last_synced_at', '<=', knex.raw('now() - make_interval(hours => ?)', [SYNC_INTERVAL_HOURS])),
      )
      .pluck('id');
    for (const id of due) await queueSync(knex, id, RUN_TRIGGER.schedule);
  };
}
