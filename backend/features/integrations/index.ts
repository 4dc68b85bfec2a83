/**
 * ATS integrations (spec sections 2, 7 and 9): a company connects Workable, Ashby, Greenhouse or
 * Lever, links projects to the ATS's open jobs, and candidates are synchronised by the
 * sync_integration job (sync.ts), scheduled by schedule_integration_syncs (store.ts). Exposes its
 * endpoints and what those two jobs run.
 */
export { integrationEndpoints } from './endpoints';
export { knownEndpoints } from './known';
export { knownBatchEndpoints } from './knownBatch';
export { leverEndpoints } from './lever';
export { queueSync } from './store';
export { runSync } from './sync';
