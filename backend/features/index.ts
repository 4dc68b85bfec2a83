/**
 * Every capability's routes, mounted under /api/v1 before the generic entity routes.
 * A capability adds one line here: [mount path, router factory result].
 */
import type { Router } from 'express';
import { accountRouter } from './account/routes';
import { communityRouter } from './community/routes';
import { inviteSignupRouter } from './signup/inviteRoutes';
import { signupRouter } from './signup/routes';
import { talentRouters } from './talent';
import { teamRouter } from './team/routes';

export function featureRouters(): [string, Router][] {
  return [
    ['/auth', accountRouter()],
    ['/auth/company/self/signup', signupRouter()],
    ['/auth/community', communityRouter()],
    ['/auth-company/invite-signup', inviteSignupRouter()],
    ['/company-users', teamRouter()],
    ...talentRouters(),
  ];
}
