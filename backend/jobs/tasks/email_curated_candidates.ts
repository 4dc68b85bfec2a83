import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { sendCuratedEmail } from '../../features/projects';
import { assertTaskPayload } from '../payload';

export function emailCuratedCandidatesTask(config: Config, db: () => Knex): Task {
  return async (payload, helpers) => {
    assertTaskPayload('email_curated_candidates', payload);
    const told = await sendCuratedEmail(db(), config, payload.projectId);
    helpers.logger.info(`project ${payload.projectId}: told its owner of ${told} new curated candidates`);
  };
}
