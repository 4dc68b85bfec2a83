/**
 * purge_search_changes: deletes the log of search-document changes older than
 * SEARCH_CHANGES_RETENTION_MINUTES; a process that held the documents in memory and fell further
 * behind reloads them whole. Every ten minutes; safe to run twice.
 */
import type { Task } from 'graphile-worker';
import { SEARCH_CHANGES_RETENTION_MINUTES } from '../../../schema/entities/internal/candidateSearchChange';
import { assertNoPayload } from '../payload';

export const purgeSearchChangesTask: Task = async (payload, helpers) => {
  assertNoPayload('purge_search_changes', payload);
  const { rowCount } = await helpers.query('delete from candidate_search_changes where created_at < now() - make_interval(mins => $1)', [
    SEARCH_CHANGES_RETENTION_MINUTES,
  ]);
  helpers.logger.info(`purged ${rowCount ?? 0} search changes`);
};
