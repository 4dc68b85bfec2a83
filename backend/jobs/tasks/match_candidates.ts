/**
 * match_candidates: one AI match run (features/aiMatch/run.ts), queued when an admin confirms the
 * requirements, under the run's own job key so one run is never worked twice at once. The job holds
 * the run's advisory lock on a connection of its own while it works it (aiMatch/settle.ts), so a
 * cancel knows whether a live job will notice it or the run settles at once.
 */
import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { holdRun, runMatch } from '../../features/aiMatch';
import { assertTaskPayload } from '../payload';

export function matchCandidatesTask(config: Config, db: () => Knex): Task {
  return async (payload, helpers) => {
    assertTaskPayload('match_candidates', payload);
    const { runId } = payload;
    await helpers.withPgClient((client) => holdRun(client, runId, () => runMatch(db(), config, runId)));
  };
}
