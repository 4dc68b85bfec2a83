import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { carryOutDueErasures } from '../../features/dataRights';
import { assertNoPayload } from '../payload';

/** Erases the candidates whose confirmed requests are due and not on hold. */
export function carryOutErasuresTask(config: Config, db: () => Knex): Task {
  return async (payload, helpers) => {
    assertNoPayload('carry_out_erasures', payload);
    const done = await carryOutDueErasures(db(), config);
    helpers.logger.info(`carried out ${done} due erasure requests`);
  };
}
