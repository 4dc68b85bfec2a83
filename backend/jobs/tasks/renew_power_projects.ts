import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { renewDueProjects } from '../../features/projects';
import { assertTaskPayload } from '../payload';

export function renewPowerProjectsTask(config: Config, db: () => Knex): Task {
  return async (payload, helpers) => {
    assertTaskPayload('renew_power_projects', payload);
    const run = await renewDueProjects(db(), config);
    helpers.logger.info(`renewed ${run.renewed} Power projects, ${run.closed} became inactive`);
  };
}
