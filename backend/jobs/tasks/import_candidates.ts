import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { runImport } from '../../features/talent';
import { assertIdPayload } from '../payload';

export function assertImportPayload(payload: unknown): asserts payload is { importId: number } {
  assertIdPayload('import_candidates', payload, 'importId');
}

/** The import's bookkeeping uses the worker's pool; its COPY writers open sessions of their own on `connectionString`. */
export function importCandidatesTask(config: Config, connectionString: string | undefined, db: () => Knex): Task {
  return async (payload) => {
    assertImportPayload(payload);
    if (!connectionString) throw new Error('import_candidates runs in a worker that knows its database');
    await runImport(payload.importId, db(), connectionString, config);
  };
}
