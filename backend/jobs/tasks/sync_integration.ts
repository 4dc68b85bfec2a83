/**
 * sync_integration: one sync of one ATS integration (features/integrations/sync.ts). Queued by
 * `PUT integrations/manual/sync/:id`, on connection, and by schedule_integration_syncs, all under
 * the integration's one job key and queue, so two syncs of an integration never overlap.
 */
import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import { RUN_TRIGGER } from '../../../schema/rules/ats';
import type { Config } from '../../config';
import { runSync } from '../../features/integrations';
import { assertIdPayload } from '../payload';

export function syncIntegrationTask(config: Config, db: () => Knex): Task {
  return async (payload) => {
    assertIdPayload('sync_integration', payload, 'integrationId');
    const trigger =
      (payload as { trigger?: unknown }).trigger === RUN_TRIGGER.schedule ? RUN_TRIGGER.schedule : RUN_TRIGGER.manual;
    await runSync(db(), config, payload.integrationId, trigger);
  };
}
