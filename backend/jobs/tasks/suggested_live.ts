/**
 * suggested_live: tells the open boards of the saved-search projects whose Suggested tab a change to candidates
 * touched (pipeline/suggestedLive.ts; queued by the triggers of migrations/20261207175500). Safe to run twice.
 */
import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import { suggestedLive } from '../../features/pipeline';
import { assertTaskPayload } from '../payload';

export function suggestedLiveTask(db: () => Knex): Task {
  return async (payload, helpers) => {
    assertTaskPayload('suggested_live', payload);
    const heard = await suggestedLive(db(), payload);
    helpers.logger.info(`suggested tabs: ${heard} projects told`);
  };
}
