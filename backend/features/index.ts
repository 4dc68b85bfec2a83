/**
 * Every capability's endpoints and routes, mounted under /api/v1 before the generic entity routes.
 * A capability adds its declared endpoints to `endpoints()` (see backend/endpoints/define.ts);
 * routers that are not yet declarations stay in `featureRouters()`.
 */
import type { Router } from 'express';
import type { Endpoint } from '../endpoints/define';
import { accountRouter } from './account/routes';
import { communityRouter } from './community/routes';
import { creditsEndpoints } from './credits';
import { inviteSignupRouter } from './signup/inviteRoutes';
import { signupRouter } from './signup/routes';
import { talentEndpoints } from './talent';
import { teamEndpoints } from './team/endpoints';

/** Every declared capability endpoint: what the API mounts and what the fuzz suite probes. */
export function endpoints(): Endpoint[] {
  return [...teamEndpoints, ...talentEndpoints(), ...creditsEndpoints()];
}

export function featureRouters(): [string, Router][] {
  return [
    ['/auth', accountRouter()],
    ['/auth/company/self/signup', signupRouter()],
    ['/auth/community', communityRouter()],
    ['/auth-company/invite-signup', inviteSignupRouter()],
  ];
}
