/**
 * `npm run worker`: the settings are checked first (backend/startChecks.ts), before the jobs and the features they run
 * are loaded, so a worker that cannot run stops at once with every problem named; then backend/jobs/runWorker.ts runs.
 */
import { loadConfig } from '../config';
import { assertStartable } from '../startChecks';

assertStartable(loadConfig());
await import('./runWorker');
