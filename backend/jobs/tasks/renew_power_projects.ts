/** renew_power_projects: open Power projects whose 30-day cycle ended pay the renewal or become inactive (owner emailed). Hourly; safe to run twice. */
import type { Task } from 'graphile-worker';
import type { Config } from '../../config';
import { createKnex } from '../../db/knex';
import { renewDueProjects } from '../../features/projects/renewal';

export function renewPowerProjectsTask(config: Config, connectionString: string | undefined): Task {
  return async (_payload, helpers) => {
    const knex = createKnex(connectionString as string, { max: 1 });
    try {
      const run = await renewDueProjects(knex, config);
      helpers.logger.info(`renewed ${run.renewed} Power projects, ${run.closed} became inactive`);
    } finally {
      await knex.destroy();
    }
  };
}
