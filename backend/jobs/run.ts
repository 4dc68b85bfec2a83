/** `npm run worker`: workers alone, for scale-out beside `npm start` with WORKER=off. */
import { loadConfig } from '../config';
import { APP_DATABASE } from '../db/database';
import { logger } from '../logger';
import { startWorker } from './worker';

const config = loadConfig();
// Without DATABASE_URL, join the embedded database of a running `npm start`.
const url = config.databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${config.embeddedPgPort}/${APP_DATABASE}`;
const runner = await startWorker(url, config, Number(process.env.WORKER_CONCURRENCY ?? 4));
const stop = async () => {
  await runner.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
logger.info('worker running; Ctrl-C to stop');
await runner.promise;
