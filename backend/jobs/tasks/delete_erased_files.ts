import type { Task } from 'graphile-worker';
import type { Config } from '../../config';
import { deleteErasedFiles } from '../../features/dataRights';
import { assertTaskPayload } from '../payload';

/**
 * Deletes an erased person's stored files, queued with the erasure; throws while any could not be
 * deleted, so the worker retries with backoff (a file already gone counts as deleted).
 */
export function deleteErasedFilesTask(config: Config): Task {
  return async (payload, helpers) => {
    assertTaskPayload('delete_erased_files', payload);
    await deleteErasedFiles(config, payload.keys);
    helpers.logger.info(`deleted ${payload.keys.length} erased files`);
  };
}
