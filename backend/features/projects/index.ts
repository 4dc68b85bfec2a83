/**
 * Projects (spec sections 3 to 9): a company's hiring needs, their plans and charges, sharing and
 * the company-status cascade. The pieces:
 *   projectWrites.ts  the one write path (console and endpoints), plans.ts the plan rules with
 *                     their charges, hold.ts the company-status cascade, read.ts/stats.ts reading,
 *   endpoints.ts / lifecycle.ts / list.ts / search.ts / sharing.ts  the calls, notices.ts the emails,
 *   renewal.ts        what the renew_power_projects job runs.
 *   repeats.ts        a create repeated under the portal dialog's key (`clientId`) answers the project it made.
 *   endInterviews.ts  a project that closes (any path to inactive) or is deleted ends its interview requests and
 *                     cancels its booked interviews (services/interviewBooking.ts), in the same transaction;
 *                     companyProjectsGo (projectWrites.ts) does it, and queues their files' deletion, for a
 *                     company's projects before the company is deleted.
 * Projects stand above the pipeline (backend/features/pipeline): a project's stage counts (stats.ts)
 * are the pipeline's own, and curating (`curateCandidates`, endpoints.ts) queues the pipeline's
 * `queueCuratedEmail`. The support chat uses `findProject` and `projectRef` (read.ts).
 */
import type { Endpoint } from '../../endpoints/define';
import { projectWriteEndpoints } from './endpoints';
import { projectLifecycleEndpoints } from './lifecycle';
import { projectListEndpoints } from './list';
import { projectSearchEndpoints } from './search';
import { sharingEndpoints } from './sharing';

export { projectStats } from './stats';
export { curateCandidates, JD_FOLDER, releaseJdFile } from './endpoints';
export { findProject, projectRef, type ProjectRef } from './read';
export { sendCuratedEmail } from './notices';
export { companyProjectsFollowStatus } from './hold';
export { renewDueProjects } from './renewal';
export { companyProjectsGo, projectWrites } from './projectWrites';
export { reloadChangingRole } from './lostAccess';

export function projectsEndpoints(): Endpoint[] {
  return [
    ...projectListEndpoints,
    ...projectSearchEndpoints,
    ...projectWriteEndpoints,
    ...projectLifecycleEndpoints,
    ...sharingEndpoints,
  ];
}
