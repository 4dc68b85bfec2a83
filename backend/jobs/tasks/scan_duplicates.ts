/**
 * scan_duplicates: rebuilds every candidate's match keys and finds the pool's likely duplicates in
 * a few set-based statements (backend/features/duplicates/detect.ts), so profiles edited since they
 * were checked are judged again. Nightly, and when an admin asks from the console; safe to run
 * twice: pairs are upserted and a pair judged two people stays dismissed.
 */
import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import { findTwins, scanPool } from '../../features/duplicates';
import { assertNoPayload, assertTaskPayload } from '../payload';

export function scanDuplicatesTask(db: () => Knex): Task {
  return async (payload, helpers) => {
    assertNoPayload('scan_duplicates', payload);
    const done = await scanPool(db());
    helpers.logger.info(
      `scanned ${done.candidates} candidates (${done.keys} keys): ${done.pairs} open pairs, ${done.seconds.toFixed(1)} s`,
    );
  };
}

/**
 * find_twins: the pairs of profiles just written (their keys were kept in the write's own
 * transaction), found after it commits so two writes side by side never wait on one another's pairs.
 */
export function findTwinsTask(db: () => Knex): Task {
  return async (payload, helpers) => {
    assertTaskPayload('find_twins', payload);
    const found = await findTwins(db(), payload.candidateIds, { keysKept: true });
    helpers.logger.info(`${payload.candidateIds.length} profiles checked, ${found.size} with likely twins`);
  };
}
