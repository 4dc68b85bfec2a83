/** `npm run worker`: workers alone, for scale-out beside `npm start` with WORKER=off. */
import { loadConfig } from '../config';
import { logger } from '../logger';
import { startWorker } from './worker';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error('npm run worker needs DATABASE_URL: point it at the database `npm start` uses.');
  process.exit(1);
}
const runner = await startWorker(config.databaseUrl, config, Number(process.env.WORKER_CONCURRENCY ?? 4));
const stop = async () => {
  await runner.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
logger.info('worker running; Ctrl-C to stop');
await runner.promise;
