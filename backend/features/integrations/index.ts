/**
 * ATS integrations (spec sections 2, 7 and 9): a company connects Workable, Ashby, Greenhouse or
 * Lever, links projects to the ATS's open jobs, and candidates are synchronised by the
 * sync_integration job (sync.ts), scheduled by schedule_integration_syncs (store.ts). A sync finds
 * the person in the ATS before creating one (by email, or by the ATS's id once linked) and reads
 * each linked application's status back onto the project card (status.ts: GET
 * /integrations/ats-status), raising atsStatusChanged to the project's people; GET
 * /integrations/last-sync tells how the last run went and PUT /integrations/manual/sync/:id is
 * "Sync now". A candidate erased here is erased in a company's ATS with the vendor's own call
 * where it has one (personEraser), for a person the product created there. Exposes its endpoints,
 * what those two jobs run and that erase call.
 */
export { integrationEndpoints } from './endpoints';
export { knownEndpoints } from './known';
export { knownBatchEndpoints } from './knownBatch';
export { leverEndpoints } from './lever';
export { personEraser, queueSync, type PersonEraser } from './store';
export { runSync } from './sync';
