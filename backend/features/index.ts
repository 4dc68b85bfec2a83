/**
 * Every capability's endpoints and routes, mounted under /api/v1 before the generic entity routes.
 * A capability adds its declared endpoints to `endpoints()` (see backend/endpoints/define.ts).
 */
import type { Router } from 'express';
import type { ListHandler } from '../crud/router';
import type { Endpoint } from '../endpoints/define';
import { accountEndpoints } from './account';
import { passwordlessEndpoints } from './account';
import { aiMatchEndpoints } from './aiMatch';
import { alertsEndpoints, UNSUBSCRIBE_PATH } from './alerts';
import { communityEndpoints } from './community';
import { lookupEndpoints } from './lookups';
import { notificationEndpoints } from './notifications';
import { chatEndpoints } from './chat';
import { pipelineEndpoints, projectPlace } from './pipeline';
import { projectsEndpoints } from './projects';
import { candidateList } from './search';
import { searchEndpoints } from './search';
import { signupEndpoints } from './signup';
import { inviteSignupEndpoints } from './signup';
import { creditsEndpoints } from './credits';
import { duplicatesEndpoints } from './duplicates';
import { dataRightsEndpoints } from './dataRights';
import { dashboardEndpoints } from './dashboards';
import { integrationEndpoints } from './integrations';
import { knownEndpoints } from './integrations';
import { knownBatchEndpoints } from './integrations';
import { leverEndpoints } from './integrations';
import { interviewEndpoints } from './interviews';
import { qualifyEndpoints } from './interviews';
import { talentEndpoints } from './talent';
import { teamEndpoints } from './team';

/** Every declared capability endpoint: what the API mounts and what the fuzz suite probes. */
export function endpoints(): Endpoint[] {
  return [
    ...accountEndpoints,
    ...passwordlessEndpoints,
    ...teamEndpoints,
    ...talentEndpoints(),
    ...dataRightsEndpoints(),
    ...communityEndpoints,
    ...signupEndpoints,
    ...inviteSignupEndpoints,
    ...searchEndpoints(projectPlace),
    ...lookupEndpoints,
    ...creditsEndpoints(),
    ...interviewEndpoints,
    ...dashboardEndpoints,
    ...qualifyEndpoints,
    // Before the projects' own routes: /projects/ai-match would otherwise read as /projects/:id.
    ...aiMatchEndpoints,
    ...projectsEndpoints(),
    ...pipelineEndpoints(),
    ...notificationEndpoints,
    ...alertsEndpoints,
    ...chatEndpoints,
    ...integrationEndpoints,
    ...leverEndpoints,
    ...knownEndpoints,
    ...knownBatchEndpoints,
    // Last: its GET /candidates/:id answers only for merged ids and passes every other request on.
    ...duplicatesEndpoints(),
  ];
}

/** Routes a mail program POSTs a one-click unsubscribe form to (RFC 8058): the one form body the API takes. */
export const ONE_CLICK_PATHS: readonly string[] = [UNSUBSCRIBE_PATH];

/** Entity lists a capability answers instead of the generic router, by entity name. */
export function listHandlers(): Record<string, ListHandler> {
  // The console's talent list finds candidates the way search does.
  return { candidate: candidateList };
}

/**
 * Hand-written routers: none is left, every capability is declared. The development mailbox
 * (features/dev) is mounted by the app itself, and only outside production.
 */
export function featureRouters(): [string, Router][] {
  return [];
}
