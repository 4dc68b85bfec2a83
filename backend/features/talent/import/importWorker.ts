/**
 * An import checking thread: loads the lookup maps and ids once, opens its own database session,
 * then prepares the batches it is sent (prepare.ts) and answers each by its id.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { createKnex } from '../../../db/knex';
import { preloadIds } from '../../../crud/refs';
import type { Today } from '../../../../schema/rules/candidate';
import { CANDIDATE_REF_ENTITIES } from '../checkCandidate';
import { loadImportMaps } from './columns';
import { prepareBatch, type BatchMessage } from './prepare';

const { connectionString, today } = workerData as { connectionString: string; today: Today };
const knex = createKnex(connectionString, { max: 1 });
const lookups = Promise.all([loadImportMaps(knex), preloadIds(knex, CANDIDATE_REF_ENTITIES)]).finally(() =>
  knex.destroy(),
);
const db = new pg.Client({ connectionString });
const connected = db.connect();

parentPort?.on('message', async (message: BatchMessage & { id: number } & { close?: boolean }) => {
  if (message.close) {
    await connected.catch(() => undefined);
    await db.end().catch(() => undefined);
    parentPort?.postMessage({ id: message.id, closed: true });
    return;
  }
  try {
    const [[maps, refs]] = await Promise.all([lookups, connected]);
    const result = await prepareBatch(db, message, { maps, refs, today });
    parentPort?.postMessage({ id: message.id, result });
  } catch (err) {
    // The message and the stack apart: the stack is for the log, never for the admin (threads.ts).
    const error = err instanceof Error ? { message: err.message, stack: err.stack } : { message: String(err) };
    parentPort?.postMessage({ id: message.id, error });
  }
});
