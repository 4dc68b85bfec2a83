/**
 * The body of `npm run worker` (backend/jobs/run.ts loads it once the settings are checked): workers alone, for
 * scale-out beside `npm start` with WORKER=off. The process holds one pool: the runner, its tasks and the queue's
 * metrics borrow the same Knex pool.
 */
import { loadConfig } from '../config';
import { runningEmbeddedUrl } from '../db/database';
import { createKnex } from '../db/knex';
import { listenForMetrics } from '../http/metrics';
import { logger } from '../logger';
import { logStatementsSlowerThan, watchJobQueue, watchOutsideCalls, watchPool } from '../metrics';
import { workerConnections } from './connection';
import { startWorker } from './worker';

const config = loadConfig();
// Without DATABASE_URL, join the embedded database of a running `npm start`, or stop saying how to start one.
const url =
  config.databaseUrl ??
  (await runningEmbeddedUrl(config).catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  }));
logStatementsSlowerThan(config.slow.statementMs);
watchOutsideCalls(config);
// As in `npm start` (backend/server.ts): a promise nobody awaited is logged, not the end of the worker.
process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
const concurrency = Number(process.env.WORKER_CONCURRENCY ?? 4);
const knex = createKnex(url, { max: workerConnections(concurrency) + 1 });
const runner = await startWorker(url, config, concurrency, knex);
// Its jobs, emails and outside calls, and the queue, on METRICS_PORT when set.
watchJobQueue(knex);
// The process's one pool, as docs/operations.md promises (db_pool_*{pool="worker"}).
watchPool(knex, 'worker');
const metrics = config.metrics.port ? await listenForMetrics(config.metrics.port) : undefined;
const stop = async () => {
  await runner.stop();
  metrics?.close();
  await knex.destroy();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
logger.info('worker running; Ctrl-C to stop');
await runner.promise;
