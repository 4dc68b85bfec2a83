/**
 * The admins' dashboards and a company's recruiter dashboard (spec sections 2 and 7), read from the
 * daily rollup of the activity logs (rollups.ts) and today's raw rows. Exposes its endpoints, the
 * rollup the rollup_daily and maintain_log_partitions jobs run, the insight counts profile
 * insights read, their recomputation a merge's undo asks for, and the date range check other dated lists share.
 */
export { dashboardEndpoints } from './endpoints';
export { dayRange } from './inputs';
export { holdRollup, insightCounts, recomputeInsights, rolledThrough, rollupDaily, shareRollup } from './rollups';
export { stageKeyOf } from './weekly';
