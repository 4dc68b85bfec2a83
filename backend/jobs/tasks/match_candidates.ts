/**
 * match_candidates: one AI match run (features/aiMatch/run.ts), queued when an admin confirms the
 * requirements, under the run's own job key so one run is never worked twice at once.
 */
import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { runMatch } from '../../features/aiMatch';
import { assertTaskPayload } from '../payload';

export function matchCandidatesTask(config: Config, db: () => Knex): Task {
  return async (payload) => {
    assertTaskPayload('match_candidates', payload);
    await runMatch(db(), config, payload.runId);
  };
}
