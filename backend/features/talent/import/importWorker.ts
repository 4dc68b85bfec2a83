/**
 * An import thread: loads the lookup maps once, then prepares the batches it is sent
 * (prepare.ts) and answers with the rows to write and the rejections.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createKnex } from '../../../db/knex';
import { preloadIds } from '../../../crud/refs';
import { CANDIDATE_REF_ENTITIES } from './checkCandidate';
import { loadImportMaps } from './columns';
import { prepareBatch, type RawRecord } from './prepare';
import type { Today } from '../candidateRules';

export interface BatchMessage {
  id: number;
  records: RawRecord[];
  existing: [string, Record<string, unknown>][];
  ids: number[];
}

const { connectionString, today } = workerData as { connectionString: string; today: Today };
const knex = createKnex(connectionString, { max: 1 });
const ready = Promise.all([loadImportMaps(knex), preloadIds(knex, CANDIDATE_REF_ENTITIES)]).finally(() => knex.destroy());

parentPort?.on('message', async (message: BatchMessage) => {
  try {
    const [maps, refs] = await ready;
    const result = await prepareBatch(message.records, new Map(message.existing), message.ids, { maps, refs, today });
    parentPort?.postMessage({ id: message.id, result });
  } catch (err) {
    parentPort?.postMessage({ id: message.id, error: err instanceof Error ? err.stack : String(err) });
  }
});
