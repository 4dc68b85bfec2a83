/**
 * Every capability's routes, mounted under /api/v1 before the generic entity routes.
 * A capability adds one line here: [mount path, router factory result].
 */
import type { Router } from 'express';

export function featureRouters(): [string, Router][] {
  return [];
}
