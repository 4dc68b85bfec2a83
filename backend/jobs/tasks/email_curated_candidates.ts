/** email_curated_candidates: tells a project's owner how many curated candidates arrived since the last such email (at most one a day per project). Safe to run twice. */
import type { Task } from 'graphile-worker';
import type { Config } from '../../config';
import { createKnex } from '../../db/knex';
import { sendCuratedEmail } from '../../features/projects/notices';

function assertPayload(payload: unknown): asserts payload is { projectId: number } {
  const id = (payload as { projectId?: unknown } | null)?.projectId;
  if (typeof id !== 'number' || !Number.isInteger(id)) throw new Error('email_curated_candidates needs {projectId}');
}

export function emailCuratedCandidatesTask(config: Config, connectionString: string | undefined): Task {
  return async (payload, helpers) => {
    assertPayload(payload);
    const knex = createKnex(connectionString as string, { max: 1 });
    try {
      const told = await sendCuratedEmail(knex, config, payload.projectId);
      helpers.logger.info(`project ${payload.projectId}: told its owner of ${told} new curated candidates`);
    } finally {
      await knex.destroy();
    }
  };
}
