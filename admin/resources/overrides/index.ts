/**
 * Hand-written screens that replace generated ones, by resource name. A folder
 * `overrides/<resource>/index.ts` exports any of { list, create, edit, show }; register it with
 * its import and one entry in the map. An override may also bring routes of its own and say
 * where the menu opens its list.
 */
import type { ResourceOverride } from '../types';
import * as candidates from './candidates';
import { talentPaths } from './candidates/talentPaths';
import { activeCredits, creditLog, salesOrders } from './credits';
import { erasureRequests } from './erasures';
import { dataCorrections } from './dataRights';

export const overrides: Record<string, ResourceOverride> = {
  candidates: { ...candidates, routes: candidates.TALENT_ROUTES, listPath: talentPaths.list },
  credits: activeCredits,
  'credit-logs': creditLog,
  'sales-orders': salesOrders,
  'erasure-requests': erasureRequests,
  'data-corrections': dataCorrections,
};

/** Every override's own routes, for App.tsx to mount. */
export const overrideRoutes = Object.values(overrides).flatMap((o) => o.routes ?? []);
