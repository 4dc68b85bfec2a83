import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { prepareDataExport } from '../../features/dataRights';
import { assertIdPayload } from '../payload';

/** Prepares a copy of a candidate's data: the ZIP, its stored file and the emailed link. */
export function prepareDataExportTask(config: Config, db: () => Knex): Task {
  return async (payload) => {
    assertIdPayload('prepare_data_export', payload, 'exportId');
    await prepareDataExport(db(), config, payload.exportId);
  };
}
