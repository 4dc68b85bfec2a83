/**
 * Talent: complete candidate profiles (rules as write hooks of the generic router), CVs, the
 * candidate's own status, email change and profile insights. The candidate record itself, with
 * its experiences and educations, is served by the generic /candidates routes.
 */
import type { Router } from 'express';
import { cvEndpoints } from './cv';
import { emailChangeRouter } from './emailChange';
import { registerTalentHooks } from './hooks';
import type { Endpoint } from '../../endpoints/define';
import { insightEndpoints } from './insights';
import { statusRouter } from './statusRoutes';

registerTalentHooks();

export function talentRouters(): [string, Router][] {
  return [
    ['/candidates', statusRouter()],
    ['/candidate-email-change-request', emailChangeRouter()],
  ];
}

export function talentEndpoints(): Endpoint[] {
  return [...insightEndpoints, ...cvEndpoints];
}
