/**
 * sync_integration: one sync of one ATS integration (features/integrations/sync.ts). Queued by
 * `PUT integrations/manual/sync/:id`, on connection, and by schedule_integration_syncs, all under
 * the integration's one job key and queue, so two syncs of an integration never overlap.
 */
import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { runSync } from '../../features/integrations';
import { assertTaskPayload } from '../payload';

export function syncIntegrationTask(config: Config, db: () => Knex): Task {
  return async (payload) => {
    assertTaskPayload('sync_integration', payload);
    await runSync(db(), config, payload.integrationId, payload.trigger);
  };
}
