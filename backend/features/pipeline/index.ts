/**
 * The recruitment pipeline (spec section 4): a project's tabs through the
 * search machinery (tabs.ts, docs.ts), the stage counts (stats.ts), moves between stages under
 * the rules of schema/rules/stages.ts (recruitment.ts), the candidate menu's actions (actions.ts)
 * and candidate notes (notes.ts). Every call reaches a project only through the caller's read
 * ability on it (access.ts) and writes the activity log (logRecruitmentActivity).
 */
import type { Endpoint } from '../../endpoints/define';
import { accessGrantEndpoint } from './accessGrant';
import { actionEndpoints } from './actions';
import { noteEndpoints } from './notes';
import { recruitmentEndpoint } from './recruitment';
import { tabEndpoints } from './tabEndpoints';

export function pipelineEndpoints(): Endpoint[] {
  return [...tabEndpoints, recruitmentEndpoint, accessGrantEndpoint, ...actionEndpoints, ...noteEndpoints];
}
export { projectPlace } from './reach';
export { loadProject, type ProjectRow } from './access';
export { heldSql, savedSearch } from './tabs';
export { queueCuratedEmail } from './curatedEmail';
export { placesOf, reachableIds, requireReach } from './reach';
export { reachesCandidate } from './reachAnywhere';
export { pipelineStatsOfMany, type StageStats } from './stats';
export { moveCandidates } from './recruitment';
export { curateCandidates } from './curation';
export { suggestedLive, type SuggestedChange } from './suggestedLive';
