import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { runImport } from '../../features/talent';
import { assertTaskPayload } from '../payload';

/** The import's bookkeeping uses the worker's pool; its COPY writers open sessions of their own on `connectionString`. */
export function importCandidatesTask(config: Config, connectionString: string | undefined, db: () => Knex): Task {
  return async (payload) => {
    assertTaskPayload('import_candidates', payload);
    if (!connectionString) throw new Error('import_candidates runs in a worker that knows its database');
    await runImport(payload.importId, db(), connectionString, config);
  };
}
