/** import_candidates: runs one import started from the console (see features/talent/import/importJob.ts). Safe to run twice. */
import type { Task } from 'graphile-worker';
import type { Config } from '../../config';
import { runImport } from '../../features/talent/import/importJob';

export function assertImportPayload(payload: unknown): asserts payload is { importId: number } {
  if (!payload || typeof payload !== 'object' || !Number.isInteger((payload as { importId?: unknown }).importId)) {
    throw new Error('import_candidates expects { importId: number }');
  }
}

export function importCandidatesTask(config: Config, connectionString: string | undefined): Task {
  return async (payload) => {
    assertImportPayload(payload);
    if (!connectionString) throw new Error('import_candidates runs in a worker that knows its database');
    await runImport(payload.importId, connectionString, config);
  };
}
